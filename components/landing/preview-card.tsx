import { useTranslations } from "next-intl";

// A decorative sketch of the dashboard to come (hidden from screen readers): shapes, not data.
const tiles = ["revenue", "orders", "refunds"] as const;
const rows = ["w-28", "w-20", "w-24"];

function Bar({ className }: { className: string }) {
  return <span className={`block h-2 rounded-full bg-zinc-200 dark:bg-zinc-700/70 ${className}`} />;
}

export function PreviewCard() {
  const t = useTranslations("landing");
  return (
    <div
      aria-hidden="true"
      className="rounded-2xl border border-zinc-200 bg-white/80 p-5 shadow-xl shadow-emerald-900/5 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-black/30"
    >
      <div className="flex items-center justify-between">
        <Bar className="w-24" />
        <div className="flex gap-1.5">
          <span className="h-5 w-10 rounded-md bg-zinc-100 dark:bg-zinc-800" />
          <span className="h-5 w-10 rounded-md bg-emerald-100 dark:bg-emerald-500/20" />
          <span className="h-5 w-10 rounded-md bg-zinc-100 dark:bg-zinc-800" />
        </div>
      </div>

      <div className="mt-5 grid grid-cols-3 gap-3">
        {tiles.map((tile) => (
          <div key={tile} className="rounded-xl border border-zinc-100 p-3 dark:border-zinc-800">
            <p className="text-[11px] font-medium text-zinc-600 dark:text-zinc-400">{t(`previewTiles.${tile}`)}</p>
            <span className="mt-2 block h-3.5 w-14 rounded bg-zinc-300 dark:bg-zinc-600" />
            <span className="mt-2 block h-1.5 w-8 rounded-full bg-emerald-300 dark:bg-emerald-500/60" />
          </div>
        ))}
      </div>

      <svg viewBox="0 0 320 120" className="mt-5 h-32 w-full" preserveAspectRatio="none">
        <defs>
          <linearGradient id="preview-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#10b981" stopOpacity="0.35" />
            <stop offset="1" stopColor="#10b981" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[30, 60, 90].map((y) => (
          <line key={y} x1="0" x2="320" y1={y} y2={y} className="stroke-zinc-100 dark:stroke-zinc-800" strokeWidth="1" />
        ))}
        <path
          d="M0 96 C 30 90, 45 70, 70 74 S 110 92, 135 70 S 175 40, 200 52 S 245 62, 265 36 S 300 18, 320 14 L 320 120 L 0 120 Z"
          fill="url(#preview-area)"
        />
        <path
          d="M0 96 C 30 90, 45 70, 70 74 S 110 92, 135 70 S 175 40, 200 52 S 245 62, 265 36 S 300 18, 320 14"
          fill="none"
          stroke="#10b981"
          strokeWidth="2.5"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>

      <div className="mt-4 space-y-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        {rows.map((width, index) => (
          <div key={index} className="flex items-center gap-3">
            <span className="size-6 rounded-full bg-zinc-100 dark:bg-zinc-800" />
            <Bar className={width} />
            <Bar className="ml-auto w-12" />
          </div>
        ))}
      </div>
    </div>
  );
}
