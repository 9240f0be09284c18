"use client";

import { useTranslations } from "next-intl";
import { useId, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { isTimeZone } from "@/lib/report-params/time-zone";

const control = "w-56 rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900";

let browserZones: string[] | null = null;
/** Every IANA zone the browser knows, UTC first. */
function allZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  browserZones ??= ["UTC", ...zones.filter((z) => z !== "UTC")];
  return browserZones;
}
const NO_ZONES: string[] = [];
const noSubscription = () => () => {};

// A text box over a list of every zone (the browser filters the list as one types): a zone is
// taken when picked from the list, on Enter or on leaving the box; anything else is named as
// unknown and the report keeps its zone.
export function TimeZonePicker({ value, onPick }: { value: string; onPick: (zone: string) => void }) {
  const t = useTranslations("filters");
  // The browser's list, not the server's: the two runtimes need not know the same zones.
  const zones = useSyncExternalStore(noSubscription, allZones, () => NO_ZONES);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  const wrong = draft !== null && draft.trim() !== "" && !isTimeZone(draft.trim());

  const commit = (raw: string) => {
    const zone = raw.trim();
    if (zone === "" || zone === value) return setDraft(null);
    if (!isTimeZone(zone)) return;
    setDraft(null);
    onPick(zone);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit(text);
    } else if (event.key === "Escape") setDraft(null);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId}>{t("timeZone")}</label>
      <input id={inputId} type="text" list={listId} className={control} value={text} autoComplete="off" spellCheck={false} aria-describedby={hintId} aria-invalid={wrong || undefined}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setDraft(e.target.value);
          // Picking from the list replaces the whole text: take it at once.
          const inputType = (e.nativeEvent as InputEvent).inputType;
          if ((inputType === undefined || inputType === "insertReplacementText") && zones.includes(e.target.value)) commit(e.target.value);
        }}
        onKeyDown={onKeyDown} onBlur={() => (wrong ? undefined : commit(text))} />
      <datalist id={listId}>
        {zones.map((zone) => <option key={zone} value={zone} />)}
      </datalist>
      <span id={hintId} className={`text-xs ${wrong ? "text-red-700 dark:text-red-400" : "sr-only"}`}>{wrong ? t("timeZoneUnknown", { zone: draft.trim() }) : t("timeZoneHint")}</span>
    </div>
  );
}
