"use client";

import { useEffect, useState } from "react";
import { overviewMinute } from "@/lib/reports/overview-windows";

/** The browser's current minute, read after mount (the server's clock must not decide "today") and every minute after. */
export function useBrowserMinute(): string | null {
  const [minute, setMinute] = useState<string | null>(null);
  useEffect(() => {
    const tick = () => setMinute(overviewMinute(new Date()));
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
  return minute;
}
