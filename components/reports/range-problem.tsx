import Link from "next/link";

export function RangeProblem({ message, path, fallback }: { message: string; path: string; fallback: { from: string; to: string } }) {
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">This report address has a problem</p>
      <p className="mt-1">{message}</p>
      <p className="mt-3">
        <Link className="font-medium underline" href={`${path}?from=${fallback.from}&to=${fallback.to}`}>
          Open {fallback.from} to {fallback.to} instead
        </Link>
      </p>
    </div>
  );
}
