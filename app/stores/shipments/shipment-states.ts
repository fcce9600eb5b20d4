/**
 * Which state a shipment may move to from which (DESIGN.md section 4). Pure: the admin uses it to
 * offer only the actions that can succeed, transition() to refuse the others.
 */
import type { ShipmentState } from "@prisma/client";

/** lastErrorCode of a shipment held by the connector's checks. */
export const HELD_BY_CHECKS = "HELD";
/** lastErrorCode of a shipment held because the shop reviews every new one (pushPolicy holdForReview). */
export const HELD_FOR_REVIEW = "REVIEW";
/** lastErrorCode of a shipment Shopify refused to fulfil: left for a person, not tried again by itself. */
export const WRITE_BACK_REFUSED = "WRITE_BACK_REFUSED";
/** lastErrorCode of a FAILED shipment whose fulfillment order was handed back to Shopify (closed as incomplete). */
export const HANDED_BACK = "HANDED_BACK";
/**
 * lastErrorCode of a READY (or HELD) shipment a cancellation or change withdrew while a send may
 * have reached the provider: nothing more is sent, and the provider is asked whether it has it.
 */
export const WITHDRAWING = "WITHDRAWING";

/** Withdrawn and not settled yet: the provider is being asked whether it has the package. */
export const isWithdrawing = (shipment: { state: ShipmentState; sendWithdrawnAt: Date | null }): boolean =>
  (shipment.state === "READY" || shipment.state === "HELD") && shipment.sendWithdrawnAt !== null;

/**
 *   HELD → READY → SUBMITTED → CREATED → FULFILLED → DELIVERED
 *   SUBMITTED → FAILED (the provider refused creation) → READY again after a fix, or HELD
 *   READY → HELD (a person must look); anything not yet fulfilled → CANCELLED
 *   READY withdrawn while a send was in doubt → CANCELLED, or SUBMITTED when the provider has the
 *   package after all (decision 0040)
 *   SUBMITTED, CREATED, FULFILLED → ENDED (the provider's or the carrier's ending without a
 *   delivery: deleted, returned, exception, lost, or no news for the shop's noNewsDays)
 */
export const SHIPMENT_TRANSITIONS: { readonly [From in ShipmentState]: readonly ShipmentState[] } = {
  HELD: ["READY", "CANCELLED"],
  READY: ["SUBMITTED", "HELD", "CANCELLED"],
  // Cancelled after submission only when the provider reports the package cancelled.
  SUBMITTED: ["CREATED", "FAILED", "CANCELLED", "ENDED"],
  CREATED: ["FULFILLED", "CANCELLED", "ENDED"],
  FULFILLED: ["DELIVERED", "ENDED"],
  DELIVERED: [],
  FAILED: ["READY", "HELD", "CANCELLED"],
  CANCELLED: [],
  ENDED: [],
};

/** The states a shipment never leaves (delivered, cancelled, ended): what it kept to be sent goes then (decision 0038). */
export const FINAL_STATES: readonly ShipmentState[] = ["DELIVERED", "CANCELLED", "ENDED"];

/** States the pipeline moves on by itself soon (to the provider, its tracking, Shopify): pages showing them keep up. */
const IN_FLIGHT: readonly string[] = ["READY", "SUBMITTED", "CREATED"] satisfies ShipmentState[];
export const isInFlight = (state: string): boolean => IN_FLIGHT.includes(state);

export function canTransition(from: ShipmentState, to: ShipmentState): boolean {
  return SHIPMENT_TRANSITIONS[from].includes(to);
}

/** What a merchant can do to one shipment from where it is shown (the order page block). */
export type ShipmentAction = "send" | "retry";

/**
 * The actions that can succeed: a package waiting to be sent can be sent now; a held one, one the
 * provider refused (unless handed back to Shopify, which decides there) and one Shopify refused to
 * fulfil can be retried. One a cancellation withdrew waits for the provider's word: nothing to do.
 */
export function shipmentActionsOf(shipment: { state: ShipmentState; lastErrorCode: string | null }): ShipmentAction[] {
  switch (shipment.state) {
    case "READY":
      return shipment.lastErrorCode === WITHDRAWING ? [] : ["send"];
    case "HELD":
      return shipment.lastErrorCode === WITHDRAWING ? [] : ["retry"];
    case "FAILED":
      return shipment.lastErrorCode === HANDED_BACK ? [] : ["retry"];
    case "CREATED":
      return shipment.lastErrorCode === WRITE_BACK_REFUSED ? ["retry"] : [];
    default:
      return [];
  }
}
