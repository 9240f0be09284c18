"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import type { DayField } from "./day-field";

const DayFieldCode = lazy(() => import("./day-field").then((m) => ({ default: m.DayField })));

// The day field's code is a chunk of its own, out of the report pages' first load (their budget,
// docs/benchmarks.md): the server renders the field whole and the page hydrates it when its chunk
// is there (once a visit: a report opened later in the browser finds it loaded).
export function LazyDayField(props: ComponentProps<typeof DayField>) {
  return (
    <Suspense fallback={null}>
      <DayFieldCode {...props} />
    </Suspense>
  );
}
