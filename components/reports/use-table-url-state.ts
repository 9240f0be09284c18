"use client";

import { useEffect, useMemo, useRef } from "react";
import { useQueryStates } from "nuqs";
import { tableUrlKeys, tableUrlParsers, type TableName } from "@/lib/report-params/table-url-parsers";

/**
 * A table's sort, page and hidden columns in the URL (lib/report-params/table-url-parsers.ts):
 * a reload or a shared link shows the same rows. Changes replace the history entry rather than
 * push one: Back leaves the report state the user came from (its range and filters, which the
 * report controls push) instead of stepping back through every page flip and sort click. A new
 * report `query` (range, filters) starts the table at page 1; that replaces the entry the
 * controls pushed, so Back still returns to the old range with its page.
 */
export function useTableUrlState(table: TableName, query: string, defaults: { sort: string; hidden: readonly string[] }) {
  const hiddenKey = defaults.hidden.join(",");
  const parsers = useMemo(() => tableUrlParsers({ sort: defaults.sort, hidden: hiddenKey ? hiddenKey.split(",") : [] }), [defaults.sort, hiddenKey]);
  const [state, setState] = useQueryStates(parsers, { urlKeys: tableUrlKeys(table), history: "replace", scroll: false });
  const shownQuery = useRef(query);
  useEffect(() => {
    if (shownQuery.current === query) return;
    shownQuery.current = query;
    void setState({ page: null });
  }, [query, setState]);
  return [state, setState] as const;
}
