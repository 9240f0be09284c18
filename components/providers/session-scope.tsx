"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, type ReactNode } from "react";

const isScope = (key: unknown) => typeof key === "string" && key.startsWith("scope:");

const ScopeContext = createContext<string>("scope:signed-out");

/**
 * The signed-in session's scope (lib/auth/session-scope.ts): the first element of every query
 * key of the dashboard. The tab's one query client outlives a sign-out and the next sign-in,
 * so what another session cached is dropped when a new one begins.
 */
export function SessionScope({ scope, children }: { scope: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ predicate: (query) => isScope(query.queryKey[0]) && query.queryKey[0] !== scope });
  }, [queryClient, scope]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

export const useSessionScope = () => useContext(ScopeContext);
