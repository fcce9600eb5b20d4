/**
 * Shopify's own bundles through the whole pipeline (issue 26, 2; decision 0046): the customer buys
 * two "Gift box" bundles, each a mug and two T-shirts, in the emulated Shopify on 2026-10. The order's
 * lines and the fulfillment order are the components, each with its lineItemGroup. What a merchant
 * would check: the warehouse gets the components' SKUs in the right quantities with no mapping, the
 * fulfilment with tracking claims the components' lines and closes the fulfillment order, and the
 * shipment keeps which bundle its lines belong to.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { shipmentLines } from "~/stores/shipments/shipment-columns";
import { emulatorState, numericId, orderPayload } from "../support/shopify-admin";
import { useHarness } from "./harness";

const harness = useHarness();

/** Two gift boxes of a mug and two T-shirts each, and a tea sold on its own, as a bundle order is posted to the emulator. */
function giftBoxOrder() {
  const components = orderPayload([
    { sku: "MUG-CER-350-WHT", quantity: 1 },
    { sku: "TSHIRT-ORG-M-BLK", quantity: 2 },
  ]).line_items;
  const [tea] = z.array(z.unknown()).parse(orderPayload([{ sku: "BOTTLE-SS-750-SLV", quantity: 1 }]).line_items);
  return {
    line_items: [{ title: "Gift box", sku: "GIFT-BOX-MUG-TEE", quantity: 2, components }, tea],
  };
}

const FulfilledLines = z.object({
  order: z.object({
    fulfillments: z.array(
      z.object({
        status: z.string(),
        trackingInfo: z.array(z.object({ number: z.string() })),
        fulfillmentLineItems: z.object({
          nodes: z.array(
            z.object({
              quantity: z.number(),
              lineItem: z.object({ sku: z.string(), lineItemGroup: z.object({ title: z.string(), quantity: z.number() }).nullable() }),
            }),
          ),
        }),
      }),
    ),
  }),
});

describe("a Shopify bundle sold at the provider's warehouse", () => {
  it("ships its components as ordinary SKUs, claims their lines with tracking, and keeps the bundle with the shipment's lines", async () => {
    const placed = await harness.placeOrder([], giftBoxOrder());
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");

    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED", 20_000);
    expect(fulfilled).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01" });

    // The provider got the components, each for both boxes: no mapping, the bundle's own SKU nowhere.
    const atProvider = harness.sandbox.state().outbounds.get(fulfilled.packageId);
    expect(atProvider?.skus.map((line) => [line.sku, line.quantity]).sort()).toEqual([
      ["BOTTLE-SS-750-SLV", 1],
      ["MUG-CER-350-WHT", 2],
      ["TSHIRT-ORG-M-BLK", 4],
    ]);

    // The fulfilment names the components' lines with the tracking number; nothing is left to ship.
    const read = FulfilledLines.parse(
      await harness.merchant(
        `query ($id: ID!) { order(id: $id) { fulfillments(first: 5) { status trackingInfo { number }
          fulfillmentLineItems(first: 10) { nodes { quantity lineItem { sku lineItemGroup { title quantity } } } } } } }`,
        { id: placed.orderId },
      ),
    );
    expect(read.order.fulfillments).toHaveLength(1);
    const [fulfilment] = read.order.fulfillments;
    expect(fulfilment?.status).toBe("SUCCESS");
    expect(fulfilment?.trackingInfo).toEqual([{ number: fulfilled.trackingNumber }]);
    expect(
      fulfilment?.fulfillmentLineItems.nodes.map((line) => [line.lineItem.sku, line.quantity, line.lineItem.lineItemGroup?.title ?? null]),
    ).toEqual([
      ["MUG-CER-350-WHT", 2, "Gift box"],
      ["TSHIRT-ORG-M-BLK", 4, "Gift box"],
      ["BOTTLE-SS-750-SLV", 1, null],
    ]);
    const state = await emulatorState(harness.shopify);
    expect(state.fulfillmentOrders.find((f) => f.id === numericId(fo.id))?.status).toBe("CLOSED");

    // The shipment's lines say which bundle each component belongs to, for the shipment's page.
    expect(
      shipmentLines(fulfilled).map((line) => [line.sku, line.quantity, line.bundle?.title ?? null, line.bundle?.quantity ?? null]),
    ).toEqual([
      ["MUG-CER-350-WHT", 2, "Gift box", 2],
      ["TSHIRT-ORG-M-BLK", 4, "Gift box", 2],
      ["BOTTLE-SS-750-SLV", 1, null, null],
    ]);
  }, 45_000);
});
