/** The Salesdash mark: three rising bars on a rounded tile. Decorative. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="salesdash-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#10b981" />
          <stop offset="1" stopColor="#0d9488" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#salesdash-mark)" />
      <rect x="8" y="17" width="4" height="7" rx="1.5" fill="white" fillOpacity="0.75" />
      <rect x="14" y="12" width="4" height="12" rx="1.5" fill="white" fillOpacity="0.9" />
      <rect x="20" y="7" width="4" height="17" rx="1.5" fill="white" />
    </svg>
  );
}
