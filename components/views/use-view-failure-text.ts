"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useFailureText } from "@/components/i18n/use-failure-text";
import type { ActionFailure } from "@/lib/actions/action-result";

/** A saved-view action's failure in the reader's language: its own codes here, the wrapper's (session, storage) as everywhere. */
export function useViewFailureText(): (error: ActionFailure) => string {
  const t = useTranslations("views.failure");
  const { failure } = useFailureText();
  return useCallback((error: ActionFailure) => (t.has(error.code as never) ? t(error.code as never) : failure(error)), [t, failure]);
}
