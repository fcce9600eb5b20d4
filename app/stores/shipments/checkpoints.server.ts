/**
 * Tracking checkpoints recorded before they are written to Shopify, so a crash between Shopify's
 * answer and our record is noticed and the retry looks for the event first. A parcel's new
 * checkpoints are recorded together, and marked sent together once its calls are made: two writes a
 * parcel instead of two transactions a checkpoint (the worker's busiest writes in a sale).
 */
import type { ShipmentCheckpoint } from "@prisma/client";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "../database/database.server";
import { shipmentEventRow, type ShipmentEventInput } from "./shipment.server";

export interface CheckpointIntent {
  key: string;
  status: string;
  happenedAt: Date | null;
  message: string | null;
}

/** A checkpoint's Shopify event, made (or found) and to be marked sent, with its timeline event. */
export interface CheckpointSent {
  checkpointId: string;
  /** Null when the shipment has no fulfilment to write to: recorded as news all the same. */
  shopifyEventId: string | null;
  event: ShipmentEventInput;
}

/** The checkpoints recorded for each of the shipments, by key: one read for a tracking query's parcels. */
export async function recordedCheckpoints(
  db: DatabaseOrTransaction,
  shipmentIds: readonly string[],
): Promise<Map<string, Map<string, ShipmentCheckpoint>>> {
  const recorded = new Map(shipmentIds.map((id) => [id, new Map<string, ShipmentCheckpoint>()]));
  if (shipmentIds.length === 0) return recorded;
  for (const row of await db.shipmentCheckpoint.findMany({ where: { shipmentId: { in: [...shipmentIds] } } }))
    recorded.get(row.shipmentId)?.set(row.key, row);
  return recorded;
}

/**
 * Records that checkpoints are about to be written to Shopify (sentAt null), before the calls, so a
 * crash between Shopify's answer and markCheckpointsSent is noticed: the retry looks for the event
 * in Shopify first. Takes checkpoints not recorded before (the caller has read the parcel's rows:
 * recordedCheckpoints), in one statement; a key another run recorded meanwhile breaks the unique
 * (shipmentId, key), so this run fails as a whole and its retry finds the row. Returns the rows, by key.
 */
export async function recordCheckpointIntents(
  db: DatabaseOrTransaction,
  shipmentId: string,
  fresh: readonly CheckpointIntent[],
): Promise<Map<string, ShipmentCheckpoint>> {
  if (fresh.length === 0) return new Map();
  const created = await db.shipmentCheckpoint.createManyAndReturn({ data: fresh.map((c) => ({ shipmentId, ...c })) });
  return new Map(created.map((row) => [row.key, row]));
}

/**
 * Marks checkpoints sent (with their Shopify events) and writes their timeline events, in one
 * transaction. `withEvents` false: the caller writes the timeline events in its own transaction
 * (a move to DELIVERED writes them with its own event, in one statement).
 */
export async function markCheckpointsSent(
  db: DatabaseOrTransaction,
  shipmentId: string,
  sent: readonly CheckpointSent[],
  now = new Date(),
  { withEvents = true } = {},
): Promise<void> {
  if (sent.length === 0) return;
  // One UPDATE for the parcel's checkpoints, each given its own event's id.
  const eventIds = sent.map(() => `WHEN ? THEN ?`).join(" ");
  const ids = sent.map(() => "?").join(", ");
  await inTransaction(db, async (tx) => {
    await tx.$executeRawUnsafe(
      sqlFor(tx, `UPDATE "ShipmentCheckpoint" SET "sentAt" = ?, "shopifyEventId" = CASE "id" ${eventIds} END WHERE "id" IN (${ids})`),
      now,
      ...sent.flatMap(({ checkpointId, shopifyEventId }) => [checkpointId, shopifyEventId]),
      ...sent.map(({ checkpointId }) => checkpointId),
    );
    if (withEvents) await tx.shipmentEvent.createMany({ data: sent.map(({ event }) => shipmentEventRow(shipmentId, event, now)) });
  });
}
