// What the demo prints once both servers answer.
import type { DemoCredentials } from "./credentials";

const bold = (text: string) => `\x1b[1m${text}\x1b[0m`;
const dim = (text: string) => `\x1b[2m${text}\x1b[0m`;

type BannerInput = { dashboardUrl: string; credentials: DemoCredentials; credentialsFile: string; dev: boolean };

export function printBanner({ dashboardUrl, credentials, credentialsFile, dev }: BannerInput): void {
  const account = (role: string, credential: DemoCredentials["creator"]) => [
    `  ${bold(role)}${credential.label ? `  ${dim(credential.label)}` : ""}`,
    `    clientId  ${credential.clientId}`,
    `    apiKey    ${credential.apiKey}`,
  ];
  const lines = [
    "",
    bold(`Salesdash demo is running${dev ? " (next dev)" : ""}`),
    "",
    `  Dashboard  ${bold(dashboardUrl)}`,
    `  Sandbox    ${credentials.baseUrl}  ${dim(`(CA: ${credentials.caFile})`)}`,
    "",
    ...account("Creator (full surface)", credentials.creator),
    "",
    ...account("Affiliate (purchases, refunds, chargebacks)", credentials.affiliate),
    "",
    dim(`  All demo credentials, including a second creator and a revoked key: ${credentialsFile}`),
    dim("  Sandbox credentials only: they open nothing but the local sandbox."),
    "",
    "Press Ctrl-C to stop both.",
    "",
  ];
  console.log(lines.join("\n"));
}
