// Issue #14 for the Orders and Abandonment reports: a browser that asks for Portuguese reads
// their headings, panels, decline explanations and weekday names in Portuguese, money the
// Brazilian way, and none of their English sentences.
import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { currencyOfOffer } from "./support/offer-currency";
import { SANDBOX_NOW, sandboxCredentials } from "./support/session";

const creds = sandboxCredentials();

async function signInInPortuguese(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Chave de API", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/overview");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
}
const BRL = /R\$\s?\d{1,3}(?:\.\d{3})*,\d{2}/;
const FROM = "2026-05-01";
const TO = "2026-06-15";
const AFTER_TO = "2026-06-16";

type Tree = { [key: string]: string | Tree };

const messages = <T>(locale: "en" | "pt-BR", namespace: string): T => JSON.parse(fs.readFileSync(`lib/i18n/messages/${locale}/${namespace}.json`, "utf8")) as T;
interface AbandonmentWords extends Tree { declines: Tree & { text: Record<string, { explanation: string; whatToDo: string }> }; definitions: Record<string, string> }
const enOrders = messages<Tree>("en", "orders");
const ptOrders = messages<Tree>("pt-BR", "orders");
const enAbandonment = messages<AbandonmentWords>("en", "abandonment");
const ptAbandonment = messages<AbandonmentWords>("pt-BR", "abandonment");

/** Pairs of (English, Portuguese) leaves at the same key. */
function leaves(en: Tree, pt: Tree): Array<[string, string]> {
  return Object.entries(en).flatMap(([key, value]): Array<[string, string]> => {
    const other = pt[key];
    if (typeof value === "string") return typeof other === "string" ? [[value, other]] : [];
    return other && typeof other !== "string" ? leaves(value, other) : [];
  });
}

/** The English runs of a namespace that Portuguese words differently, cut at their placeholders, of two words or more. */
function englishRuns(en: Tree, pt: Tree): string[] {
  const runs = leaves(en, pt)
    .filter(([e, p]) => e !== p && !/, (plural|select)/.test(e))
    .flatMap(([e]) => e.split(/\{[^{}]*\}/))
    .map((run) => run.replace(/^[\s·:,()"]+|[\s·:,()"]+$/g, ""))
    .filter((run) => run.split(/\s+/).length >= 2);
  return [...new Set(runs)];
}

/** The page's visible text without the key-figure tiles (the shared frame words those). */
async function panelsText(page: Page, kpiSection: string): Promise<string> {
  return page.evaluate((selector) => {
    const grids = [...document.querySelectorAll<HTMLElement>(`${selector} > div`)];
    for (const grid of grids) grid.style.display = "none";
    const text = document.body.innerText;
    for (const grid of grids) grid.style.display = "";
    return text;
  }, kpiSection);
}

/** "R$ 1.234,56" in cents. */
const brlCents = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", ""));

test.describe("Orders and Abandonment in a browser that asks for Portuguese", () => {
  test.use({ locale: "pt-BR" });

  test("Orders: headings, fulfilment panels and counts in Portuguese, no English sentence left", async ({ page }) => {
    await signInInPortuguese(page);
    await page.goto(`/orders?from=${FROM}&to=${TO}&compare=none`);
    const truth = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", FROM, AFTER_TO);
    const delivered = truth.filter((o) => o.lastTrackingMilestone === "delivered").length;
    const digital = truth.filter((o) => !o.lastTrackingMilestone).length;
    await expect(page.getByRole("heading", { level: 2, name: "Entrega" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Por etapa de rastreio/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Por transportadora/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Da conclusão à entrega/ })).toBeVisible();
    await expect(page.getByTestId("delivery-times")).toContainText(`${delivered.toLocaleString("pt-BR")} entregues · mediana de `);
    await expect(page.getByText(`${digital.toLocaleString("pt-BR")} pedidos de produtos digitais não precisam de envio.`)).toBeVisible();
    await expect(page.getByRole("link", { name: "CSV de todos os pedidos" })).toBeVisible();

    const text = await panelsText(page, 'section[aria-labelledby="orders-kpis"]');
    const runs = englishRuns(enOrders, ptOrders);
    expect(runs.length).toBeGreaterThan(5);
    expect(runs.filter((run) => text.includes(run))).toEqual([]);
  });

  test("Abandonment: panels, decline explanations, weekday names and recovered money in Portuguese", async ({ page }) => {
    await signInInPortuguese(page);
    await page.goto(`/abandonment?from=${FROM}&to=${TO}&compare=none`);
    const carts = groundTruth({ now: SANDBOX_NOW }, "creator", "abandoned-carts", FROM, AFTER_TO);
    const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", FROM, AFTER_TO);
    const currencyOf = currencyOfOffer(purchases);

    await expect(page.getByRole("heading", { level: 2, name: "Funil de checkout" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /Por que os pagamentos falham/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Onde e quando" })).toBeVisible();
    await expect(page.getByTestId("funnel").getByRole("columnheader")).toHaveText(["Grupo", "Checkout carregado", "Sessão iniciada", "Primeira tentativa de pagamento", "Primeira aprovação", "Comprado"]);

    // The most frequent decline code of the range, explained in Portuguese.
    const byCode = new Map<string, number>();
    for (const c of carts) if (typeof c.lastDeclineCode === "string" && c.lastDeclineCode) byCode.set(c.lastDeclineCode, (byCode.get(c.lastDeclineCode) ?? 0) + 1);
    const [top] = [...byCode].sort((a, b) => b[1] - a[1])[0]!;
    const texts = ptAbandonment.declines.text;
    const expected = texts[top] ?? texts.generic!;
    const codes = page.getByTestId("decline-codes");
    await expect(codes).toContainText(expected.explanation);
    await expect(codes).toContainText(expected.whatToDo);
    await expect(codes.getByRole("columnheader")).toHaveText(["Código de recusa", "Carrinhos", "Valor", "O que significa", "O que você pode fazer"]);

    await expect(page.getByTestId("heatmap").locator("tbody th")).toHaveText(["seg.", "ter.", "qua.", "qui.", "sex.", "sáb.", "dom."]);

    // The value recovered in BRL, written the Brazilian way, equals the sandbox's.
    const recovered = carts.filter((c) => c.isRecovered && currencyOf(String(c.offerCode)) === "brl");
    const summary = (await page.getByTestId("recovery-summary").textContent()) ?? "";
    const allRecovered = carts.filter((c) => c.isRecovered === true).length;
    expect(summary).toContain(`${allRecovered.toLocaleString("pt-BR")} recuperados · mediana de `);
    const figure = summary.match(BRL)?.[0];
    expect(figure, summary).toBeDefined();
    expect(brlCents(figure!)).toBe(recovered.reduce((s, c) => s + Math.round(Number(c.amountTransaction) * 100), 0));

    // The carts table's money too.
    await expect(page.getByTestId("cart-row").first()).toContainText(/(R\$|US\$)\s?\d{1,3}(\.\d{3})*,\d{2}/);
    await expect(page.getByTestId("cart-row").first().getByRole("cell", { name: /^(sim|não)$/ })).toHaveCount(1);

    await page.getByText("Como estes números são definidos").click();
    await expect(page.getByText(ptAbandonment.definitions.recoveryRate!)).toBeVisible();
    const text = await panelsText(page, 'section[aria-labelledby="ab-kpis"]');
    const runs = englishRuns(enAbandonment, ptAbandonment);
    expect(runs.length).toBeGreaterThan(40);
    expect(runs.filter((run) => text.includes(run))).toEqual([]);
  });
});
