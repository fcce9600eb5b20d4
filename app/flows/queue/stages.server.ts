/**
 * The pipeline's jobs and their keys: one live job per shop and stage (and per warehouse or
 * handling location for pushes). Each stage queues the next when it finishes, inside its completing
 * transaction, and itself again while work remains, so nothing waits for a trigger that was lost.
 */
import { wakeJobs } from "~/jobs/engine/wake.server";
import type { ShipmentKind } from "@prisma/client";
import { enqueue, enqueueCoalesced } from "./jobs.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { readyPushTargets, type PushTarget } from "~/stores/shipments/sending-claims.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { jobPayloadSchemas, type JobPayloadInput } from "./job-kinds";
import { CHANGE_TOPICS } from "~/shopify/webhooks/topics";
import type { NestedSaid } from "~/lib/words/reason-said";

export const pushKey = (target: PushTarget) => `push.batch:${target.shop}:${target.kind}:${target.origin}`;
export const pollKey = (shop: string, kind: ShipmentKind) => `follow.poll:${shop}:${kind}`;
export const writeBackKey = (shop: string) => `write-back.fulfil:${shop}`;
export const trackKey = (shop: string) => `track.checkpoints:${shop}`;
export const stockSyncKey = (shop: string) => `stock.sync:${shop}`;
export const wakeKey = (shop: string) => `change.wake:${shop}`;
export const returnsFollowKey = (shop: string) => `returns.follow:${shop}`;
export const inboundCheckKey = (shop: string) => `inbound.check:${shop}`;
export const inDoubtKey = (shipmentId: string) => `cancel.in-doubt:${shipmentId}`;

/**
 * Queues the work at `runAt`. If the same work is already waiting for a later time (a poll backing
 * off), it is brought forward: something new is there to do.
 */
async function queueBy(db: DatabaseOrTransaction, jobId: string, enqueued: boolean, runAt: Date): Promise<void> {
  if (enqueued) return;
  const { count } = await db.job.updateMany({ where: { id: jobId, status: "PENDING", runAt: { gt: runAt } }, data: { runAt } });
  if (count > 0) await wakeJobs(db, [jobId]);
}

export async function queuePush(db: DatabaseOrTransaction, target: PushTarget, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, {
    kind: "push.batch",
    shop: target.shop,
    payload: { shop: target.shop, kind: target.kind, origin: target.origin },
    dedupeKey: pushKey(target),
    runAt,
  });
  await queueBy(db, jobId, enqueued, runAt);
}

/** The jobs that turn a shop's orders into shipments: fulfillment requests answered, routed fulfillment orders planned. */
const PLANNING_KINDS = ["plan.requests", "plan.routed"];

/**
 * Whether the shop's planning is under way: a planning job running, or due by `until`. While it
 * is, more READY shipments may be on their way to a push that waits for its batch to fill.
 */
export async function isPlanningUnderWay(db: DatabaseOrTransaction, shop: string, until: Date): Promise<boolean> {
  const live = await db.job.findFirst({
    where: { shop, kind: { in: PLANNING_KINDS }, OR: [{ status: "RUNNING" }, { status: "PENDING", runAt: { lte: until } }] },
    select: { id: true },
  });
  return live !== null;
}

/**
 * A planning run is over: the pushes waiting for company (a partial batch gathers while the shop's
 * planning is under way, decision 0031) are brought forward, to leave now if nothing else is
 * planning. Not the push's queueing: that comes with the READY packages (recordPlannedShipments).
 */
export const planningOver = (db: DatabaseOrTransaction, shop: string, now: Date) => queuePushes(db, shop, now);

/** Queues a push for every warehouse and handling location of the shop with READY shipments. */
export async function queuePushes(db: DatabaseOrTransaction, shop: string, now: Date): Promise<void> {
  for (const target of await readyPushTargets(db, shop)) await queuePush(db, target, now);
}

export async function queueStatusPoll(db: DatabaseOrTransaction, shop: string, kind: ShipmentKind, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, {
    kind: "follow.poll",
    shop,
    payload: { shop, kind },
    dedupeKey: pollKey(shop, kind),
    runAt,
  });
  await queueBy(db, jobId, enqueued, runAt);
}

export async function queueWriteBack(db: DatabaseOrTransaction, shop: string, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, {
    kind: "write-back.fulfil",
    shop,
    payload: { shop },
    dedupeKey: writeBackKey(shop),
    runAt,
  });
  await queueBy(db, jobId, enqueued, runAt);
}

/**
 * A package withdrawn while its send was in doubt is settled with the provider (decision 0040):
 * one job per shipment, brought forward when asked sooner (a second cancellation, a change).
 */
export async function queueSendInDoubtCheck(
  db: DatabaseOrTransaction,
  shipment: { shop: string; id: string },
  because: NestedSaid,
  runAt: Date,
): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, {
    kind: "cancel.in-doubt",
    shop: shipment.shop,
    payload: { shop: shipment.shop, shipmentId: shipment.id, because: because.message.slice(0, 500), becauseSay: because.say },
    dedupeKey: inDoubtKey(shipment.id),
    runAt,
  });
  await queueBy(db, jobId, enqueued, runAt);
}

/**
 * Shipments that wait for a date (a scheduled fulfillment order) are looked at again at the
 * earliest one: one job per shop, moved earlier when an earlier date comes along. Shopify's
 * scheduled_fulfillment_order_ready event usually comes first; this is what makes sure.
 */
