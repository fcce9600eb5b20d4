/** Where a lading order stands, as a badge: the provider accepted it (no operation reads it back). */
import { Badge } from "@shopify/polaris";
import type { LadingState } from "~/connector/lading";

export function LadingStateBadge({ state }: { state: LadingState }) {
  return state === "ACCEPTED" ? <Badge tone="success">Accepted by the provider</Badge> : <Badge>{state}</Badge>;
}
