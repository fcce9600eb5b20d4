/**
 * How a shipment's state and kind read to the merchant: the same words on the list and the detail.
 */
import type { ShipmentKind, ShipmentState } from "@prisma/client";
import { Badge, type BadgeProps } from "@shopify/polaris";

const STATE_WORDS: { readonly [S in ShipmentState]: { label: string; tone: BadgeProps["tone"]; progress: BadgeProps["progress"] } } = {
  HELD: { label: "On hold", tone: "warning", progress: "incomplete" },
  READY: { label: "Waiting to send", tone: "info", progress: "incomplete" },
  SUBMITTED: { label: "Sent to provider", tone: "info", progress: "partiallyComplete" },
  CREATED: { label: "Tracking assigned", tone: "info", progress: "partiallyComplete" },
  FULFILLED: { label: "Fulfilled", tone: "success", progress: "complete" },
  DELIVERED: { label: "Delivered", tone: "success", progress: "complete" },
  FAILED: { label: "Provider refused", tone: "critical", progress: "incomplete" },
  CANCELLED: { label: "Cancelled", tone: undefined, progress: undefined },
  ENDED: { label: "Follow ended", tone: "critical", progress: "incomplete" },
};

export function shipmentStateLabel(state: ShipmentState): string {
  return STATE_WORDS[state].label;
}

export function ShipmentStateBadge({ state }: { state: ShipmentState }) {
  const { label, tone, progress } = STATE_WORDS[state];
  return (
    <Badge tone={tone} progress={progress}>
      {label}
    </Badge>
  );
}

export function shipmentKindLabel(kind: ShipmentKind, warehouseCode: string | null): string {
  if (kind === "DROPSHIP") return warehouseCode ? `Drop-ship via ${warehouseCode}` : "Drop-ship";
  return warehouseCode ? `Outbound from warehouse ${warehouseCode}` : "Outbound";
}
