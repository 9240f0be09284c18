import { describe, expect, it } from "vitest";
import { carriedQuery, reportPagePath, withCarried } from "@/lib/report-params/report-links";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

describe("the navigation's links", () => {
  it("carry the range, comparison, zone, currency and granularity", () => {
    const search = new URLSearchParams("from=2026-05-01&to=2026-05-31&compare=last_year&tz=America%2FSao_Paulo&currency=brl&granularity=week");
    expect(withCarried("/orders", search)).toBe("/orders?from=2026-05-01&to=2026-05-31&compare=last_year&tz=America%2FSao_Paulo&currency=brl&granularity=week");
  });

  it("carry a preset with its days", () => {
    expect(carriedQuery(new URLSearchParams("preset=last_7_days&from=2026-06-09&to=2026-06-15"))).toBe("preset=last_7_days&from=2026-06-09&to=2026-06-15");
  });

  it("leave a report's own filters, dating and table state behind", () => {
    const search = new URLSearchParams("from=2026-05-01&to=2026-05-31&product=Course&dating=event&purchaseSort=amount&purchasePage=3");
    expect(withCarried("/refunds", search)).toBe("/refunds?from=2026-05-01&to=2026-05-31");
  });

  it("are the bare path without parameters", () => {
    expect(withCarried("/revenue", new URLSearchParams())).toBe("/revenue");
  });
});

describe("a report page's own address, for the way back after sign-in", () => {
  it("keeps every parameter and repeated values in order", () => {
    const path = reportPagePath("/revenue", { from: "2026-05-01", to: "2026-05-31", product: ["A B", "C&D"], tz: "America/Sao_Paulo" });
    expect(path).toBe("/revenue?from=2026-05-01&to=2026-05-31&product=A+B&product=C%26D&tz=America%2FSao_Paulo");
    // The sign-in page accepts it as it is: the visitor lands on this very report.
    expect(safeCallbackPath(path)).toBe(path);
  });

  it("is the path alone without parameters", () => {
    expect(reportPagePath("/orders", {})).toBe("/orders");
  });
});
