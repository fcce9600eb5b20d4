/**
 * A kit end to end (decision 0047): a gift set the store sells as one variant, which the warehouse
 * picks as two mugs and a candle. Its order is sent as the components, the warehouse takes them
 * from its stock, and the fulfilment in Shopify is the gift set's own line.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodePackageRequest } from "~/connector";
import { saveKit } from "~/stores/catalogue/kits.server";
import { emulatorState, numericId } from "../support/shopify-admin";
import { DEMO_SHOP, useHarness } from "./harness";

const harness = useHarness();

const SandboxStock = z.object({ stock: z.record(z.string(), z.record(z.string(), z.number())) });
const stockAtUS01 = async () => SandboxStock.parse(await (await fetch(`${harness.sandbox.url}/__sandbox/state`)).json()).stock.US01 ?? {};

describe("an order of a kit", () => {
  it("is sent as the kit's components times the kits ordered, and fulfils the kit's own line", async () => {
    harness.shopify.addProducts(DEMO_SHOP, [
      {
        title: "Gift set, mug and candle",
        variants: [{ sku: "GIFT-MUG-CANDLE", price: "39.00", stock: { [harness.warehouseLocation]: 20 } }],
      },
    ]);
    await saveKit(harness.db, DEMO_SHOP, "GIFT-MUG-CANDLE", [
      { sku: "MUG-CER-350-WHT", quantity: 2 },
      { sku: "CANDLE-SOY-200-LAV", quantity: 1 },
    ]);
    const before = await stockAtUS01();

    // Two gift sets, and a mug on its own: the warehouse picks five mugs and two candles.
    const placed = await harness.placeOrder([
      { sku: "GIFT-MUG-CANDLE", quantity: 2, price: "39.00" },
      { sku: "MUG-CER-350-WHT", quantity: 1 },
    ]);
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");

    const fulfilled = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(fulfilled).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01" });

    // What the provider was sent: the gift set's line as its components, the mug's as itself.
    const sent = decodePackageRequest("OUTBOUND", fulfilled.requestSent ?? "");
    if (!sent.success) throw new Error("the sent request does not read back");
    const skus = sent.data.body.Skus.map((line) => ({ Sku: line.Sku, Quantity: line.Quantity }));
    expect(skus).toEqual([
      { Sku: "MUG-CER-350-WHT", Quantity: 4 },
      { Sku: "CANDLE-SOY-200-LAV", Quantity: 2 },
      { Sku: "MUG-CER-350-WHT", Quantity: 1 },
    ]);
    expect(skus.map((line) => line.Sku)).not.toContain("GIFT-MUG-CANDLE");

    // The warehouse took exactly those units.
    const after = await stockAtUS01();
    expect((before["MUG-CER-350-WHT"] ?? 0) - (after["MUG-CER-350-WHT"] ?? 0)).toBe(5);
    expect((before["CANDLE-SOY-200-LAV"] ?? 0) - (after["CANDLE-SOY-200-LAV"] ?? 0)).toBe(2);

    // Shopify's fulfilment claims the order's own lines: two gift sets and one mug, nothing left to fulfil.
    const state = await emulatorState(harness.shopify);
    const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo.id)));
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.lineItems.map((line) => line.quantity).sort()).toEqual([1, 2]);
    const order = state.fulfillmentOrders.find((f) => f.id === numericId(fo.id));
    expect(order?.status).toBe("CLOSED");
    expect(order?.lineItems.map((line) => line.remainingQuantity)).toEqual([0, 0]);
  }, 30_000);
});
