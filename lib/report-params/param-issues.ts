// A problem of a report URL as a code and its values, so the page words it in the reader's
// language (messages `report.problems`); its English sentence, from the same messages, is what
// the API's error bodies and the logs say.
// use-intl/core, not next-intl: the same translator without React, so the bench scripts run this
// module in plain Node under --conditions=react-server (next-intl there asked for useEffect).
import { createTranslator } from "use-intl/core";
// Only the `report.problems` file: all of `report` would ship to the browser with the parser.
import problems from "@/lib/i18n/messages/en/report-problems.json";

export type ParamIssueCode = keyof typeof problems;
export interface ParamIssue { code: ParamIssueCode; values: Record<string, string> }

export const paramIssue = (code: ParamIssueCode, values: Record<string, string | number>): ParamIssue => ({
  code,
  // Numbers as written in the URL (no locale grouping): they name what to type.
  values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
});

type IssueTranslator = (key: string, values: Record<string, string>) => string;
let english: IssueTranslator | null = null;

/** The sentence of an issue: in English, or with a `report.problems` translator of another language. */
export function paramIssueText(issue: ParamIssue, t?: IssueTranslator): string {
  english ??= createTranslator({ locale: "en", messages: { problems } as never, namespace: "problems" as never }) as unknown as IssueTranslator;
  return (t ?? english)(issue.code, issue.values);
}
