/** Cancelling or changing a package the provider has not been sent, never one a push is sending. */
import type { Shipment, ShipmentState } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { CLAIM_RELEASED, LIVE_JOB } from "./sending-claims.server";
import { recordShipmentEvent, type ShipmentChanges, type ShipmentEventInput } from "./shipment.server";
import { recordAlerts } from "../alerts/alerts.server";
import { shipmentAlerts } from "../alerts/shipment-alerts";

export type UnsentCancellation = "cancelled" | "already-cancelled" | "being-sent" | "already-sent";

/**
 * Cancels a shipment whose package will not ship: HELD or READY (not claimed by a live push), or
 * FAILED (the provider could not create it). "being-sent": a push holds it right now, ask again
 * shortly; "already-sent": it is SUBMITTED or further, so the provider has it.
 */
export function cancelUnsentShipment(
  db: DatabaseOrTransaction,
  shipmentId: string,
  event: ShipmentEventInput,
  now = new Date(),
): Promise<UnsentCancellation> {
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
    await tx.shipment.updateMany({
      where: { id: shipment.id, state: shipment.state },
      data: { ...changes, state: to, updatedAt: now, ...CLAIM_RELEASED },
    });
    await recordShipmentEvent(tx, shipment.id, { ...event, data: { ...event.data, stateFrom: shipment.state, stateTo: to } });
    const revised = await tx.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    // READY that goes back to HELD needs a person now; HELD that stays HELD was told already.
    if (shipment.state !== to) await recordAlerts(tx, shipmentAlerts([revised], now), now);
    return { outcome: "revised", shipment: revised };
  });
}
