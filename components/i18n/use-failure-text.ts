"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ActionFailure } from "@/lib/actions/action-result";
import type { SignInActionFailure } from "@/lib/actions/auth/sign-in-failure";
import { failureText, signInFailureText, type FailureTranslator } from "./failure-text";

/** Failed actions' sentences in the reader's language (see failure-text.ts). */
export function useFailureText(): { failure: (error: ActionFailure) => string; signIn: (error: SignInActionFailure) => string } {
  const t = useTranslations("auth") as unknown as FailureTranslator;
  return useMemo(() => ({ failure: (error) => failureText(t, error), signIn: (error) => signInFailureText(t, error) }), [t]);
}
