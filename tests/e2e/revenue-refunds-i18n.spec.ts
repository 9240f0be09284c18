// Issue #14: the Revenue and Refunds & chargebacks reports, and their charts, in a browser that
// asks for Portuguese: words from the revenue, refunds and charts messages, money as `R$ 1.234,56`
// equal to the ground truth, days the Portuguese way (26 de nov. de 2024), and none of those screens' English left.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { RANGE, SANDBOX_NOW, sandboxCredentials } from "./support/session";
import { ptDay } from "./support/day-spelling";

const creds = sandboxCredentials();
const BRL = /^[-−]?R\$\s?\d{1,3}(\.\d{3})*,\d{2}$/;
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
/** "R$ 1.234,56" → 123456: a pt-BR amount always has two decimals after its comma. */
const brazilianCents = (text: string | null) => (/^\s*[-−]/.test(text ?? "") ? -1 : 1) * Number((text ?? "").replace(/\D/g, ""));

function messages(locale: string, ns: string): unknown {
  return JSON.parse(readFileSync(`lib/i18n/messages/${locale}/${ns}.json`, "utf8"));
}
const leaves = (node: unknown): string[] => (typeof node === "string" ? [node] : Object.values(node as object).flatMap(leaves));

/** The English runs of two words or more, of each message of these screens whose Portuguese differs. */
function englishRuns(): string[] {
  const runs = new Set<string>();
  for (const ns of ["revenue", "refunds", "charts"]) {
    const en = leaves(messages("en", ns));
    const pt = leaves(messages("pt-BR", ns));
    en.forEach((value, i) => {
      if (value === pt[i] || value.includes(", select,")) return;
      for (const run of value.split(/\{[^{}]*\}/)) {
        const words = run.replace(/^[\s·:(),.]+|[\s·:(),.]+$/g, "");
        if (words.split(/\s+/).length >= 2) runs.add(words);
      }
    });
  }
  return [...runs];
}

// The report's header and body: the filters and the key figures' labels belong to the shared report frame.
async function textOfTheseScreens(page: Page): Promise<string> {
  return page.evaluate(() => {
    const grids = [...document.querySelectorAll<HTMLElement>('section[aria-labelledby="kpi-title"] > :not(:first-child), section[aria-labelledby="rf-kpis"] > :not(h2)')];
    grids.forEach((g) => (g.style.display = "none"));
    const text = [...document.querySelectorAll<HTMLElement>('[data-report] > header, [data-testid="report-body"]')].map((e) => e.innerText).join("\n");
    grids.forEach((g) => (g.style.display = ""));
    return text;
  });
}

async function signInInPortuguese(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Chave de API", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/overview");
}

