"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useFormats } from "@/components/i18n/use-formats";
import { shiftDay } from "@/lib/calendar";
import { parseTypedDay } from "@/lib/typed-day";

const control = "w-48 rounded-md border border-zinc-300 bg-white py-1.5 pl-2 pr-9 text-sm dark:border-zinc-600 dark:bg-zinc-900";

/** `which`: the range's first day ("from") or its last ("to"), which names the field and its button. */
type Props = { which: "from" | "to"; value: string; min?: string; max?: string; onPick: (day: string) => void };

// A day written as the page's language writes it ("Nov 23, 2026", "23 de nov. de 2026"), where a
// native <input type="date"> would write it as the browser's own locale does, whatever the page's
// language. One types a day (taken on Enter or on leaving the box; ↑/↓ step a day), or the button
// opens the browser's own calendar, of a date input kept out of sight and out of the tab order.
// `value`, `min`, `max` and what `onPick` gets are ISO days, as the URL keeps them.
export function DayField({ which, value, min, max, onPick }: Props) {
  const t = useTranslations("report.controls");
  const label = t(which);
  const calendarLabel = t(`${which}Calendar`);
  const f = useFormats();
  const inputId = useId();
  const hintId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? f.day(value);
  const typed = draft === null ? value : parseTypedDay(draft, f.locale);
  const problem = draft === null || draft.trim() === "" ? null
    : typed === null ? t("dayInvalid", { text: draft.trim(), example: f.day(value) })
    : max && typed > max ? t("dayNotAfter", { day: f.day(max) })
    : min && typed < min ? t("dayNotBefore", { day: f.day(min) })
    : null;

  const take = (day: string) => {
    setDraft(null);
    if (day !== value) onPick(day);
  };
  const commit = () => {
    if (draft === null || draft.trim() === "") return setDraft(null);
    if (typed !== null && !problem) take(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      setDraft(null);
    } else if ((event.key === "ArrowUp" || event.key === "ArrowDown") && !problem) {
      event.preventDefault();
      const next = shiftDay(typed ?? value, event.key === "ArrowUp" ? 1 : -1);
      if ((!max || next <= max) && (!min || next >= min)) take(next);
    }
  };
  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // A browser without showPicker (or refusing it): the date input itself takes the focus.
      input.focus();
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId}>{label}</label>
      <div className="relative">
        <input id={inputId} type="text" inputMode="text" autoComplete="off" spellCheck={false} className={control} value={text}
          aria-describedby={hintId} aria-invalid={problem ? true : undefined}
          onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} onBlur={commit} />
        <button type="button" onClick={openCalendar} aria-label={calendarLabel} title={calendarLabel}
          className="absolute inset-y-0 right-0 flex w-8 items-center justify-center rounded-r-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800">
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.5"><rect x="2" y="3" width="12" height="11" rx="1.5" /><path d="M2 6.5h12M5 1.5v3M11 1.5v3" /></svg>
        </button>
        {/* The calendar's anchor: under the box, invisible, never focused by Tab nor read aloud. */}
        <input ref={picker} type="date" tabIndex={-1} aria-hidden="true" value={value} min={min} max={max}
          className="pointer-events-none absolute inset-x-0 bottom-0 h-px w-full opacity-0"
          onChange={(e) => e.target.value && take(e.target.value)} />
      </div>
      <span id={hintId} className={`max-w-48 text-xs ${problem ? "text-red-700 dark:text-red-400" : "sr-only"}`}>{problem ?? t("dayHint", { example: f.day(value) })}</span>
    </div>
  );
}
