// The sandbox's --credentials-out file, as the demo reads it.
import { readFileSync } from "node:fs";
import { z } from "zod";

const credentialSchema = z.object({ clientId: z.string(), apiKey: z.string(), label: z.string().optional() });

export const demoCredentialsSchema = z.object({
  baseUrl: z.string(),
  caFile: z.string(),
  creator: credentialSchema,
  creator2: credentialSchema.optional(),
  affiliate: credentialSchema,
  revoked: credentialSchema.optional(),
});

export type DemoCredentials = z.infer<typeof demoCredentialsSchema>;

export type CredentialsRead = { ok: true; value: DemoCredentials } | { ok: false; reason: string };

export function readCredentials(path: string): CredentialsRead {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { ok: false, reason: `${path} does not exist yet` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${path} is not valid JSON (yet)` };
  }
  const parsed = demoCredentialsSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, reason: `${path} has an unexpected shape: ${z.prettifyError(parsed.error)}` };
}
