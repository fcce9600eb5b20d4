/**
 * Cancelling or changing a package the provider has not been sent, never one a push is sending;
 * one whose send is in doubt is withdrawn, and the provider asked first (decision 0040).
 */
import type { Prisma, Shipment, ShipmentState } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { CLAIM_RELEASED, LIVE_JOB } from "./sending-claims.server";
import { recordShipmentEvent, type ShipmentChanges, type ShipmentEventInput } from "./shipment.server";
import { recordAlerts } from "../alerts/alerts.server";
import { shipmentAlerts } from "../alerts/shipment-alerts";
import { WITHDRAWING } from "./shipment-states";
import type { NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";

export type UnsentCancellation =
  | "cancelled"
  | "already-cancelled"
  | "already-sent"
  /**
   * A send may have reached the provider, or is under way: the package is withdrawn (no push may
   * claim it from now on) and the caller's whenWithdrawn queued the question to the provider, whose
   * answer cancels it or finds it sent.
   */
  | "withdrawn";

export interface Withdrawal {
  /** Why, in one sentence for the timeline ("The merchant asked to cancel."), said again in the admin's language. */
  because: NestedSaid;
  /** Queues, in the same transaction, what settles a withdrawn package (app/flows/cancel/send-in-doubt.server.ts). */
  whenWithdrawn(tx: Prisma.TransactionClient): Promise<void>;
}

/** Whether a creation call may have been made for the package: one ended without an answer, or a push holds (or held) it. */
const mayHaveBeenSent = (shipment: Shipment) => shipment.sendInDoubtAt !== null || shipment.sendingJobId !== null;

/**
 * Cancels a shipment whose package will not ship: HELD or READY that no send ever reached for, or
 * FAILED (the provider could not create it). One a send may have reached (a creation call ended
 * without an answer, or a push holds it, running or not) is withdrawn instead ("withdrawn"): no
 * push may claim it from now, and whenWithdrawn queues the question. "already-sent": it is
 * SUBMITTED or further, so the provider has it.
 */
export function cancelUnsentShipment(
  db: DatabaseOrTransaction,
  shipmentId: string,
  event: ShipmentEventInput,
  now: Date,
  withdrawal: Withdrawal,
): Promise<UnsentCancellation> {
  return inTransaction(db, async (tx) => {
    const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
    if (shipment.state === "CANCELLED") return "already-cancelled";
    if (shipment.state !== "HELD" && shipment.state !== "READY" && shipment.state !== "FAILED") return "already-sent";
    if (shipment.state !== "FAILED" && (shipment.sendWithdrawnAt !== null || mayHaveBeenSent(shipment))) {
      if (shipment.sendWithdrawnAt === null) {
        // What the shipment says while the provider is asked: why it was withdrawn, and that nothing more is sent.
        const withdrawing = timelineSaid("withdrawing", withdrawal.because, shipment.packageId);
        await tx.shipment.updateMany({
          where: { id: shipment.id, state: shipment.state, sendWithdrawnAt: null },
          data: {
            sendWithdrawnAt: now,
            lastErrorCode: WITHDRAWING,
            lastErrorText: withdrawing.message,
            lastErrorSay: JSON.stringify(withdrawing.say),
            updatedAt: now,
          },
        });
        await recordShipmentEvent(tx, shipment.id, {
          type: "withdrawn",
          message: withdrawing.message,
          data: {
            say: withdrawing.say,
            state: shipment.state,
            sendInDoubtAt: shipment.sendInDoubtAt?.toISOString() ?? null,
            claimedBy: shipment.sendingJobId,
          },
        });
      }
      await withdrawal.whenWithdrawn(tx);
      return "withdrawn";
    }
    await tx.shipment.updateMany({
      where: { id: shipment.id, state: shipment.state },
      data: { state: "CANCELLED", cancelledAt: now, updatedAt: now, ...CLAIM_RELEASED },
    });
    await recordShipmentEvent(tx, shipment.id, { ...event, data: { ...event.data, stateFrom: shipment.state, stateTo: "CANCELLED" } });
    return "cancelled";
  });
}

export type UnsentRevision =
  | { outcome: "revised"; shipment: Shipment }
  | { outcome: "being-sent" }
  | { outcome: "already-sent" }
  /** A cancellation or change withdrew it: it is settled with the provider, not planned again. */
  | { outcome: "withdrawn" };

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
    if (shipment.sendWithdrawnAt !== null) return { outcome: "withdrawn" };
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
