/**
 * orders/updated re-plans held shipments: an order whose address the provider cannot take is HELD
 * with the field named; the merchant corrects the address in Shopify; the orders/updated webhook
 * that follows makes the shipment READY again, and it is pushed, created and written back with
 * tracking. An edit that still does not pass keeps it HELD with the new reason; an edit to an
 * order whose shipment is not held changes nothing.
 */
import { describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type PlacedOrder, useHarness } from "./harness";

const harness = useHarness();

const TOO_LONG_STREET = `${"Long and winding road of the old harbour ".repeat(3)}42`;
const TOO_LONG_CITY = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";

/** The example order's US address with this street, shipped from the US01 warehouse. */
async function placeWarehouseOrder(address1: string): Promise<PlacedOrder & { fulfillmentOrderId: string }> {
  const placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }], {
    shipping_address: {
      first_name: "Steve",
      last_name: "Shipper",
      address1,
      city: "Louisville",
      province: "Kentucky",
      province_code: "KY",
      zip: "40003",
      country: "United States",
      country_code: "US",
      phone: "+1 502-555-0100",
    },
  });
  const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
  if (!fo) throw new Error(`the order was not routed to the warehouse: ${JSON.stringify(placed.fulfillmentOrders)}`);
  return { ...placed, fulfillmentOrderId: fo.id };
}

/** The merchant edits the shipping address in Shopify; resolves once the app has processed the orders/updated it caused. */
async function editAddress(placed: PlacedOrder, shippingAddress: Record<string, unknown>): Promise<void> {
  const processedBefore = await processedUpdates(placed.orderId);
  const response = await fetch(`${harness.shopify.url}/__emulator/orders/${placed.order.id}/shipping-address`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
    body: JSON.stringify({ shipping_address: shippingAddress }),
  });
  if (!response.ok) throw new Error(`editing the address failed: ${response.status} ${await response.text()}`);
  await waitFor(async () => (await processedUpdates(placed.orderId)) > processedBefore || undefined, {
    timeoutMs: 10_000,
    intervalMs: 25,
    what: `the orders/updated of ${placed.order.name} processed`,
  });
}

const processedUpdates = (orderId: string) =>
  harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, topic: "orders/updated", orderId, status: "PROCESSED" } });

describe("orders/updated after the merchant edits the shipping address", () => {
  it("re-plans a shipment held for its street: pushed, created, fulfilled with tracking in Shopify", async () => {
    const placed = await placeWarehouseOrder(TOO_LONG_STREET);
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ kind: "OUTBOUND", lastErrorCode: "HELD" });
    expect(held.lastErrorText).toMatch(/Street 1 is \d+ characters; the carrier accepts at most 100/);
    expect(held.holdReasons).toContain("ShipToAddress.Street1");
    expect(harness.sandbox.state().outbounds.has(held.packageId)).toBe(false);

    await editAddress(placed, { address1: "1200 Harbour Road" });

    const fulfilled = await waitFor(
      async () => {
        const [shipment] = await harness.shipmentsOf(placed.orderId);
        return shipment && (shipment.state === "FULFILLED" || shipment.state === "DELIVERED") ? shipment : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 25, what: `the shipment of ${placed.order.name} fulfilled` },
    );
    expect(fulfilled).toMatchObject({
      id: held.id,
      packageId: held.packageId,
      warehouseCode: "US01",
      serviceCode: "US01-STD",
      holdReasons: null,
    });
    expect(fulfilled.requestSent).toContain("1200 Harbour Road");
    expect(harness.sandbox.state().outbounds.has(held.packageId)).toBe(true);

    const state = await emulatorState(harness.shopify);
    const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(placed.fulfillmentOrderId)));
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.trackingInfo[0]?.number).toBe(fulfilled.trackingNumber);

    const timeline = await harness.events(held.id);
    expect(timeline.map((e) => e.type).slice(0, 3)).toEqual(["held", "retry_requested", "sent"]);
    expect(timeline[1]?.message).toMatch(/^The order was updated in Shopify/);
  }, 40_000);

  it("keeps a shipment HELD, with the new reason, when the edited address still does not pass", async () => {
    const placed = await placeWarehouseOrder(TOO_LONG_STREET);
    const held = await harness.waitForShipment(placed.orderId, "HELD");

    // The street is fixed, but the city is now over its limit.
    await editAddress(placed, { address1: "1200 Harbour Road", city: TOO_LONG_CITY });

    const [still] = await harness.shipmentsOf(placed.orderId);
    expect(still).toMatchObject({ id: held.id, state: "HELD", lastErrorCode: "HELD" });
    expect(still?.lastErrorText).toMatch(/City is \d+ characters; the carrier accepts at most 50/);
    expect(still?.lastErrorText).not.toMatch(/Street 1/);
    expect(still?.holdReasons).toContain("ShipToAddress.City");
    expect(still?.holdReasons).not.toContain("ShipToAddress.Street1");
    expect(harness.sandbox.state().outbounds.has(held.packageId)).toBe(false);
    const timeline = await harness.events(held.id);
    expect(timeline.at(-1)).toMatchObject({
      type: "held",
      message: expect.stringMatching(/^The order was updated in Shopify; still held/),
    });
  }, 30_000);

  it("changes nothing for a shipment that is not held", async () => {
    const placed = await placeWarehouseOrder("500 Market Street");
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    const eventsBefore = await harness.events(delivered.id);
    const sentBefore = { ...harness.providerCalls };

    await editAddress(placed, { address2: "Suite 12" });

    const [after] = await harness.shipmentsOf(placed.orderId);
    expect(after).toEqual(delivered);
    expect(await harness.events(delivered.id)).toEqual(eventsBefore);
    expect(harness.providerCalls.createOutboundBatch).toBe(sentBefore.createOutboundBatch);
  }, 30_000);
});
