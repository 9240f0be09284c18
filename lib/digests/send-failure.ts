// Why a send (a digest, an alert, a notice, a webhook delivery) failed, as the in-app list keeps it:
// a code and, for some, a value ("mail_refused:550", "webhook_status:503"), so that the list says
// it in the reader's language (components/digests/digest-settings.tsx). Never the mail server's or
// the receiver's own text, which may echo an address. Sends kept before the codes hold English
// sentences: the list shows those as they are.
export const SEND_FAILURES = [
  "mail_refused",
  "mail_unreachable",
  "mail_auth",
  "mail_failed",
  "mail_off",
  "address_unreadable",
  "figures_unreadable",
  "alert_failed",
  "notice_failed",
  "webhook_unreadable",
  "webhook_unusable",
  "webhook_address",
  "webhook_scheme",
  "webhook_credentials",
  "webhook_private",
  "webhook_timeout",
  "webhook_unreachable",
  "webhook_status",
  "webhook_redirect",
] as const;

export type SendFailureCode = (typeof SEND_FAILURES)[number];

export const sendFailure = (code: SendFailureCode, value?: string | number): string => (value === undefined ? code : `${code}:${value}`);

export function parseSendFailure(detail: string): { code: SendFailureCode; value: string } | null {
  const [code, value = ""] = detail.split(":", 2) as [string, string?];
  return (SEND_FAILURES as readonly string[]).includes(code) && /^[\w.-]*$/.test(value) ? { code: code as SendFailureCode, value } : null;
}
