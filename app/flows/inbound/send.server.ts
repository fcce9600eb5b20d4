/**
 * Sending a new inbound shipment to the provider (operation 4) and keeping it once accepted. The
 * merchant's reference is the provider's ShipmentId, so sending the same shipment twice (a
 * double click, a retry after a lost answer) is the provider's "200, nothing changed".
 */
import { inboundRequestOf, type InboundDraft } from "~/connector/inbound";
import type { Database } from "~/stores/database/database.server";
import { saveInboundShipment, type InboundShipment } from "~/stores/inbound/inbound-shipments.server";
import type { PipelineDeps } from "../ports/deps";
import { queueInboundCheck } from "../queue/stages.server";

/** Throws the provider's errors as they are (a ProviderValidationError names the request's field). */
export async function sendInboundShipment(db: Database, deps: PipelineDeps, shop: string, draft: InboundDraft): Promise<InboundShipment> {
  const provider = await deps.provider(shop);
  const { result } = await provider.createInbound(inboundRequestOf(draft));
  const now = deps.now();
  return db.$transaction(async (tx) => {
    const saved = await saveInboundShipment(tx, shop, { ...draft, providerId: result.SvcOrderId ?? null });
    await queueInboundCheck(tx, shop, new Date(now.getTime() + deps.policy.inboundCheckMs));
    return saved;
  });
}
