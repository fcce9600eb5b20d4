/**
 * How a shipment's state and kind read to the merchant: the same words on the list and the detail.
 */
import type { ShipmentKind, ShipmentState } from "@prisma/client";
import { Badge } from "@shopify/polaris";
import { STATE_WORDS } from "./shipment-state-words";

export function shipmentStateLabel(state: ShipmentState): string {
  return STATE_WORDS[state].label;
}

export function ShipmentStateBadge({ state }: { state: ShipmentState }) {
  const { label, tone, progress } = STATE_WORDS[state];
  return (
    <Badge tone={tone === "neutral" ? undefined : tone} progress={progress}>
      {label}
    </Badge>
  );
}

export function shipmentKindLabel(kind: ShipmentKind, warehouseCode: string | null): string {
  if (kind === "DROPSHIP") return warehouseCode ? `Drop-ship via ${warehouseCode}` : "Drop-ship";
  return warehouseCode ? `Outbound from warehouse ${warehouseCode}` : "Outbound";
}
