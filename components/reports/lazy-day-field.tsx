"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, type ComponentProps } from "react";
import type { DayField } from "./day-field";

const DayFieldCode = lazy(() => import("./day-field").then((m) => ({ default: m.DayField })));

type Props = ComponentProps<typeof DayField>;

// The day field's code is a chunk of its own, out of the report pages' first load (their budget,
// docs/benchmarks.md): the server renders the field whole, the page hydrates it when its chunk is
// there; a field mounted in the browser before that keeps its place, under its label.
export function LazyDayField(props: Props) {
  return (
    <Suspense fallback={<DayFieldPlaceholder {...props} />}>
      <DayFieldCode {...props} />
    </Suspense>
  );
}

function DayFieldPlaceholder({ which }: Props) {
  return <div className="flex flex-col gap-1">{useTranslations("report.controls")(which)}<div className="h-[34px] w-48" /></div>;
}
