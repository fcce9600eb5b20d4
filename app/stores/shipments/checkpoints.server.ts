/**
 * Tracking checkpoints recorded before they are written to Shopify, so a crash between Shopify's
 * answer and our record is noticed and the retry looks for the event first.
 */
import type { ShipmentCheckpoint } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { recordShipmentEvent, type ShipmentEventInput } from "./shipment.server";

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
export function recordCheckpointIntent(
  db: DatabaseOrTransaction,
  shipmentId: string,
  checkpoint: CheckpointIntent,
): Promise<ShipmentCheckpoint> {
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
