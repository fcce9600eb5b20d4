/**
 * The fulfillment-service path end to end: an order at the provider's warehouse → fulfillment
 * request accepted → outbound package pushed → Created with tracking → Shopify fulfilment with
 * tracking → checkpoints as fulfilment events → Delivered.
 */
import { describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { costsPerMonth, decodeShippingCosts } from "~/connector/shipping-costs";
import { shippingCostMonths } from "~/stores/shipments/shipping-cost-months.server";
import { listShipments } from "~/stores/shipments/shipment-list.server";
import { DEMO_SHOP, useHarness } from "./harness";

const harness = useHarness();

const fulfilmentsOf = async (fulfillmentOrderId: string) =>
  (await emulatorState(harness.shopify)).fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fulfillmentOrderId)));

describe("an order at the provider's warehouse", () => {
  it("is accepted, sent, created, written back with tracking, and followed to Delivered", async () => {
    const placed = await harness.placeOrder([
      { sku: "MUG-CER-350-WHT", quantity: 2 },
      { sku: "TSHIRT-ORG-M-BLK", quantity: 1 },
    ]);
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");

    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(delivered).toMatchObject({
      kind: "OUTBOUND",
      warehouseCode: "US01",
      serviceCode: "US01-STD",
      isFinalTracking: true,
      attempts: 1,
    });
    expect(delivered.trackingNumber).toMatch(/^9400/);
    expect(delivered.trackingCarrier).toBe("USPS");
    // The shipping costs the provider reported with Created, stored on the shipment (summed on Home).
    const costs = decodeShippingCosts(delivered.shippingCosts);
    expect(costs.length).toBeGreaterThan(0);
    expect(costs.every((cost) => cost.currency === "USD" && cost.money > 0)).toBe(true);
    expect(delivered.shippingCostsAt).not.toBeNull();
    // Home's months, kept by the poll that wrote them, are what adding up every shipment's costs
    // gives: read together, in one transaction, while the worker goes on.
    const [kept, addedUp] = await harness.db.$transaction(async (tx) => [
      await shippingCostMonths(tx, DEMO_SHOP, "0000-00"),
      costsPerMonth(await tx.shipment.findMany({ where: { shop: DEMO_SHOP }, select: { shippingCosts: true, shippingCostsAt: true } })),
    ]);
    expect(kept).toEqual(addedUp);
    expect(kept.length).toBeGreaterThan(0);

    const state = await emulatorState(harness.shopify);
    const accepted = state.fulfillmentOrders.find((f) => f.id === numericId(fo.id));
    expect(accepted?.lastResponse).toMatchObject({
      action: "ACCEPT_FULFILLMENT_REQUEST",
      message: expect.stringContaining("goes to warehouse US01"),
    });
    const fulfilments = await fulfilmentsOf(fo.id);
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]).toMatchObject({ status: "SUCCESS", notifyCustomer: [true] });
    expect(fulfilments[0]?.trackingInfo).toEqual([
      { number: delivered.trackingNumber, company: "USPS", url: expect.stringContaining("usps.com") },
    ]);
    expect(fulfilments[0]?.lineItems.map((l) => l.quantity).sort()).toEqual([1, 2]);

    const events = state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilments[0]?.id).map((e) => e.status);
    expect(events).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT", "IN_TRANSIT", "IN_TRANSIT", "DELIVERED"]);

    const timeline = await harness.events(delivered.id);
    expect(timeline.slice(0, 4).map((e) => e.type)).toEqual(["validated", "sent", "created", "fulfilment_written"]);
    expect(timeline.at(-1)?.type).toBe("delivered");
    expect(timeline.filter((e) => e.type === "tracking_event")).toHaveLength(6);
    // What was sent and received, without the recipient's address or any token.
    const sent = timeline.find((e) => e.type === "sent");
    expect(sent?.data).toMatchObject({
      operation: "createOutboundBatch",
      sent: { origin: "US01", destinationCountry: "US" },
      received: { success: true },
    });
    expect(JSON.stringify(timeline)).not.toMatch(/Shipping Street|Steve|Bearer|pipeline-test/);
  }, 30_000);

  it("the same order's webhooks and callbacks three times over make one provider order and one fulfilment", async () => {
    const placed = await harness.placeOrder([{ sku: "BOTTLE-SS-750-SLV", quantity: 1 }], {}, { duplicate: true });
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");
    // Two more rounds of the request's webhook and callback (Shopify retries and duplicates).
    for (let round = 0; round < 2; round++) {
      harness.shopify.publish("demo-shop.myshopify.com", "fulfillment_orders/fulfillment_request_submitted", undefined, {
        duplicate: true,
      });
      harness.shopify.webhooks.notifyFulfillmentService(
        "demo-shop.myshopify.com",
        `${harness.intakeUrl}/fulfillment-service`,
        "FULFILLMENT_REQUEST",
      );
    }
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    await harness.shopify.settled();

    expect(await harness.shipmentsOf(placed.orderId)).toHaveLength(1);
    const timeline = await harness.events(delivered.id);
    expect(timeline.filter((e) => e.type === "sent")).toHaveLength(1);
    expect(harness.sandbox.state().outbounds.get(delivered.packageId)?.retryCount).toBe(0);
    const fulfilments = await fulfilmentsOf(fo.id);
    expect(fulfilments).toHaveLength(1);
    const events = (await emulatorState(harness.shopify)).fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilments[0]?.id);
    expect(new Set(events.map((e) => `${e.status}@${e.happenedAt}`)).size).toBe(events.length);
    expect(harness.received.filter((topic) => topic === "fulfillment_order_notification").length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it("a package that cannot go as it is is accepted and held, with the reason in Shopify and in the app", async () => {
    const longStreet = `${"Very long street name ".repeat(6)}42`;
    const placed = await harness.placeOrder([{ sku: "SOCKS-WOOL-3P-GRY", quantity: 1 }], {
      shipping_address: {
        first_name: "Steve",
        last_name: "Shipper",
        address1: longStreet,
        address2: null,
        city: "Shippington",
        zip: "40003",
        province: "Kentucky",
        province_code: "KY",
        country: "United States",
        country_code: "US",
        phone: "555-555-0100",
        company: null,
        name: "Steve Shipper",
        latitude: null,
        longitude: null,
      },
    });
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ lastErrorCode: "HELD", requestSent: null });
    expect(held.lastErrorText).toMatch(/Street 1 is \d+ characters; the carrier accepts at most 100/);
    const fo = placed.fulfillmentOrders[0];
    const state = await waitFor(async () => {
      const snapshot = await emulatorState(harness.shopify);
      const answered = snapshot.fulfillmentOrders.find((f) => f.id === numericId(fo?.id ?? ""));
      return answered?.lastResponse ? answered : undefined;
    });
    expect(state.lastResponse).toMatchObject({
      action: "ACCEPT_FULFILLMENT_REQUEST",
      message: expect.stringContaining("Held until fixed"),
    });
    expect(harness.sandbox.state().outbounds.has(held.packageId)).toBe(false);
    // The timeline names the field, not the customer's street.
    const timeline = await harness.events(held.id);
    expect(timeline.map((e) => e.message).join(" ")).not.toContain("Very long street");
    // It has no request yet, and the merchant still finds it on the Shipments page by SKU or recipient.
    const found = async (q: string) =>
      (await listShipments(harness.db, DEMO_SHOP, { filter: "attention", page: 1, q })).rows.map((row) => row.id);
    for (const q of ["socks-wool-3p-gry", "SOCKS-WOOL", "steve shipper", "Shipper"]) expect(await found(q), q).toContain(held.id);
    // Its SKUs and its recipient are kept apart: the recipient's go once the shipment is final (decision 0038).
    expect(await harness.db.shipment.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      searchText: "socks-wool-3p-gry",
      recipientSearchText: "steve shipper",
    });
    expect(await found("CANDLE-SOY")).not.toContain(held.id);
  }, 30_000);
});
