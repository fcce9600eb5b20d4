import { describe, expect, it } from "vitest";
import {
  FINAL_STATES,
  HANDED_BACK,
  HELD_FOR_REVIEW,
  SHIPMENT_TRANSITIONS,
  shipmentActionsOf,
  WITHDRAWING,
  WRITE_BACK_REFUSED,
} from "./shipment-states";

describe("what a merchant may do to a shipment from the order page", () => {
  it("sends a package waiting to be sent, retries held, refused and write-back-refused ones, and nothing else", () => {
    expect(shipmentActionsOf({ state: "READY", lastErrorCode: null })).toEqual(["send"]);
    expect(shipmentActionsOf({ state: "HELD", lastErrorCode: HELD_FOR_REVIEW })).toEqual(["retry"]);
    expect(shipmentActionsOf({ state: "FAILED", lastErrorCode: "CreateFailed" })).toEqual(["retry"]);
    expect(shipmentActionsOf({ state: "CREATED", lastErrorCode: WRITE_BACK_REFUSED })).toEqual(["retry"]);
    // Handed back to Shopify: the merchant decides there.
    expect(shipmentActionsOf({ state: "FAILED", lastErrorCode: HANDED_BACK })).toEqual([]);
    // Withdrawn by a cancellation while its send was in doubt: the provider's answer settles it.
    expect(shipmentActionsOf({ state: "READY", lastErrorCode: WITHDRAWING })).toEqual([]);
    expect(shipmentActionsOf({ state: "HELD", lastErrorCode: WITHDRAWING })).toEqual([]);
    for (const state of ["SUBMITTED", "CREATED", "FULFILLED", "DELIVERED", "CANCELLED", "ENDED"] as const) {
      expect(shipmentActionsOf({ state, lastErrorCode: null }), state).toEqual([]);
    }
  });
});

describe("final states", () => {
  it("are exactly the states no transition leaves, so a shipment that lost its recipient never needs it again", () => {
    const terminal = Object.entries(SHIPMENT_TRANSITIONS).flatMap(([state, next]) => (next.length === 0 ? [state] : []));
    expect([...FINAL_STATES].sort()).toEqual(terminal.sort());
  });
});
