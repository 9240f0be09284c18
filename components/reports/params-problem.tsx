import Link from "next/link";
import { useTranslations } from "next-intl";
import { paramIssueText, type ParamIssue } from "@/lib/report-params/param-issues";
import { warning } from "@/components/ui/surface";

// A malformed or out-of-range report address: what is wrong, and the nearest valid report.
// Rendered on the server (the report pages) in the reader's language.
export function ParamsProblem({ issues, href }: { issues: ParamIssue[]; href: string }) {
  const t = useTranslations("report.problem");
  const words = useTranslations("report.problems") as unknown as (key: string, values: Record<string, string>) => string;
  const sentences = issues.map((issue) => paramIssueText(issue, words));
  return (
    <div role="alert" data-testid="params-problem" className={warning("p-5 text-sm")}>
      <p className="font-semibold">{t("title")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {sentences.map((p) => <li key={p}>{p}</li>)}
      </ul>
      <p className="mt-3">
        <Link className="font-medium underline" href={href}>{t("nearest")}</Link>
      </p>
    </div>
  );
}
