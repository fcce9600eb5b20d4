/** Where a lading order stands, as a badge: the provider accepted it (no operation reads it back). */
import { Badge } from "@shopify/polaris";
import type { LadingState } from "~/connector/lading";
import { useWords } from "./locale";

export function LadingStateBadge({ state }: { state: LadingState }) {
  const words = useWords().lading.states;
  return <Badge tone={state === "ACCEPTED" ? "success" : undefined}>{words[state]}</Badge>;
}
