import "server-only";

// The purchases fact table in PostgreSQL, shared by every instance. Same contract as
// SqlitePurchaseFactStore, answer for answer (lib/store/purchase-fact-store.ts); the methods are
// AsyncPurchaseFactStore's, over the table's PostgresFactTableStore, but for the filter bar's
// choices, the currency decision's counts, the Affiliates' and Refunds' sums and the payout
// calendar's sales, read from the days' marks (day-tallies.ts, payout-day-texts.ts), and the
// summary, read from its rows selected once.
import type { Pool } from "pg";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import { AsyncPurchaseFactStore } from "../async-purchase-fact-store";
import {
  affiliateGroupsOf, PARALLEL_FILL, payoutColumnsToMove, PURCHASE_PAGE, affiliateStatements, offerCurrencyOf, offerCurrencyStatement, orderGroupOf, orderStatement, ROW_COLUMNS, rowValues, selectionStatement, summaryGroupsOf, summaryStatements,
  type AffiliateOrderRecord, type AffiliateSumRecord, type DimRecord, type FundRecord, type LabelRecord, type OfferCurrencyRecord, type OrderRecord, type SlotRecord,
} from "../purchase-fact-sql";
import type { FactAffiliateGroups, FactOfferCurrency, FactPage, FactPageRequest, FactRefundGroups, FactPurchaseChoices, FactSummaryGroups, PurchaseFactPlan, PurchaseFactRow, PurchaseSummaryPlan } from "../purchase-fact-store";
import { choicesOfRows } from "../purchase-choice-sql";
import { affiliateSumsOfTallies, choicesOfTallies, offerCurrenciesOfTallies, pageCountOfTallies, refundGroupsOfTallies, salesOfTallies, tallyDayStatement } from "./day-tallies";
import { refundGroupsOf, refundStatements, saleOf, salesOfStatement, type RefundCellRecord, type RefundLabelRecord, type RefundSumRecord, type SaleRecord } from "../refund-fact-sql";
import { saleColumnsOf, saleColumnsToMove, type FactSaleColumns } from "../fact-sale-columns";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import { payoutColumnsOfDayTexts, payoutDayTexts } from "./payout-day-texts";
import type { PostgresPoolOptions } from "./pool";

/** The purchases fact table (the carts' store reads it beside its own: cart-panel-sql.ts). */
export const PURCHASE_FACTS = "salesdash_purchase_facts";
/** Its days' marks, whose `repeats` and `checkout_repeats` the carts' panels read too. */
export const PURCHASE_FACT_DAYS = "salesdash_purchase_fact_days";

const TABLES = { rows: PURCHASE_FACTS, days: PURCHASE_FACT_DAYS };

/** A summary's rows, read once (summarize). */
const SELECTION = "purchase_selection";

