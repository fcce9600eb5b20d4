/**
 * The shipment reads and writes of the pipeline (app/flows): a shipment recorded once per
 * fulfillment order, READY packages claimed by the push that sends them (so a cancellation never
 * races a send), and tracking checkpoints recorded before they are written to Shopify.
 */
import type { Prisma, Shipment, ShipmentCheckpoint, ShipmentKind, ShipmentState } from "@prisma/client";
import { z } from "zod";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { recordShipmentEvent, shipmentEventRow, type ShipmentChanges, type ShipmentEventInput } from "./shipment.server";
import { decodePackageRequest, encodePackageRequest, type PackageRequest } from "~/connector/package-request";

/** A fulfillment order line item and how many of it the package carries. */
export const ShipmentLine = z.object({ id: z.string().min(1), quantity: z.number().int().positive() });
export type ShipmentLine = z.infer<typeof ShipmentLine>;
const ShipmentLines = z.array(ShipmentLine);

/** Why a shipment is held, as the connector says it (app/connector/hold.ts). */
export const StoredHoldReason = z.object({
  field: z.string(),
  value: z.string().optional(),
  limit: z.number().optional(),
  lineItemId: z.string().optional(),
  message: z.string(),
});
export type StoredHoldReason = z.infer<typeof StoredHoldReason>;

/** The planned line items of a shipment; empty when none were stored (or they do not parse). */
export function shipmentLines(shipment: Pick<Shipment, "lineItems">): ShipmentLine[] {
  if (shipment.lineItems === null) return [];
  const parsed = ShipmentLines.safeParse(JSON.parse(shipment.lineItems));
  return parsed.success ? parsed.data : [];
}

/** Another parcel of the package (several boxes): its tracking number, and its page once known. */
export const OtherParcel = z.object({ number: z.string().min(1), url: z.string().nullable() });
export type OtherParcel = z.infer<typeof OtherParcel>;

/** The package's other parcels; empty when it has none (or they do not parse). */
export function otherParcelsOf(shipment: Pick<Shipment, "extraTrackingNumbers">): OtherParcel[] {
  if (shipment.extraTrackingNumbers === null) return [];
  const parsed = z.array(OtherParcel).safeParse(JSON.parse(shipment.extraTrackingNumbers));
  return parsed.success ? parsed.data : [];
}

/** The column's text for these parcels (null for none). */
export function otherParcelsText(parcels: readonly OtherParcel[]): string | null {
  return parcels.length === 0 ? null : JSON.stringify(parcels);
}

export function holdReasonsOf(shipment: Pick<Shipment, "holdReasons">): StoredHoldReason[] {
  if (shipment.holdReasons === null) return [];
  const parsed = z.array(StoredHoldReason).safeParse(JSON.parse(shipment.holdReasons));
  return parsed.success ? parsed.data : [];
}

/** The columns a hold writes: every reason, and their messages as the shipment's last error. */
export function heldChanges(code: string, reasons: readonly StoredHoldReason[]): { lastErrorCode: string; lastErrorText: string | null; holdReasons: string } {
  return {
    lastErrorCode: code,
    lastErrorText: reasons.map((reason) => reason.message).join(" ") || null,
    holdReasons: JSON.stringify(reasons),
  };
}

export interface NewShipment {
  shop: string;
  kind: ShipmentKind;
  state: Extract<ShipmentState, "READY" | "HELD">;
  fulfillmentOrderId: string;
  orderId: string;
  orderName: string;
  packageId: string;
  /** Outbound: the provider's WarehouseId; drop-ship: the provider's handling Location. */
  origin: string | null;
  serviceCode: string | null;
  /** The package as it will be sent (holds the recipient's address: erased on customers/redact). */
  request: PackageRequest | null;
  lineItems: readonly ShipmentLine[];
  /** SKUs and recipient, lower case, for the Shipments search (holds the recipient's name). */
  searchText?: string;
  /** When HELD: the code and the reasons. */
  hold?: { code: string; reasons: readonly StoredHoldReason[] };
  /** When HELD until a scheduled fulfillment order opens. */
  waitUntil?: Date;
  event: ShipmentEventInput;
}

