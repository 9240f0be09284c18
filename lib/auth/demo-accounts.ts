import "server-only";

// In the demo, the sign-in page offers the sandbox's accounts. Their keys open nothing but
// the local sandbox; the panel exists only when the demo points us at its credentials file.
import fs from "node:fs";
import { z } from "zod";
import { getServerEnv } from "@/lib/env";

const accountSchema = z.object({ clientId: z.string(), apiKey: z.string(), label: z.string().optional() });
const fileSchema = z.object({ creator: accountSchema, affiliate: accountSchema });

export interface DemoAccount { role: "creator" | "affiliate"; label: string; clientId: string; apiKey: string }

export function getDemoAccounts(): DemoAccount[] {
  const file = getServerEnv().SALESDASH_DEMO_CREDENTIALS_FILE;
  if (!file) return [];
  try {
    const parsed = fileSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
    return (["creator", "affiliate"] as const).map((role) => ({ role, label: parsed[role].label ?? role, clientId: parsed[role].clientId, apiKey: parsed[role].apiKey }));
  } catch {
    return [];
  }
}
