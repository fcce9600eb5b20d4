/** Where an inbound shipment stands, as a badge: on its way to the warehouse, or received there. */
import { Badge } from "@shopify/polaris";
import type { InboundState } from "~/connector/inbound";
import { useWords } from "./locale";

export function InboundStateBadge({ state }: { state: InboundState }) {
  const words = useWords().inbound.states;
  return <Badge tone={state === "RECEIVED" ? "success" : "info"}>{words[state]}</Badge>;
}
