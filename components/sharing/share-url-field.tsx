"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { solidButton } from "@/components/ui/button-style";

// A new link's address, shown once (the server keeps only its hash): selectable, with a copy
// button. What a new link ("Share") and a new address ("Shared links") both show.
export function ShareUrlField({ url, testId, children }: { url: string; testId: string; children?: ReactNode }) {
  const t = useTranslations("sharing.create");
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <>
      <label htmlFor={id} className="block font-medium">{t("linkLabel")}</label>
      <input id={id} data-testid={testId} readOnly value={url} onFocus={(e) => e.currentTarget.select()}
        className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900" />
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={solidButton()}>{copied ? t("copied") : t("copy")}</button>
        {children}
      </div>
    </>
  );
}