export async function queueWaitingShipments(db: DatabaseOrTransaction, shop: string, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, { kind: "change.wake", shop, payload: { shop }, dedupeKey: wakeKey(shop), runAt });
  await queueBy(db, jobId, enqueued, runAt);
}

export async function queueTracking(db: DatabaseOrTransaction, shop: string, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, { kind: "track.checkpoints", shop, payload: { shop }, dedupeKey: trackKey(shop), runAt });
  await queueBy(db, jobId, enqueued, runAt);
}

/** The shop's one job following returns on their way back to the warehouses. */
export async function queueReturnsFollow(db: DatabaseOrTransaction, shop: string, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, {
    kind: "returns.follow",
    shop,
    payload: { shop },
    dedupeKey: returnsFollowKey(shop),
    runAt,
  });
  await queueBy(db, jobId, enqueued, runAt);
}

/** The shop's next look at its inbound shipments on their way; brought forward when asked sooner. */
export async function queueInboundCheck(db: DatabaseOrTransaction, shop: string, runAt: Date): Promise<void> {
  const { jobId, enqueued } = await enqueue(db, {
    kind: "inbound.check",
    shop,
    payload: { shop },
    dedupeKey: inboundCheckKey(shop),
    runAt,
  });
  await queueBy(db, jobId, enqueued, runAt);
}

type StockSyncTrigger = JobPayloadInput<"stock.sync">["trigger"];

/**
 * Queues the shop's stock sync at `runAt`. A sync waiting for later is brought forward (and says
 * what asked for it now); past one that is running (it may have read the provider already), a
 * second key follows it.
 */
export async function queueStockSync(db: DatabaseOrTransaction, shop: string, runAt: Date, trigger: StockSyncTrigger): Promise<void> {
  const payload = { shop, trigger };
  for (const dedupeKey of [stockSyncKey(shop), `${stockSyncKey(shop)}:next`]) {
    const { jobId, enqueued } = await enqueue(db, { kind: "stock.sync", shop, payload, dedupeKey, runAt });
    if (enqueued) return;
    const live = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
    if (live?.status !== "PENDING") continue;
    const { count } = await db.job.updateMany({
      where: { id: jobId, status: "PENDING", runAt: { gt: runAt } },
      data: { runAt, payload: JSON.stringify(jobPayloadSchemas["stock.sync"].parse(payload)) },
    });
    if (count > 0) await wakeJobs(db, [jobId]);
    return;
  }
}

/**
 * After an install or reinstall: every stage that has shipments waiting is queued again. An
 * uninstall stopped the shop's waiting jobs (app/flows/receive-webhooks/uninstall.server.ts), since nothing could
 * be asked of Shopify without its token; the shipments kept their states, so this picks them up
 * where they stood, fulfillment requests Shopify made meanwhile are read, and routing events and
 * order updates still waiting are worked through. Idempotent: work
 * already queued is not queued twice, and each stage reads the current state when it runs.
 */
export async function resumeShopPipeline(db: DatabaseOrTransaction, shop: string, now: Date): Promise<void> {
  for (const target of await readyPushTargets(db, shop)) await queuePush(db, target, now);
  const following = await db.shipment.groupBy({
    by: ["kind"],
    // Delivered parcels with a provisional number too: the poll itself keeps to those delivered
    // recently enough (decision 0057), and stops when none is.
    where: { shop, OR: [{ state: "SUBMITTED" }, { state: { in: ["FULFILLED", "DELIVERED"] }, isFinalTracking: false }] },
  });
  for (const { kind } of following) await queueStatusPoll(db, shop, kind, now);
  if ((await db.shipment.count({ where: { shop, state: "CREATED" } })) > 0) await queueWriteBack(db, shop, now);
  if ((await db.shipment.count({ where: { shop, state: "FULFILLED" } })) > 0) await queueTracking(db, shop, now);
  const nextWake = await db.shipment.findFirst({
    where: { shop, state: "HELD", waitUntil: { not: null } },
    orderBy: { waitUntil: "asc" },
    select: { waitUntil: true },
  });
  if (nextWake?.waitUntil) await queueWaitingShipments(db, shop, nextWake.waitUntil);
  // Inbound shipments on their way are looked at again (decision 0016): the uninstall stopped their check.
  if ((await db.inboundShipment.count({ where: { shop, state: "ON_THE_WAY" } })) > 0) await queueInboundCheck(db, shop, now);
  await enqueueCoalesced(db, { kind: "plan.requests", payload: {}, shop, triggerId: `install-${now.getTime()}` }, now);
  const settings = await getShopSettings(db, shop);
  if (settings.warehouses.some((warehouse) => warehouse.enabled && warehouse.shopifyLocationId !== null))
    await queueStockSync(db, shop, now, "SETUP");
  // Routing events and order changes received before the uninstall wait as ENQUEUED receipts.
  const waiting = await db.webhookReceipt.groupBy({
    by: ["topic"],
    where: { shop, status: "ENQUEUED", topic: { in: ["fulfillment_orders/order_routing_complete", ...CHANGE_TOPICS] } },
  });
  const kinds = new Set(
    waiting.map(({ topic }): "plan.routed" | "change.orders" =>
      topic === "fulfillment_orders/order_routing_complete" ? "plan.routed" : "change.orders",
    ),
  );
  for (const kind of kinds) await enqueueCoalesced(db, { kind, payload: {}, shop, triggerId: `install-${now.getTime()}` }, now);
}
