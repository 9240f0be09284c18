// Issue #14: English and Portuguese (Brazil). The language comes from the browser
// (Accept-Language) until the switch chooses one, which a cookie then keeps; money is written
// the Brazilian way in pt-BR.
import { expect, test, type Page } from "./support/test";
import { parse } from "csv-parse/sync";
import { RANGE, REVENUE_URL, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();

async function signInInPortuguese(page: Page, apiKey: string): Promise<void> {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Entre com a sua credencial da API" })).toBeVisible();
  await page.getByLabel("Chave de API", { exact: true }).fill(apiKey);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test.describe("a browser that asks for Portuguese", () => {
  test.use({ locale: "pt-BR" });

  test("reads the landing page, the sign-in page and the shell in Portuguese", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByText("Análise de vendas para produtores e afiliados")).toBeVisible();
    await expect(page.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/sign-in");
    await expect(page.getByRole("status").filter({ hasText: "API de origem" })).toHaveText("API de origem: operando");
    await expect(page.getByLabel("Idioma")).toHaveValue("pt-BR");

    await signInInPortuguese(page, creds.creator.apiKey);
    await page.waitForURL("**/overview");
    await expect(page).toHaveTitle(/Salesdash/);
    const nav = page.getByRole("navigation", { name: "Relatórios" });
    await expect(nav.getByRole("link")).toHaveText(["Visão geral", "Faturamento", "Pedidos", "Abandono", "Reembolsos e chargebacks", "Afiliados", "Recebimentos"]);
    await expect(page.getByTestId("account-label")).toHaveText(/^Chave ····.{4} · produtor$/);
    await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
    await page.getByTestId("account-menu").click();
    await expect(page.getByText("Moeda presumida para vendas sem moeda")).toBeVisible();
    await expect(page.getByRole("button", { name: "Esquecer meus dados" })).toBeVisible();
    await expect(page.getByTestId("kept-key-keep")).toHaveText("Manter minha chave neste servidor para resumos e alertas");
  });

  test("is told in Portuguese that a key was refused, with the reference kept", async ({ page }) => {
    await signInInPortuguese(page, creds.revoked.apiKey);
    const error = page.locator("#sign-in-error");
    await expect(error).toContainText("Esta credencial não foi aceita");
    await expect(error).toHaveText(/\(referência [\w-]+\)$/);
  });

  test("reads the storage-unavailable, session-ended and forbidden pages in Portuguese", async ({ page }) => {
    await page.goto("/sign-in?reason=forgotten");
    await expect(page.getByTestId("session-ended")).toHaveText(/^Você saiu, e a cópia dos registros da sua conta/);
    await signInInPortuguese(page, creds.affiliate.apiKey);
    await page.waitForURL("**/overview");
    await page.goto("/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Este relatório exige uma chave de produtor" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar ao seu faturamento" })).toHaveAttribute("href", "/revenue");
    await page.context().clearCookies();
    await page.goto("/unavailable?ref=abc-123");
    await expect(page).toHaveTitle("Armazenamento indisponível · Salesdash");
    await expect(page.getByText("Referência:")).toBeVisible();
    await expect(page.getByRole("link", { name: "Tentar novamente" })).toBeVisible();
    await page.goto("/sign-in");
    await expect(page).toHaveTitle("Entrar · Salesdash");
  });
});

test("the switch in the account menu changes the language, the choice survives a reload, and English comes back", async ({ page, context }) => {
  await page.goto("/sign-in");
  await page.getByLabel("API key", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview");
  await page.goto(REVENUE_URL);
  await expect(page.getByRole("navigation", { name: "Reports" })).toBeVisible();

  await page.getByTestId("account-menu").click();
  await page.getByLabel("Language").selectOption("pt-BR");
  await expect(page.getByRole("navigation", { name: "Relatórios" }).getByRole("link", { name: "Faturamento" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "salesdash-locale")?.value).toBe("pt-BR");
  // The address is unchanged: a report's URL carries no language.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(REVENUE_URL);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();

  await page.getByTestId("account-menu").click();
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Revenue" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("the switch on the sign-in page works before signing in", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Language").selectOption("pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Entre com a sua credencial da API" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
});

test("a CSV export stays dot-decimal by default, and ?csvLocale=pt-BR writes the same cells with ';' and decimal commas", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const url = `/api/export/revenue/purchases?from=${RANGE.from}&to=${RANGE.to}`;
  const plain = await page.request.get(url);
  const brazilian = await page.request.get(`${url}&csvLocale=pt-BR`);
  expect(plain.status()).toBe(200);
  expect(brazilian.status()).toBe(200);
  const a = parse(await plain.text(), { bom: true }) as string[][];
  const b = parse(await brazilian.text(), { bom: true, delimiter: ";" }) as string[][];
  expect(b[0]).toEqual(a[0]);
  expect(b.length).toBe(a.length);
  expect(a.length).toBeGreaterThan(1);
  const amount = a[0]!.findIndex((h) => /amount/i.test(h));
  expect(amount).toBeGreaterThanOrEqual(0);
  expect(a.slice(1).some((row) => /^-?\d+\.\d{2}$/.test(row[amount]!))).toBe(true);
  for (let i = 1; i < a.length; i++) {
    expect(b[i]![amount]).toBe(a[i]![amount]!.replace(".", ","));
  }
  expect((await page.request.get(`${url}&csvLocale=xx`)).status()).toBe(400);
});
