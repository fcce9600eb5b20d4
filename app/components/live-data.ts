/**
 * Pages that keep up: while something of theirs is in flight (a read, a sync, shipments not yet at
 * an end), a page asks its loader again every few seconds, and stops once nothing is. Remix's
 * revalidation, not a push channel: decision 0034 says why.
 */
import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * How often a page asks: while work is in flight, a run's progress bar every second, shipments every
 * few; with nothing in flight, the Shipments list's first page every half minute, for new orders.
 */
export const REFRESH_MS = { run: 1_000, shipments: 3_000, arrivals: 30_000 } as const;

/**
 * Reloads the page's data every `intervalMs` while `active`, and not while the tab is hidden (it
 * asks at once when the merchant comes back to it).
 */
export function useRefreshWhile(active: boolean, intervalMs: number = REFRESH_MS.run): void {
  const revalidator = useRevalidator();
  // Never while the merchant is going somewhere or sending something: asking then would cut their request short.
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (!active || busy) return;
    const ask = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    };
    const timer = setInterval(ask, intervalMs);
    document.addEventListener("visibilitychange", ask);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", ask);
    };
  }, [active, busy, intervalMs, revalidator]);
}
