// Server actions as a hand-made request meets them (raw HTTP, no browser): a missing or foreign
// Origin and a body over 1 MB are refused in the actions' own result shape, never with a 500.
import { expect, test, type APIResponse } from "./support/test";
import { DASHBOARD_URL } from "./support/sandbox";

// Any action id: the refusals come before Next looks the action up.
const ACTION_HEADERS = { "next-action": "7f".padEnd(42, "0"), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" };
const BODY = JSON.stringify([{ token: "x", password: "y" }]);

async function expectTypedRefusal(response: APIResponse, status: number, code: string): Promise<void> {
  expect(response.status()).toBe(status);
  const body = (await response.json()) as { ok: boolean; error: { code: string; message: string; correlation_id?: string } };
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/nothing was done/);
  expect(body.error.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
}

test("an action without Origin is refused with a typed 403", async ({ request }) => {
  await expectTypedRefusal(await request.post("/sign-in", { headers: ACTION_HEADERS, data: BODY }), 403, "foreign_origin");
});

test("an action from another origin is refused with a typed 403", async ({ request }) => {
  for (const origin of ["https://evil.example", "null", DASHBOARD_URL.replace("127.0.0.1", "localhost")]) {
    await expectTypedRefusal(await request.post("/sign-in", { headers: { ...ACTION_HEADERS, origin }, data: BODY }), 403, "foreign_origin");
  }
  // A form posted without JavaScript carries no Next-Action header, and is held to the same rule.
  const form = await request.post("/sign-in", { headers: { origin: "https://evil.example" }, form: { $ACTION_ID_x: "" } });
  await expectTypedRefusal(form, 403, "foreign_origin");
});

test("a 5 MB action body is refused with a typed 413 before it is read", async ({ request }) => {
  const big = "x".repeat(5 * 1024 * 1024);
  await expectTypedRefusal(await request.post("/sign-in", { headers: { ...ACTION_HEADERS, origin: DASHBOARD_URL }, data: big }), 413, "payload_too_large");
});

test("an action of our own origin is not refused by the guard", async ({ request }) => {
  // An unknown action id: Next answers it itself (not found), not a refusal and not a 500.
  const response = await request.post("/sign-in", { headers: { ...ACTION_HEADERS, origin: DASHBOARD_URL }, data: BODY });
  expect(response.status()).not.toBe(500);
  expect(response.status()).not.toBe(403);
});
