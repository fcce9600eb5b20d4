/** Where an inbound shipment stands, as a badge: on its way to the warehouse, or received there. */
import { Badge } from "@shopify/polaris";
import type { InboundState } from "~/connector/inbound";

export function InboundStateBadge({ state }: { state: InboundState }) {
  return state === "RECEIVED" ? <Badge tone="success">Received</Badge> : <Badge tone="info">On its way</Badge>;
}
