// Issue #14: the frame every report shares (header, controls, chips, problem box, KPI cards)
// in Portuguese for a browser that asks for it: dates as 15 de jun. de 2026, money as R$ 1.234,56 and
// still equal to the sandbox's ground truth.
import { expect, test, type Page } from "./support/test";
import { centsOnScreenPtBR, kpiTruth } from "./support/revenue-truth";
import { RANGE, sandboxCredentials } from "./support/session";
import { ptDay } from "./support/day-spelling";

const creds = sandboxCredentials();
const BRL = /^R\$\s\d{1,3}(\.\d{3})*,\d{2}$/;
const LOAD = { timeout: 60_000 };
const URL = `/revenue?from=${RANGE.from}&to=${RANGE.to}&tz=UTC`;

async function signInInPortuguese(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Chave de API", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/overview");
}

const settled = (page: Page) => expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", LOAD);

test.describe("a browser that asks for Portuguese", () => {
  test.use({ locale: "pt-BR" });

  test("reads the Revenue report's header, controls and KPI cards in Portuguese, money exact in Brazilian format", async ({ page }) => {
    await signInInPortuguese(page);
    await page.goto(URL);
    await settled(page);
    const range = page.getByTestId("report-range");
    await expect(range).toContainText("9 de jun. de 2026 a 15 de jun. de 2026 (UTC)");
    await expect(range).toContainText("comparado com 2 de jun. de 2026 a 8 de jun. de 2026");

    await expect(page.getByRole("group", { name: "Períodos predefinidos" }).getByRole("button", { name: /Últimos 7 dias/ })).toBeVisible();
    await expect(page.getByLabel("De", { exact: true })).toHaveValue(ptDay(RANGE.from));
    await expect(page.getByLabel("Até (inclusive)")).toHaveValue(ptDay(RANGE.to));
    await expect(page.getByLabel("Comparar com").locator("option:checked")).toHaveText("Período anterior");
    await expect(page.getByLabel("Granularidade").locator("option:checked")).toHaveText("Dia");
    await expect(page.getByRole("combobox", { name: /^Moeda/ }).locator("option:checked")).toHaveText("Todas, cada uma separada");

    const truth = kpiTruth("creator", RANGE.from, RANGE.to).get("brl")!;
    const card = page.getByTestId("kpi-brl-transactionAmount");
    await expect(card).toHaveText(BRL);
    expect(centsOnScreenPtBR(await card.textContent())).toBe(truth.cents.amountTransaction);
    const cards = page.getByRole("region", { name: "Números em BRL" });
    await expect(cards.locator("dt").first()).toHaveText("Valor das transações");
    await expect(cards.locator("dt", { hasText: "Ticket médio" })).toHaveCount(1);
    await expect(cards).not.toContainText("vs comparison");
  });

  test("shows the filter chips and the URL's problems in Portuguese", async ({ page }) => {
    await signInInPortuguese(page);
    await page.goto(`${URL}&method=pix&currency=xyz`);
    const problem = page.getByTestId("params-problem");
    await expect(problem).toContainText("O endereço deste relatório tem um problema");
    await expect(problem).toContainText("“xyz” não é uma moeda (currency=xyz)");
    await problem.getByRole("link", { name: "Abrir o relatório válido mais próximo" }).click();
    await page.waitForURL((u) => u.pathname === "/revenue" && !u.searchParams.has("currency"));
    await settled(page);
    const chips = page.getByRole("region", { name: "Filtros ativos" });
    await expect(chips.getByRole("button", { name: "Remover filtro Forma de pagamento: Pix" })).toBeVisible();
    await expect(page.getByTestId("report-zone")).toHaveText(/^Horários em UTC/);
  });
});
