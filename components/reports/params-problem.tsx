import Link from "next/link";

// A malformed or out-of-range report address: what is wrong, and the nearest valid report.
export function ParamsProblem({ problems, href }: { problems: string[]; href: string }) {
  return (
    <div role="alert" data-testid="params-problem" className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">This report address has a problem</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((p) => <li key={p}>{p}</li>)}
      </ul>
      <p className="mt-3">
        <Link className="font-medium underline" href={href}>Open the nearest valid report</Link>
      </p>
    </div>
  );
}