test.describe("Revenue and Refunds in Portuguese", () => {
  test.use({ locale: "pt-BR" });

  test("Revenue: headings, charts, funds and purchases in Portuguese, money and days the Brazilian way, equal to the ground truth", async ({ page }) => {
    test.setTimeout(180_000);
    await signInInPortuguese(page);
    await page.goto(`/revenue?from=${RANGE.from}&to=${RANGE.to}&granularity=day`);
    await expect(page.getByRole("heading", { level: 1, name: "Faturamento" })).toBeVisible({ timeout: 60_000 });
    for (const name of ["Números principais", "Valor da transação ao longo do tempo", "De onde vem", "Produto principal vs order bump, upsell e downsell", "Sua parte líquida a ser liberada"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 3, name: /^Por forma de pagamento · BRL/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Baixar tudo (ZIP de CSVs)" })).toBeVisible();
    await expect(page.getByTestId("attach-brl-upsell")).toHaveText(/^\d+,\d%$/);

    const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", RANGE.from, "2026-06-16").filter((p) => p.currency === "brl");
    // The funds table starts at the server's today, whichever it is: its rows together hold every scheduled net share.
    const scheduled = purchases.filter((p) => p.incomingAvailableAt);
    expect(scheduled.length).toBeGreaterThan(0);
    await expect(page.getByTestId("funds-brl-available").getByRole("rowheader")).toHaveText("Já disponível");
    const amounts = await page.locator('[data-testid^="funds-brl-"]').getByRole("cell").allTextContents();
    expect(amounts.length).toBe(10);
    for (const amount of amounts) expect(amount).toMatch(BRL);
    expect(amounts.reduce((sum, amount) => sum + brazilianCents(amount), 0)).toBe(scheduled.reduce((s, p) => s + cents(p.amountCreatorNet), 0));
    // A week is named by its Monday, written as every Portuguese day is (23 de nov. de 2026).
    const firstWeek = page.locator('[data-testid^="funds-brl-"]').nth(1);
    const monday = (await firstWeek.getAttribute("data-testid"))!.replace("funds-brl-", "");
    await expect(firstWeek.getByRole("rowheader")).toHaveText(`Semana de ${ptDay(monday)}`);
    await expect(page.getByTestId("funds-brl-later").getByRole("rowheader")).toHaveText("Depois de 8 semanas");

    // The chart's values, for screen readers, in reais: a day's sales equal the ground truth.
    const chart = page.getByRole("figure", { name: "Valor da transação ao longo do tempo em BRL" });
    const day = chart.getByTestId("over-time-values").locator('tr[data-bucket="2026-06-10"]');
    await expect(day.locator("td")).toHaveText(BRL, { timeout: 60_000 });
    const onDay = purchases.filter((p) => String(p.checkoutInitializedAt).startsWith("2026-06-10"));
    expect(brazilianCents(await day.locator("td").textContent())).toBe(onDay.reduce((s, p) => s + cents(p.amountTransaction), 0));
    await expect(chart.locator(".recharts-legend-wrapper")).toContainText("Período de comparação");
    await expect(page.getByRole("figure", { name: "Por produto em BRL" })).toBeVisible();

    const table = page.getByRole("region", { name: "Compras", exact: true });
    for (const name of ["Produto", "Tipo", "Pagamento", "País", "Valor da transação"]) await expect(table.getByRole("columnheader", { name: new RegExp(`^${name}`) }).first()).toBeVisible();

    const text = await textOfTheseScreens(page);
    expect(text).toContain("De onde vem");
    expect(englishRuns().filter((run) => text.includes(run))).toEqual([]);
  });

  test("Refunds: headings, days to refund, delivery and records in Portuguese, and no English of the screen", async ({ page }) => {
    test.setTimeout(180_000);
    await signInInPortuguese(page);
    await page.goto(`/refunds?from=2026-05-01&to=2026-05-31&compare=none`);
    await expect(page.getByRole("heading", { level: 1, name: "Reembolsos e chargebacks" })).toBeVisible({ timeout: 60_000 });
    for (const name of ["Números principais", "O que é reembolsado (pela data da venda)", "Reembolsos de pedidos enviados"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible({ timeout: 60_000 });
    }
    await expect(page.getByRole("heading", { level: 2, name: /^Dias da compra à solicitação de reembolso/ })).toBeVisible();
    await expect(page.getByTestId("days-to-refund").locator("li")).toHaveText([/^0–1 dias: \d+$/, /^2–7 dias: \d+$/, /^8–14 dias: \d+$/, /^15–30 dias: \d+$/, /^mais de 30 dias: \d+$/]);
    await expect(page.getByTestId("refund-delivery")).toContainText(/^\d+ solicitados antes da entrega · \d+ depois · por fornecedor: /);
    await expect(page.getByTestId("dating")).toContainText("Datado pela venda original.");
    await expect(page.getByRole("link", { name: "Datar pela solicitação" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: /^Por produto · BRL/ })).toBeVisible();
    await expect(page.getByRole("figure", { name: "Por produto em BRL" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Registros de reembolso", exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Registros de chargeback e alerta", exact: true })).toBeVisible();

    const text = await textOfTheseScreens(page);
    expect(englishRuns().filter((run) => text.includes(run))).toEqual([]);
  });
});
