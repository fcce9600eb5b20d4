/**
 * Moving a shipment between states. Every move writes a ShipmentEvent in the same transaction,
 * so the timeline a merchant reads never misses a change nor shows one that did not happen.
 */
import type { Prisma, Shipment, ShipmentState } from "@prisma/client";
import { z } from "zod";
import { inTransaction, isRecordNotFound, sqlFor, type DatabaseOrTransaction } from "../database/database.server";
import { insertRows, newRowId, type InsertRow } from "../database/insert-rows.server";
import { orderToAccepted, trackingToFulfilled } from "~/metrics/metrics.server";
import { canTransition } from "./shipment-states";
import { eachValueUpdate, groupMovesAlike } from "./moves-alike";
import { recordAlerts } from "../alerts/alerts.server";
import { shipmentAlerts } from "../alerts/shipment-alerts";
import { costMonthsMoved, storedCostsOf, writesCosts } from "./shipping-cost-months.server";

/** What happened to a shipment, in the words of its timeline. */
export const ShipmentEventType = z.enum([
  "webhook_received",
  "validated",
  "held",
  "sent",
  "provider_answer",
  "status_polled",
  "fulfilment_written",
  "tracking_event",
  "retry_requested",
  "cancelled",
  // The pipeline's (app/flows):
  "created",
  "failed",
  "tracking_updated",
  "delivered",
  "cancellation_answered",
  "write_back_refused",
  // Orders that change (app/flows/change):
  "replanned",
  // After sending (issue 11):
  /** The fulfilment claims less than the package carried: the fulfillment order no longer has the rest. */
  "partly_claimed",
  /** Changed in Shopify after the package was sent (an edit, a move, an address): recordChangeAfterSend. */
  "changed_in_shopify",
  /** A package the provider could not create, handed back to Shopify (or why it could not be). */
  "handed_back",
  // A cancellation or change that meets a send in doubt (decision 0040):
  /** Withdrawn: no push may send it any more; the provider is asked whether it has it. */
  "withdrawn",
  /** The provider could not say whether it has a withdrawn package: why, and what Shopify was told. */
  "provider_unreachable",
  /** The follow ended without a delivery: deleted, returned, exception, lost, no news. */
  "ended",
  /** A person marked the change or the ending as seen. */
  "attention_handled",
  // Declarations (issue 13, app/flows/declare):
  /** A corrected customs declaration the provider accepted (operation 10). */
  "declared",
  /** A customs declaration the provider refused, or could not take because the parcel has shipped. */
  "declaration_refused",
]);
export type ShipmentEventType = z.infer<typeof ShipmentEventType>;

export interface ShipmentEventInput {
  type: ShipmentEventType;
  /** One sentence a merchant can act on. No personal data: it outlives customer redaction. */
  message: string;
  /** Details for support (provider status, TicketId, checkpoint). Never secrets. */
  data?: Record<string, unknown>;
}

/** Fields a transition may change along with the state. */
export type ShipmentChanges = Omit<
  Prisma.ShipmentUpdateManyMutationInput,
  "id" | "shop" | "state" | "packageId" | "fulfillmentOrderId" | "createdAt" | "updatedAt"
>;

export class IllegalShipmentTransition extends Error {
  override readonly name = "IllegalShipmentTransition";
  constructor(
    readonly from: ShipmentState,
    readonly to: ShipmentState,
  ) {
    super(`A shipment cannot go from ${from} to ${to}`);
  }
}

/** The shipment moved since the caller read it (another job, a person): read it again and decide again. */
export class ShipmentStateChanged extends Error {
  override readonly name = "ShipmentStateChanged";
}

/** Keys that would carry a secret into the timeline; refused rather than stored. */
const SECRET_KEY = /token|secret|password|authorization|credential|api[-_]?key/i;

function secretKeyIn(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(secretKeyIn).find((key) => key !== undefined);
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) return key;
    const nested = secretKeyIn(inner);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

function eventData(data: Record<string, unknown> | undefined): string | null {
  if (data === undefined) return null;
  const secret = secretKeyIn(data);
  if (secret !== undefined) throw new Error(`Shipment event data must not hold secrets, yet it has a "${secret}"`);
  return JSON.stringify(data);
}

/** When the shipment entered `state`, for the states that have such a column. */
function enteredAt(state: ShipmentState, now: Date): ShipmentChanges {
  switch (state) {
    case "SUBMITTED":
      return { submittedAt: now };
    case "CREATED":
      return { providerCreatedAt: now };
    case "FULFILLED":
      return { fulfilledAt: now };
    case "DELIVERED":
      return { deliveredAt: now };
    case "FAILED":
      return { failedAt: now };
    case "CANCELLED":
      return { cancelledAt: now };
    case "ENDED":
      return { endedAt: now };
    case "HELD":
    case "READY":
      return {};
  }
}

/**
 * Moves `shipment` from the state the caller read to `to`, with `changes`, and records `event`.
 * Refuses a move the state machine does not allow, and one from a state the shipment has left.
 */
