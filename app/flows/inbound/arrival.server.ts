/**
 * Whether the warehouse has received an inbound shipment. The provider has no operation that reads
 * an inbound shipment back; replacing its boxes (operation 5) with the very boxes it holds changes
 * nothing while it is on its way, and is refused with AlreadyReceived once it was received
 * (docs/decisions/0016-inbound-arrival-learnt-from-modify-box.md). Received stock is the
 * provider's now: the stock sync is queued to write it into Shopify.
 */
import { containersOf, inboundRefusal } from "~/connector/inbound";
import type { JobContext } from "~/jobs/handler";
import type { Database, DatabaseOrTransaction } from "~/stores/database/database.server";
import {
  inboundBoxesVersion,
  inboundShipmentOf,
  inboundShipmentsOnTheWay,
  recordInboundCheck,
  type InboundShipment,
} from "~/stores/inbound/inbound-shipments.server";
import type { PipelineDeps } from "../ports/deps";
import type { ProviderPort } from "../ports/ports";
import { queueInboundCheck, queueStockSync } from "../queue/stages.server";

/** The provider's answer when the boxes of a received shipment are to change. */
export const ALREADY_RECEIVED = "AlreadyReceived";
/** An edit that overlaps a check makes the check send the newest boxes again; this often at most. */
const OVERLAPPING_EDITS = 3;

export type Arrival = "ON_THE_WAY" | "RECEIVED" | "PROBLEM";

/** Received: kept so, and the stock sync queued, in one transaction. */
export async function markInboundReceived(db: Database, shop: string, id: string, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    await recordInboundCheck(tx, shop, id, { received: true, problem: null }, now);
    await queueStockSync(tx, shop, now, "PROVIDER_CHANGE");
  });
}

/** Looks once at one shipment on its way. */
export async function checkInboundArrival(
  db: Database,
  provider: ProviderPort,
  shop: string,
  shipment: InboundShipment,
  now: () => Date,
): Promise<Arrival> {
  let current: InboundShipment | null = shipment;
  for (let round = 0; round < OVERLAPPING_EDITS && current !== null && current.state === "ON_THE_WAY"; round += 1) {
    const answer = await provider.modifyInboundBoxes({ ShipmentId: current.reference, Containers: containersOf(current.boxes) });
    if (!answer.Success && answer.ErrorCode === ALREADY_RECEIVED) {
      await markInboundReceived(db, shop, current.id, now());
      return "RECEIVED";
    }
    if (!answer.Success) {
      await recordInboundCheck(
        db,
        shop,
        current.id,
        { received: false, problem: inboundRefusal(answer.ErrorCode, answer.ErrorMessage) },
        now(),
      );
      return "PROBLEM";
    }
    // Sent boxes an edit replaced meanwhile would undo the edit: send the newest ones again.
    if ((await inboundBoxesVersion(db, shop, current.id)) === current.boxesVersion) {
      await recordInboundCheck(db, shop, current.id, { received: false, problem: null }, now());
      return "ON_THE_WAY";
    }
    current = await inboundShipmentOf(db, shop, current.id);
  }
  return current?.state === "RECEIVED" ? "RECEIVED" : "ON_THE_WAY";
}

async function queueNextCheck(db: DatabaseOrTransaction, deps: PipelineDeps, shop: string): Promise<void> {
  if ((await db.inboundShipment.count({ where: { shop, state: "ON_THE_WAY" } })) > 0) {
    await queueInboundCheck(db, shop, new Date(deps.now().getTime() + deps.policy.inboundCheckMs));
  }
}

/** The job: every shipment of the shop on its way, then the next look while any remain. */
export async function checkInboundArrivals(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const provider = await deps.provider(shop);
  for (const shipment of await inboundShipmentsOnTheWay(ctx.db, shop)) {
    const arrival = await checkInboundArrival(ctx.db, provider, shop, shipment, deps.now);
    ctx.logger.info({ reference: shipment.reference, arrival }, "Inbound shipment checked");
  }
  await ctx.complete((tx) => queueNextCheck(tx, deps, shop));
}
