/**
 * Changing the boxes of an inbound shipment on its way (operation 5): the provider replaces them
 * all. A shipment the warehouse received meanwhile is refused; that refusal is how we learn it was
 * received (decision 0016), so it is marked so and its stock synced.
 */
import type { InboundBox } from "~/connector/inbound";
import { containersOf, inboundRefusal } from "~/connector/inbound";
import type { Database } from "~/stores/database/database.server";
import { replaceInboundBoxes, type InboundShipment } from "~/stores/inbound/inbound-shipments.server";
import type { PipelineDeps } from "../ports/deps";
import { ALREADY_RECEIVED, markInboundReceived } from "./arrival.server";

export type BoxesChange = { outcome: "CHANGED" } | { outcome: "RECEIVED" } | { outcome: "REFUSED"; problem: string };

/** Throws the provider's errors as they are (a ProviderValidationError names the request's field). */
export async function changeInboundBoxes(
  db: Database,
  deps: PipelineDeps,
  shop: string,
  shipment: InboundShipment,
  boxes: InboundBox[],
): Promise<BoxesChange> {
  const provider = await deps.provider(shop);
  const answer = await provider.modifyInboundBoxes({ ShipmentId: shipment.reference, Containers: containersOf(boxes) });
  if (answer.Success) {
    await replaceInboundBoxes(db, shop, shipment.id, boxes, deps.now());
    return { outcome: "CHANGED" };
  }
  if (answer.ErrorCode === ALREADY_RECEIVED) {
    await markInboundReceived(db, shop, shipment.id, deps.now());
    return { outcome: "RECEIVED" };
  }
  return { outcome: "REFUSED", problem: inboundRefusal(answer.ErrorCode, answer.ErrorMessage) };
}