/**
 * Records the shipment of a fulfillment order, with its first timeline event, unless the fulfillment
 * order already has one: then that one is returned unchanged (`created` false). Webhooks and
 * callbacks repeat, and two jobs may plan the same fulfillment order; one shipment results.
 */
export async function recordNewShipment(db: DatabaseOrTransaction, input: NewShipment): Promise<{ shipment: Shipment; created: boolean }> {
  const [recorded] = await recordNewShipments(db, [input]);
  if (!recorded) throw new Error(`No shipment recorded for ${input.fulfillmentOrderId}`);
  return recorded;
}

/**
 * recordNewShipment for several fulfillment orders of one shop, in three statements whatever their
 * number (read the known, insert the new, insert their events): a planning round holds the shop's
 * write lock for these alone, and on PostgreSQL every statement is a round trip under it
 * (decision 0032). In the order given; a fulfillment order named twice is recorded once.
 */
export async function recordNewShipments(db: DatabaseOrTransaction, inputs: readonly NewShipment[]): Promise<{ shipment: Shipment; created: boolean }[]> {
  if (inputs.length === 0) return [];
  const shop = inputs[0]?.shop;
  if (inputs.some((input) => input.shop !== shop)) throw new Error("recordNewShipments records one shop's shipments at a time");
  return inTransaction(db, async (tx) => {
    const known = await tx.shipment.findMany({ where: { shop, fulfillmentOrderId: { in: inputs.map((input) => input.fulfillmentOrderId) } } });
    const byFulfillmentOrder = new Map(known.map((shipment) => [shipment.fulfillmentOrderId, { shipment, created: false }]));
    const fresh = new Map<string, NewShipment>();
    for (const input of inputs) if (!byFulfillmentOrder.has(input.fulfillmentOrderId) && !fresh.has(input.fulfillmentOrderId)) fresh.set(input.fulfillmentOrderId, input);
    if (fresh.size > 0) {
      const created = await tx.shipment.createManyAndReturn({ data: [...fresh.values()].map(shipmentRow) });
      for (const shipment of created) byFulfillmentOrder.set(shipment.fulfillmentOrderId, { shipment, created: true });
      await tx.shipmentEvent.createMany({
        data: created.map((shipment) => {
          const { event, state } = fresh.get(shipment.fulfillmentOrderId) as NewShipment;
          return shipmentEventRow(shipment.id, { ...event, data: { ...event.data, stateTo: state } });
        }),
      });
    }
    return inputs.map((input) => byFulfillmentOrder.get(input.fulfillmentOrderId) as { shipment: Shipment; created: boolean });
  });
}

function shipmentRow(input: NewShipment): Prisma.ShipmentCreateManyInput {
  return {
    shop: input.shop,
    kind: input.kind,
    state: input.state,
    fulfillmentOrderId: input.fulfillmentOrderId,
    orderId: input.orderId,
    orderName: input.orderName,
    packageId: input.packageId,
    warehouseCode: input.origin,
    serviceCode: input.serviceCode,
    requestSent: input.request === null ? null : encodePackageRequest(input.request),
    lineItems: JSON.stringify(input.lineItems),
    searchText: input.searchText ?? null,
    ...(input.hold ? heldChanges(input.hold.code, input.hold.reasons) : {}),
    waitUntil: input.waitUntil ?? null,
  };
}

export function findShipmentOfFulfillmentOrder(db: DatabaseOrTransaction, shop: string, fulfillmentOrderId: string): Promise<Shipment | null> {
  return db.shipment.findUnique({ where: { shop_fulfillmentOrderId: { shop, fulfillmentOrderId } } });
}

/** Which of these fulfillment orders already have a shipment. */
export async function fulfillmentOrdersWithShipments<Id extends string>(db: DatabaseOrTransaction, shop: string, fulfillmentOrderIds: readonly Id[]): Promise<Set<Id>> {
  if (fulfillmentOrderIds.length === 0) return new Set();
  const rows = await db.shipment.findMany({ where: { shop, fulfillmentOrderId: { in: [...fulfillmentOrderIds] } }, select: { fulfillmentOrderId: true } });
  const known = new Set(rows.map((row) => row.fulfillmentOrderId));
  return new Set(fulfillmentOrderIds.filter((id) => known.has(id)));
}

/** A push target: one warehouse (outbound) or one handling location (drop-ship) of one shop. */
export interface PushTarget {
  shop: string;
  kind: ShipmentKind;
  origin: string;
}

