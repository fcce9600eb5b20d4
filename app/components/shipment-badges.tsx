/**
 * How a shipment's state and kind read to the merchant: the same words on the list and the detail,
 * in the admin's language (lib/words); the order page block names them from its own locales files.
 */
import type { ShipmentKind, ShipmentState } from "@prisma/client";
import { Badge } from "@shopify/polaris";
import { en, type Words } from "~/lib/words/en";
import { useWords } from "./locale";
import { STATE_WORDS } from "./shipment-state-words";

export function ShipmentStateBadge({ state }: { state: ShipmentState }) {
  const words = useWords().shipment;
  const { tone, progress } = STATE_WORDS[state];
  return (
    <Badge tone={tone === "neutral" ? undefined : tone} progress={progress}>
      {words.states[state]}
    </Badge>
  );
}

/** English unless the page's words are given (the order page block's answer names its own language). */
export function shipmentKindLabel(kind: ShipmentKind, warehouseCode: string | null, words: Words["shipment"] = en.shipment): string {
  if (kind === "DROPSHIP") return warehouseCode ? words.dropShipVia(warehouseCode) : words.dropShip;
  return warehouseCode ? words.outboundFrom(warehouseCode) : words.outbound;
}