export async function transition(
  db: DatabaseOrTransaction,
  shipment: Pick<Shipment, "id" | "state">,
  to: ShipmentState,
  event: ShipmentEventInput,
  changes: ShipmentChanges = {},
): Promise<Shipment> {
  if (!canTransition(shipment.state, to)) throw new IllegalShipmentTransition(shipment.state, to);
  const now = new Date();
  // Built first: an event that would hold a secret is refused before anything is written.
  const eventRow = shipmentEventRow(shipment.id, { ...event, data: { ...event.data, stateFrom: shipment.state, stateTo: to } }, now);
  const moved = await inTransaction(db, async (tx) => {
    // Costs written with the move: Home's months move with them (shipping-cost-months.server.ts).
    const costsBefore = writesCosts(changes) ? await storedCostsOf(tx, [shipment.id]) : [];
    // One UPDATE … RETURNING: the row as moved comes back with the move, not from a second read.
    const moved = await tx.shipment
      .update({ where: { id: shipment.id, state: shipment.state }, data: { ...changes, ...enteredAt(to, now), state: to, updatedAt: now } })
      .catch((error: unknown) => {
        if (isRecordNotFound(error)) throw new ShipmentStateChanged(`Shipment ${shipment.id} is no longer ${shipment.state}`);
        throw error;
      });
    // An INSERT that returns nothing, where create reads the row back (insert-rows.server.ts).
    await insertRows(tx, "ShipmentEvent", [eventRow]);
    if (writesCosts(changes)) await costMonthsMoved(tx, costsBefore, [moved]);
    // Held, failed or ended: the merchant is told, once, with the move (app/stores/alerts).
    await recordAlerts(tx, shipmentAlerts([moved], now), now);
    return moved;
  });
  observeOrderLatency(moved);
  return moved;
}

/** One shipment's move, as `transition` takes it. */
export interface ShipmentMove {
  shipment: Pick<Shipment, "id" | "state">;
  to: ShipmentState;
  event: ShipmentEventInput;
  changes?: ShipmentChanges;
}

/**
 * `transition` for several shipments in one transaction, all or none: refused as a whole if any
 * move is not allowed or any shipment has left the state the caller read. Moves from one state to
 * another that change the same columns are one statement, and one more for the text each sets to
 * its own value (tracking numbers: moves-alike.ts); their events are one. On PostgreSQL every
 * statement is a round trip under the shop's write lock, so a batch of 20 holds it for a few
 * statements, not 60 (decision 0032). Returns the shipments as moved, in the order given.
 */
export async function transitionEach(db: DatabaseOrTransaction, moves: readonly ShipmentMove[]): Promise<Shipment[]> {
  if (moves.length === 0) return [];
  for (const { shipment, to } of moves) if (!canTransition(shipment.state, to)) throw new IllegalShipmentTransition(shipment.state, to);
  const now = new Date();
  const withCosts = new Set(moves.filter((move) => writesCosts(move.changes)).map((move) => move.shipment.id));
  const moved = await inTransaction(db, async (tx) => {
    // Costs written with the moves: Home's months move with them (shipping-cost-months.server.ts).
    const costsBefore = withCosts.size > 0 ? await storedCostsOf(tx, [...withCosts]) : [];
    for (const group of groupMovesAlike(moves)) {
      const [{ shipment, to }] = group.moves as [ShipmentMove, ...ShipmentMove[]];
      const ids = group.moves.map((move) => move.shipment.id);
      const { count } = await tx.shipment.updateMany({
        where: { id: { in: ids }, state: shipment.state },
        data: { ...(group.alike as ShipmentChanges), ...enteredAt(to, now), state: to, updatedAt: now },
      });
      if (count !== new Set(ids).size)
        throw new ShipmentStateChanged(`${ids.length - count} of shipments ${ids.join(", ")} are no longer ${shipment.state}`);
      if (group.each.size > 0) {
        const { sql, args } = eachValueUpdate(group.each);
        await tx.$executeRawUnsafe(sqlFor(tx, sql), ...args);
      }
    }
    await insertRows(
      tx,
      "ShipmentEvent",
      moves.map(({ shipment, to, event }) =>
        shipmentEventRow(shipment.id, { ...event, data: { ...event.data, stateFrom: shipment.state, stateTo: to } }, now),
      ),
    );
    const rows = await tx.shipment.findMany({ where: { id: { in: moves.map((move) => move.shipment.id) } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (withCosts.size > 0)
      await costMonthsMoved(
        tx,
        costsBefore,
        [...withCosts].map((id) => byId.get(id) as Shipment),
      );
    await recordAlerts(tx, shipmentAlerts(rows, now), now);
    return moves.map((move) => byId.get(move.shipment.id) as Shipment);
  });
  for (const shipment of moved) observeOrderLatency(shipment);
  return moved;
}

/**
 * The per-order latencies an operator watches (app/metrics): recorded where every change of state
 * passes. A transition inside a caller's transaction that later rolls back is counted all the same;
 * the pipeline's transactions roll back only on a lost lease, rare enough not to skew a histogram.
 */
function observeOrderLatency(shipment: Shipment): void {
  const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);
  if (shipment.state === "SUBMITTED" && shipment.submittedAt) orderToAccepted.observe(seconds(shipment.createdAt, shipment.submittedAt));
  if (shipment.state === "FULFILLED" && shipment.fulfilledAt && shipment.providerCreatedAt) {
    trackingToFulfilled.observe(seconds(shipment.providerCreatedAt, shipment.fulfilledAt));
  }
}

/** Records something that happened without a change of state (a status poll, a tracking checkpoint). */
export async function recordShipmentEvent(db: DatabaseOrTransaction, shipmentId: string, event: ShipmentEventInput): Promise<void> {
  await insertRows(db, "ShipmentEvent", [shipmentEventRow(shipmentId, event)]);
}

/** An event's row, for writing several in one statement (insertRows). */
export function shipmentEventRow(shipmentId: string, event: ShipmentEventInput, createdAt = new Date()): InsertRow["ShipmentEvent"] {
  return { id: newRowId(), shipmentId, type: event.type, message: event.message, data: eventData(event.data), createdAt };
}