/** The push targets of a shop that have READY shipments. */
export async function readyPushTargets(db: DatabaseOrTransaction, shop: string): Promise<PushTarget[]> {
  const groups = await db.shipment.groupBy({ by: ["kind", "warehouseCode"], where: { shop, state: "READY" } });
  return groups.flatMap((group) => (group.warehouseCode === null ? [] : [{ shop, kind: group.kind, origin: group.warehouseCode }]));
}

export function countReady(db: DatabaseOrTransaction, target: PushTarget): Promise<number> {
  return db.shipment.count({ where: { shop: target.shop, kind: target.kind, warehouseCode: target.origin, state: "READY" } });
}

/** How many shipments of the target are READY, and since when the longest-waiting one is. */
export async function readyBacklog(db: DatabaseOrTransaction, target: PushTarget): Promise<{ count: number; oldestReadyAt: Date | null; newestReadyAt: Date | null }> {
  const where: Prisma.ShipmentWhereInput = { shop: target.shop, kind: target.kind, warehouseCode: target.origin, state: "READY" };
  const { _count, _min, _max } = await db.shipment.aggregate({ where, _count: true, _min: { updatedAt: true }, _max: { updatedAt: true } });
  return { count: _count, oldestReadyAt: _min.updatedAt, newestReadyAt: _max.updatedAt };
}

const LIVE_JOB: Prisma.JobWhereInput["status"] = { in: ["PENDING", "RUNNING"] };

/** Claim holders (push jobs) that are no longer alive, among `jobIds`: their claims may be taken over. */
async function deadClaimHolders(db: DatabaseOrTransaction, jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const live = await db.job.findMany({ where: { id: { in: [...jobIds] }, status: LIVE_JOB }, select: { id: true } });
  const alive = new Set(live.map((job) => job.id));
  return jobIds.filter((id) => !alive.has(id));
}

export interface SendingClaim {
  jobId: string;
  now: Date;
  /** A claim whose job is gone is still respected this long (its job may be being re-armed). */
  graceMs: number;
}

/**
 * Claims up to `limit` READY shipments of the target for the push job `claim.jobId`, oldest first:
 * unclaimed ones, the job's own earlier claims (its previous run died with an unknown outcome: the
 * same packages are sent again, which the provider answers "not changed"), and claims of jobs that
 * no longer exist. One transaction, so a cancellation either sees the claim or wins before it.
 */
