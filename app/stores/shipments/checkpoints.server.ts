/**
 * Tracking checkpoints recorded before they are written to Shopify, so a crash between Shopify's
 * answer and our record is noticed and the retry looks for the event first. A tracking query's new
 * checkpoints are recorded together before its calls, and marked sent together after them: two
 * writes for up to 20 parcels instead of two transactions a checkpoint (decisions 0054, 0055).
 */
import type { ShipmentCheckpoint } from "@prisma/client";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "../database/database.server";
import { insertRows, insertRowsReturning, newRowId } from "../database/insert-rows.server";
import { shipmentEventRow, type ShipmentEventInput } from "./shipment.server";

export interface CheckpointIntent {
  shipmentId: string;
  key: string;
  status: string;
  happenedAt: Date | null;
  message: string | null;
}

/** A checkpoint's Shopify event, made (or found) and to be marked sent, with its timeline event. */
export interface CheckpointSent {
  shipmentId: string;
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
 * in Shopify first. Takes checkpoints not recorded before (the caller has read the parcels' rows:
 * recordedCheckpoints), of several parcels in one statement; a key another run recorded meanwhile
 * breaks the unique (shipmentId, key), so this run fails as a whole and its retry finds the row.
 * Returns the rows, by shipment and key.
 */
export async function recordCheckpointIntents(
  db: DatabaseOrTransaction,
  fresh: readonly CheckpointIntent[],
): Promise<Map<string, Map<string, ShipmentCheckpoint>>> {
  const rows = new Map<string, Map<string, ShipmentCheckpoint>>();
  if (fresh.length === 0) return rows;
  const now = new Date();
  const written = await insertRowsReturning<"ShipmentCheckpoint", ShipmentCheckpoint>(
    db,
    "ShipmentCheckpoint",
    fresh.map((checkpoint) => ({ id: newRowId(), ...checkpoint, createdAt: now })),
  );
  for (const row of written) {
    const ofShipment = rows.get(row.shipmentId) ?? new Map<string, ShipmentCheckpoint>();
    rows.set(row.shipmentId, ofShipment.set(row.key, row));
  }
  return rows;
}

/**
 * Marks checkpoints sent (with their Shopify events) and writes their timeline events, in order,
 * in one transaction: one UPDATE and one INSERT, for one parcel's or several parcels' checkpoints.
 */
export async function markCheckpointsSent(db: DatabaseOrTransaction, sent: readonly CheckpointSent[], now = new Date()): Promise<void> {
  if (sent.length === 0) return;
  // Each checkpoint given its own event's id.
  const eventIds = sent.map(() => `WHEN ? THEN ?`).join(" ");
  const ids = sent.map(() => "?").join(", ");
  await inTransaction(db, async (tx) => {
    await tx.$executeRawUnsafe(
      sqlFor(tx, `UPDATE "ShipmentCheckpoint" SET "sentAt" = ?, "shopifyEventId" = CASE "id" ${eventIds} END WHERE "id" IN (${ids})`),
      now,
      ...sent.flatMap(({ checkpointId, shopifyEventId }) => [checkpointId, shopifyEventId]),
      ...sent.map(({ checkpointId }) => checkpointId),
    );
    await insertRows(
      tx,
      "ShipmentEvent",
      sent.map(({ shipmentId, event }) => shipmentEventRow(shipmentId, event, now)),
    );
  });
}