export class PostgresPurchaseFactStore extends AsyncPurchaseFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super(
      new PostgresFactTableStore<PurchaseFactRow>(
        { rows: PURCHASE_FACTS, columns: ROW_COLUMNS, days: PURCHASE_FACT_DAYS, valuesOf: rowValues, key: "purchase_id", frontCheckouts: true, dayTallies: tallyDayStatement(PURCHASE_FACTS, PURCHASE_FACT_DAYS) },
        connection,
        options,
      ),
    );
  }

  /**
   * The plan's rows read from the table once, into a temporary table of the transaction, and every
   * aggregate grouped from that, one after the other on one connection: as SQLite does. Five
   * statements side by side, each reading the range from the table (the shared store's way), took
   * 3-4 s each on two cores for two years at scale 20 with one product (docs/benchmarks.md).
   * The fill's read is given to parallel workers (PARALLEL_FILL).
   */
  override summarize(account: string, plan: PurchaseSummaryPlan): Promise<FactSummaryGroups> {
    return this.facts.kept(account, ["summarize", plan], () =>
      this.facts.scratchRead(async (reader) => {
        await reader.all({ text: PARALLEL_FILL.before, args: [] });
        await reader.all(selectionStatement("postgres", PURCHASE_FACTS, account, plan, SELECTION, true));
        await reader.all({ text: PARALLEL_FILL.after, args: [] });
        const statements = summaryStatements("postgres", PURCHASE_FACTS, account, plan, SELECTION);
        const rows = {
          slots: await reader.all<SlotRecord>(statements.slots),
          dims: await reader.all<DimRecord>(statements.dims),
          labels: await reader.all<LabelRecord>(statements.labels),
          funds: await reader.all<FundRecord>(statements.funds),
        };
        return summaryGroupsOf(rows, (await reader.all<OrderRecord>(orderStatement("postgres", PURCHASE_FACTS, account, plan, SELECTION))).map(orderGroupOf));
      }),
    );
  }

  /** The count of a range without filters from its days' marks and the rows of the days its instants cut (day-tallies.ts), else from the rows. */
  override purchasePage(account: string, request: FactPageRequest): Promise<FactPage> {
    return this.facts.page(PURCHASE_PAGE, account, request, (reader) => pageCountOfTallies(reader, TABLES, account, request.plan));
  }

  /** From the days' tallies and, where a day has none or is cut by the range's instants, its rows (AsyncPurchaseFactStore's reads). */
  override choices(account: string, plan: PurchaseFactPlan): Promise<FactPurchaseChoices> {
    return this.facts.kept(account, ["choices", plan], () =>
      this.facts.scratchRead(async (reader) => (await choicesOfTallies(reader, TABLES, account, plan)) ?? (await choicesOfRows(reader, "postgres", PURCHASE_FACTS, account, plan))),
    );
  }

  /** The sums from the days' sales sums where the plan has no filter (day-tallies.ts), else from the rows; the orders from the rows; one snapshot. */
  override affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups> {
    return this.facts.kept(account, ["affiliateGroups", plan], () =>
      this.facts.snapshotRead(async (reader) => {
        const statements = affiliateStatements("postgres", PURCHASE_FACTS, account, plan);
        const sums = (await affiliateSumsOfTallies(reader, TABLES, account, plan)) ?? (await reader.all<AffiliateSumRecord>(statements.sums));
        return affiliateGroupsOf({ sums, orders: await reader.all<AffiliateOrderRecord>(statements.orders) });
      }),
    );
  }

  /** From the days' sales sums and refund cells where the plan has no filter (day-tallies.ts), else from the rows; one snapshot. */
  override refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups> {
    return this.facts.kept(account, ["refundGroups", plan], () =>
      this.facts.snapshotRead(async (reader) => {
        const kept = await refundGroupsOfTallies(reader, TABLES, account, plan);
        if (kept) return kept;
        const statements = refundStatements("postgres", PURCHASE_FACTS, account, plan);
        return refundGroupsOf({ sums: await reader.all<RefundSumRecord>(statements.sums), cells: await reader.all<RefundCellRecord>(statements.cells), labels: await reader.all<RefundLabelRecord>(statements.labels) });
      }),
    );
  }

  /** From the days' kept refunded sales and the rows of the other ids where the plan has no filter (day-tallies.ts), else from the rows; one snapshot. */
  override async salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSaleColumns> {
    return saleColumnsToMove(
      await this.facts.kept(account, ["salesOf", plan, ids], () =>
        this.facts.snapshotRead(async (reader) => {
          if (ids.length === 0) return saleColumnsOf([]);
          const records = (await salesOfTallies(reader, TABLES, account, plan, ids)) ?? (await reader.all<SaleRecord>(salesOfStatement("postgres", PURCHASE_FACTS, account, plan, ids)));
          return saleColumnsOf(records.map(saleOf));
        }),
      ),
    );
  }

  /** From the days' tallies, one snapshot with their rows where a day has none (or, for instants, where a day's rows are not all within them). */
  override offerCurrencies(account: string, days: { from: string; to: string }, instants?: { fromMs: number; toMs: number }): Promise<FactOfferCurrency[]> {
    return this.facts.kept(account, ["offerCurrencies", days, instants ?? null], () =>
      this.facts.snapshotRead(async (reader) =>
        (await offerCurrenciesOfTallies(reader, TABLES, account, days, instants)) ??
        (await reader.all<OfferCurrencyRecord>(offerCurrencyStatement("postgres", PURCHASE_FACTS, account, days, instants))).map(offerCurrencyOf),
      ),
    );
  }

  /** The days' payout texts, kept with their marks where they are of the day's fetch, else made of the rows (payout-day-texts.ts), parsed here a day at a time. */
  override async payoutSales(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutSaleColumns> {
    const texts = await this.facts.snapshotRead((reader) => payoutDayTexts(reader, TABLES, account, days, currency));
    // A fresh answer, read by no one here again: its columns move to the caller's thread (transfer.ts).
    return payoutColumnsToMove(await payoutColumnsOfDayTexts(texts));
  }
}
