/**
 * The order-management path: a fulfillment order at the merchant's own location, mapped to the
 * provider's drop-ship handling location, becomes a drop-ship package after order_routing_complete,
 * and is followed to Delivered like an outbound one. Cancelling the order before the package reaches
 * the provider cancels the shipment and sends nothing.
 */
import { describe, expect, it } from "vitest";
import { decodeShippingCosts } from "~/connector/shipping-costs";
import { emulatorState, numericId } from "../support/shopify-admin";
import { HANDLING_LOCATION, useHarness } from "./harness";

const harness = useHarness();

describe("an order shipped from the merchant's own location", () => {
  it("becomes a drop-ship package through the handling location, fulfilled and delivered", async () => {
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 2 }]);
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.studioLocation);
    if (!fo) throw new Error(`the order was not routed to the studio: ${JSON.stringify(placed.fulfillmentOrders)}`);

    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(delivered).toMatchObject({ kind: "DROPSHIP", warehouseCode: HANDLING_LOCATION, serviceCode: "US01-EXP", attempts: 1 });
    expect(delivered.trackingNumber).toMatch(/^1Z/);
    expect(decodeShippingCosts(delivered.shippingCosts).length).toBeGreaterThan(0);

    const sent = harness.sandbox.state().dropships.get(delivered.packageId);
    expect(sent).toMatchObject({ location: HANDLING_LOCATION, serviceCode: "US01-EXP", retryCount: 0 });
    // The sender is the studio's address, taken from its Shopify location.
    expect(sent?.origin?.Country).toBe("US");

    const state = await emulatorState(harness.shopify);
    const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo.id)));
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.trackingInfo[0]).toMatchObject({ number: delivered.trackingNumber, company: "UPS" });
    expect(state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilments[0]?.id).at(-1)?.status).toBe("DELIVERED");
  }, 30_000);

  it("cancelled before it reached the provider: CANCELLED, nothing sent", async () => {
    await harness.setSettings((settings) => ({ ...settings, pushPolicy: "holdForReview" }));
    try {
      const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 1 }]);
      const held = await harness.waitForShipment(placed.orderId, "HELD");
      expect(held).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "REVIEW" });

      await fetch(`${harness.shopify.url}/__emulator/orders/${placed.order.id}/cancel`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": "demo-shop.myshopify.com" },
        body: JSON.stringify({ reason: "customer" }),
      });
      const cancelled = await harness.waitForShipment(placed.orderId, "CANCELLED");
      expect(harness.sandbox.state().dropships.has(cancelled.packageId)).toBe(false);
      const timeline = await harness.events(cancelled.id);
      // Whichever path saw the cancellation first (the cancellation, or the order updated to it) says nothing was sent.
      expect(timeline.at(-1)).toMatchObject({ type: "cancelled", message: expect.stringMatching(/nothing was sent/i) });
    } finally {
      await harness.setSettings((settings) => ({ ...settings, pushPolicy: "autoPush" }));
    }
  }, 30_000);
});