export function claimReadyShipments(db: DatabaseOrTransaction, target: PushTarget, claim: SendingClaim, limit: number): Promise<Shipment[]> {
  return inTransaction(db, async (tx) => {
    const where: Prisma.ShipmentWhereInput = { shop: target.shop, kind: target.kind, warehouseCode: target.origin, state: "READY" };
    const candidates = await tx.shipment.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: limit * 2,
      select: { id: true, sendingJobId: true, sendingAt: true },
    });
    const foreign = [...new Set(candidates.flatMap((c) => (c.sendingJobId && c.sendingJobId !== claim.jobId ? [c.sendingJobId] : [])))];
    const takeable = new Set(await deadClaimHolders(tx, foreign));
    const staleBefore = claim.now.getTime() - claim.graceMs;
    const ids = candidates
      .filter(
        (c) =>
          c.sendingJobId === null ||
          c.sendingJobId === claim.jobId ||
          (takeable.has(c.sendingJobId) && (c.sendingAt === null || c.sendingAt.getTime() < staleBefore)),
      )
      .slice(0, limit)
      .map((c) => c.id);
    if (ids.length === 0) return [];
    await tx.shipment.updateMany({ where: { ...where, id: { in: ids } }, data: { sendingJobId: claim.jobId, sendingAt: claim.now } });
    return tx.shipment.findMany({ where: { id: { in: ids }, sendingJobId: claim.jobId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  });
}

/**
 * Claims one READY shipment of the shop for `claim.jobId` (a package a person sends now), by the
 * rules claimReadyShipments follows: unclaimed, already this job's, or held by a job that is gone
 * and past the grace. Null when it is not READY, or a live push is sending it right now.
 */
export function claimShipmentForSending(db: DatabaseOrTransaction, shop: string, shipmentId: string, claim: SendingClaim): Promise<Shipment | null> {
  return inTransaction(db, async (tx) => {
    const where: Prisma.ShipmentWhereInput = { id: shipmentId, shop, state: "READY" };
    const found = await tx.shipment.findFirst({ where, select: { sendingJobId: true, sendingAt: true } });
    if (found === null) return null;
    const holder = found.sendingJobId;
    if (holder !== null && holder !== claim.jobId) {
      const gone = (await deadClaimHolders(tx, [holder])).length === 1;
      const stale = found.sendingAt === null || found.sendingAt.getTime() < claim.now.getTime() - claim.graceMs;
      if (!gone || !stale) return null;
    }
    await tx.shipment.updateMany({ where, data: { sendingJobId: claim.jobId, sendingAt: claim.now } });
    return tx.shipment.findFirst({ where: { ...where, sendingJobId: claim.jobId } });
  });
}

/** Gives back a job's claims (nothing was sent: a 429 before the provider looked at the batch). */
export async function releaseSendingClaims(db: DatabaseOrTransaction, jobId: string, shipmentIds: readonly string[]): Promise<void> {
  await db.shipment.updateMany({ where: { id: { in: [...shipmentIds] }, sendingJobId: jobId }, data: { sendingJobId: null, sendingAt: null } });
}

/** The columns that end a claim, for the transition that follows a send. */
export const CLAIM_RELEASED = { sendingJobId: null, sendingAt: null } as const satisfies ShipmentChanges;

export type UnsentCancellation = "cancelled" | "already-cancelled" | "being-sent" | "already-sent";

/**
 * Cancels a shipment whose package will not ship: HELD or READY (not claimed by a live push), or
 * FAILED (the provider could not create it). "being-sent": a push holds it right now, ask again
 * shortly; "already-sent": it is SUBMITTED or further, so the provider has it.
 */
export function cancelUnsentShipment(db: DatabaseOrTransaction, shipmentId: string, event: ShipmentEventInput, now = new Date()): Promise<UnsentCancellation> {
  return inTransaction(db, async (tx) => {
    const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
    if (shipment.state === "CANCELLED") return "already-cancelled";
    if (shipment.state !== "HELD" && shipment.state !== "READY" && shipment.state !== "FAILED") return "already-sent";
    if (shipment.sendingJobId !== null) {
      const live = await tx.job.count({ where: { id: shipment.sendingJobId, status: LIVE_JOB } });
      if (live > 0) return "being-sent";
    }
    await tx.shipment.updateMany({
      where: { id: shipment.id, state: shipment.state },
      data: { state: "CANCELLED", cancelledAt: now, updatedAt: now, ...CLAIM_RELEASED },
    });
    await recordShipmentEvent(tx, shipment.id, { ...event, data: { ...event.data, stateFrom: shipment.state, stateTo: "CANCELLED" } });
    return "cancelled";
  });
}

export type UnsentRevision = { outcome: "revised"; shipment: Shipment } | { outcome: "being-sent" } | { outcome: "already-sent" };

/**
 * Changes a package the provider has not been sent (READY, no push sending it now): planned again
 * after its order changed, it stays READY with the new package or goes back to HELD. A push that
 * claimed it meanwhile wins ("being-sent": look again once it is done); one sent already is
 * "already-sent". Checked and written in one transaction, so a push never sends a half-changed package.
 */
export function reviseUnsentShipment(
  db: DatabaseOrTransaction,
  shipmentId: string,
  to: Extract<ShipmentState, "READY" | "HELD">,
  changes: ShipmentChanges,
  event: ShipmentEventInput,
  now = new Date(),
): Promise<UnsentRevision> {
  return inTransaction(db, async (tx) => {
    const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
    if (shipment.state !== "HELD" && shipment.state !== "READY") return { outcome: "already-sent" };
    if (shipment.sendingJobId !== null) {
      const live = await tx.job.count({ where: { id: shipment.sendingJobId, status: LIVE_JOB } });
      if (live > 0) return { outcome: "being-sent" };
    }
    await tx.shipment.updateMany({ where: { id: shipment.id, state: shipment.state }, data: { ...changes, state: to, updatedAt: now, ...CLAIM_RELEASED } });
    await recordShipmentEvent(tx, shipment.id, { ...event, data: { ...event.data, stateFrom: shipment.state, stateTo: to } });
    return { outcome: "revised", shipment: await tx.shipment.findUniqueOrThrow({ where: { id: shipment.id } }) };
  });
}

/** Shipments of a shop in a state, oldest first (or least recently polled first when asked). */
export function shipmentsInState(
  db: DatabaseOrTransaction,
  shop: string,
  state: ShipmentState,
  options: { kind?: ShipmentKind; where?: Prisma.ShipmentWhereInput; take: number; leastRecentlyPolled?: boolean },
): Promise<Shipment[]> {
  return db.shipment.findMany({
    where: { shop, state, ...(options.kind ? { kind: options.kind } : {}), ...options.where },
    orderBy: options.leastRecentlyPolled ? [{ lastPolledAt: { sort: "asc", nulls: "first" } }, { id: "asc" }] : [{ createdAt: "asc" }, { id: "asc" }],
    take: options.take,
  });
}

export function countInState(
  db: DatabaseOrTransaction,
  shop: string,
  state: ShipmentState,
  options: { kind?: ShipmentKind; where?: Prisma.ShipmentWhereInput } = {},
): Promise<number> {
  return db.shipment.count({ where: { shop, state, ...(options.kind ? { kind: options.kind } : {}), ...options.where } });
}

export async function markPolled(db: DatabaseOrTransaction, shipmentIds: readonly string[], now: Date): Promise<void> {
  if (shipmentIds.length === 0) return;
  await db.shipment.updateMany({ where: { id: { in: [...shipmentIds] } }, data: { lastPolledAt: now } });
}

export interface CheckpointIntent {
  key: string;
  status: string;
  happenedAt: Date | null;
  message: string | null;
}

/** The checkpoints recorded for a shipment, by key. */
export async function recordedCheckpoints(db: DatabaseOrTransaction, shipmentId: string): Promise<Map<string, ShipmentCheckpoint>> {
  const rows = await db.shipmentCheckpoint.findMany({ where: { shipmentId } });
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * Records that a checkpoint is about to be written to Shopify (sentAt null). Written before the
 * call, so a crash between Shopify's answer and markCheckpointSent is noticed: the retry looks for
 * the event in Shopify first. Returns the existing row if the checkpoint was recorded before.
 */
export function recordCheckpointIntent(db: DatabaseOrTransaction, shipmentId: string, checkpoint: CheckpointIntent): Promise<ShipmentCheckpoint> {
  return inTransaction(db, async (tx) => {
    const existing = await tx.shipmentCheckpoint.findUnique({ where: { shipmentId_key: { shipmentId, key: checkpoint.key } } });
    if (existing) return existing;
    return tx.shipmentCheckpoint.create({ data: { shipmentId, ...checkpoint } });
  });
}

export async function markCheckpointSent(
  db: DatabaseOrTransaction,
  checkpointId: string,
  shopifyEventId: string | null,
  event: { shipmentId: string; event: ShipmentEventInput },
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.shipmentCheckpoint.update({ where: { id: checkpointId }, data: { sentAt: now, shopifyEventId } });
    await recordShipmentEvent(tx, event.shipmentId, event.event);
  });
}

/**
 * Units of a warehouse's packages that the provider has created (so its stock no longer counts
 * them) while Shopify still holds them as committed at the warehouse's location: CREATED shipments
 * whose fulfilment is not being written yet. By the provider's SKU. The stock sync adds them back
 * to the provider's count, so Shopify does not take them off twice (docs/decisions/0013).
 */
export async function unitsCreatedNotFulfilled(db: DatabaseOrTransaction, shop: string, warehouseId: string): Promise<Map<string, number>> {
  const shipments = await db.shipment.findMany({
    where: { shop, kind: "OUTBOUND", warehouseCode: warehouseId, state: "CREATED", fulfilmentIntentAt: null },
    select: { kind: true, requestSent: true },
  });
  const units = new Map<string, number>();
  for (const shipment of shipments) {
    if (shipment.requestSent === null) continue;
    const request = decodePackageRequest(shipment.kind, shipment.requestSent);
    if (!request.success) continue;
    for (const line of request.data.body.Skus) units.set(line.Sku, (units.get(line.Sku) ?? 0) + line.Quantity);
  }
  return units;
}
