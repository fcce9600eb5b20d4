import { describe, expect, it } from "vitest";
import { isPaymentUpdate } from "./what-changed";

const updated = (body: unknown) => ({ topic: "orders/updated", payload: JSON.stringify(body) });

describe("an orders/updated that is the payment itself", () => {
  it("is one when the order waits for its payment and the body says it is paid (any of Shopify's paid states)", () => {
    for (const status of ["paid", "authorized", "partially_refunded"])
      expect(isPaymentUpdate(updated({ id: 1, financial_status: status }), true)).toBe(true);
  });

  it("is not one when the order did not wait for payment, is still unpaid, or the body cannot say", () => {
    expect(isPaymentUpdate(updated({ id: 1, financial_status: "paid" }), false)).toBe(false);
    for (const status of ["pending", "partially_paid", "voided", "refunded"])
      expect(isPaymentUpdate(updated({ id: 1, financial_status: status }), true)).toBe(false);
    expect(isPaymentUpdate(updated({ id: 1 }), true)).toBe(false);
    expect(isPaymentUpdate(updated({ id: 1, financial_status: 7 }), true)).toBe(false);
    expect(isPaymentUpdate({ topic: "orders/updated", payload: null }, true)).toBe(false);
    expect(isPaymentUpdate({ topic: "orders/updated", payload: "{not json" }, true)).toBe(false);
    expect(isPaymentUpdate(updated(null), true)).toBe(false);
  });

  it("is never another topic's", () => {
    expect(isPaymentUpdate({ topic: "orders/edited", payload: JSON.stringify({ financial_status: "paid" }) }, true)).toBe(false);
  });
});
