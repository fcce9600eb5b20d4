/**
 * READY packages claimed by the push that sends them, in one transaction, so a cancellation or a
 * change either sees the claim or wins before it; a claim whose job died can be taken over. A
 * package a cancellation or change withdrew (sendWithdrawnAt) is never claimed again, whoever asks.
 */
import type { Prisma, Shipment, ShipmentKind } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import type { ShipmentChanges } from "./shipment.server";

/** A push target: one warehouse (outbound) or one handling location (drop-ship) of one shop. */
export interface PushTarget {
  shop: string;
  kind: ShipmentKind;
  origin: string;
}

/** READY and not withdrawn: what a push may send. */
const SENDABLE = { state: "READY", sendWithdrawnAt: null } as const satisfies Prisma.ShipmentWhereInput;

/** The push targets of a shop that have READY shipments. */
export async function readyPushTargets(db: DatabaseOrTransaction, shop: string): Promise<PushTarget[]> {
  const groups = await db.shipment.groupBy({ by: ["kind", "warehouseCode"], where: { shop, ...SENDABLE } });
  return groups.flatMap((group) => (group.warehouseCode === null ? [] : [{ shop, kind: group.kind, origin: group.warehouseCode }]));
}

export function countReady(db: DatabaseOrTransaction, target: PushTarget): Promise<number> {
  return db.shipment.count({ where: { shop: target.shop, kind: target.kind, warehouseCode: target.origin, ...SENDABLE } });
}

/**
 * How many shipments of the target are READY; since when the longest-waiting one is (counted from
 * its order's placing where known, else from when it became READY: decision 0051); and when the
 * last one joined.
 */
export async function readyBacklog(
  db: DatabaseOrTransaction,
  target: PushTarget,
): Promise<{ count: number; waitingSince: Date | null; newestReadyAt: Date | null }> {
  const where: Prisma.ShipmentWhereInput = { shop: target.shop, kind: target.kind, warehouseCode: target.origin, ...SENDABLE };
  const { _count, _min, _max } = await db.shipment.aggregate({
    where,
    _count: true,
    _min: { updatedAt: true, orderPlacedAt: true },
    _max: { updatedAt: true },
  });
  // An order is placed before its package is READY, so the earlier of the two minimums is the
  // earliest of each package's own start (its placing, or its READY when the placing is unknown).
  const starts = [_min.updatedAt, _min.orderPlacedAt].filter((at): at is Date => at !== null);
  const waitingSince = starts.length === 0 ? null : new Date(Math.min(...starts.map((at) => at.getTime())));
  return { count: _count, waitingSince, newestReadyAt: _max.updatedAt };
}

/** A job that may still act on what it claimed. */
export const LIVE_JOB: Prisma.JobWhereInput["status"] = { in: ["PENDING", "RUNNING"] };

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
export function claimReadyShipments(
  db: DatabaseOrTransaction,
  target: PushTarget,
  claim: SendingClaim,
  limit: number,
): Promise<Shipment[]> {
  return inTransaction(db, async (tx) => {
    const where: Prisma.ShipmentWhereInput = { shop: target.shop, kind: target.kind, warehouseCode: target.origin, ...SENDABLE };
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
export function claimShipmentForSending(
  db: DatabaseOrTransaction,
  shop: string,
  shipmentId: string,
  claim: SendingClaim,
): Promise<Shipment | null> {
  return inTransaction(db, async (tx) => {
    const where: Prisma.ShipmentWhereInput = { id: shipmentId, shop, ...SENDABLE };
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
  await db.shipment.updateMany({
    where: { id: { in: [...shipmentIds] }, sendingJobId: jobId },
    data: { sendingJobId: null, sendingAt: null },
  });
}

/**
 * The creation call for these claimed packages ended without an answer (5xx, network, timeout):
 * the provider may have them. The claims stay with the job, which sends the same PackageIds again;
 * a cancellation that meets them asks the provider first (decision 0040).
 */
export async function recordSendInDoubt(
  db: DatabaseOrTransaction,
  jobId: string,
  shipmentIds: readonly string[],
  now: Date,
): Promise<void> {
  await db.shipment.updateMany({ where: { id: { in: [...shipmentIds] }, sendingJobId: jobId }, data: { sendInDoubtAt: now } });
}

/**
 * Whether a creation call for the package may be under way right now, so that asking the provider
 * could be answered before the call lands: its claim's job is running, or is waiting behind a
 * person's send-now whose request is still calling (send-one.server.ts) — a live claim with no
 * doubt recorded since it was taken. A claim whose job is gone, or whose last call ended in doubt,
 * has no call under way.
 */
export async function creationMayBeUnderWay(
  db: DatabaseOrTransaction,
  shipment: Pick<Shipment, "sendingJobId" | "sendingAt" | "sendInDoubtAt">,
): Promise<boolean> {
  if (shipment.sendingJobId === null) return false;
  const holder = await db.job.findUnique({ where: { id: shipment.sendingJobId }, select: { status: true } });
  if (holder === null || (holder.status !== "PENDING" && holder.status !== "RUNNING")) return false;
  if (holder.status === "RUNNING") return true;
  return shipment.sendInDoubtAt === null || shipment.sendingAt === null || shipment.sendInDoubtAt < shipment.sendingAt;
}

/** The columns that end a claim, for the transition that follows a send. */
export const CLAIM_RELEASED = { sendingJobId: null, sendingAt: null } as const satisfies ShipmentChanges;

/** The provider answered the send (accepted or refused it): the claim ends and nothing is in doubt any more. */
export const SEND_ANSWERED = { ...CLAIM_RELEASED, sendInDoubtAt: null } as const satisfies ShipmentChanges;
