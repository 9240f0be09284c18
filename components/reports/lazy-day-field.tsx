"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import { useFormats } from "@/components/i18n/use-formats";
import type { DayField } from "./day-field";

const DayFieldCode = lazy(() => import("./day-field").then((m) => ({ default: m.DayField })));

type Props = ComponentProps<typeof DayField>;

// The day field's code is a chunk of its own, out of the report pages' first load (their budget,
// docs/benchmarks.md): the server renders the field whole, the page hydrates it when its chunk is
// there; a field mounted in the browser before that shows its day, read-only, in the same place.
export function LazyDayField(props: Props) {
  return (
    <Suspense fallback={<DayFieldPlaceholder {...props} />}>
      <DayFieldCode {...props} />
    </Suspense>
  );
}

function DayFieldPlaceholder({ label, value }: Props) {
  const f = useFormats();
  return (
    <label className="flex flex-col gap-1">{label}
      <input type="text" readOnly value={f.day(value)} className="w-48 rounded-md border border-zinc-300 bg-white py-1.5 pl-2 pr-9 text-sm dark:border-zinc-600 dark:bg-zinc-900" />
    </label>
  );
}
