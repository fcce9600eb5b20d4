import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopifyUserError } from "~/shopify/errors";
import {
  acceptCancellationRequest,
  acceptFulfillmentRequest,
  rejectCancellationRequest,
  rejectFulfillmentRequest,
} from "~/shopify/fulfillment-requests.server";
import type { LocationGid } from "~/shopify/ids";
import { rejectionForHold } from "~/connector/rejection-reasons";
import { shopifyPortFor } from "~/flows/ports/shopify-port.server";
import {
  cancelOrder,
  emulatorState,
  numericId,
  orderAtWarehouse,
  setUpWarehouse,
  startTestShopify,
  type TestShopify,
} from "../support/shopify-admin";

let shopify: TestShopify;
let warehouse: LocationGid;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(async () => {
  shopify.emulator.reset();
  warehouse = await setUpWarehouse(shopify);
});

async function stateOf(id: string) {
  const state = await emulatorState(shopify.emulator);
  return state.fulfillmentOrders.find((fo) => fo.id === numericId(id));
}

describe("answering fulfillment requests", () => {
  it("accepts: the fulfillment order is in progress at the warehouse, with our note to the merchant", async () => {
    const { fulfillmentOrderId } = await orderAtWarehouse(shopify, warehouse, [{ sku: "MUG-CER-350-WHT", quantity: 2 }]);
    const answered = await acceptFulfillmentRequest(shopify.admin, {
      id: fulfillmentOrderId,
      message: "Queued for warehouse US01",
      estimatedShippedAt: new Date("2026-11-03T12:00:00Z"),
    });
    expect(answered).toEqual({ id: fulfillmentOrderId, status: "IN_PROGRESS", requestStatus: "ACCEPTED" });
    expect((await stateOf(fulfillmentOrderId))?.lastResponse).toMatchObject({
      action: "ACCEPT_FULFILLMENT_REQUEST",
      message: "Queued for warehouse US01",
    });
  });

  it("refuses to accept twice, naming the field Shopify blames", async () => {
    const { fulfillmentOrderId } = await orderAtWarehouse(shopify, warehouse, [{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    await acceptFulfillmentRequest(shopify.admin, { id: fulfillmentOrderId });
    const twice = acceptFulfillmentRequest(shopify.admin, { id: fulfillmentOrderId });
    await expect(twice).rejects.toBeInstanceOf(ShopifyUserError);
    await expect(twice).rejects.toThrow(/AcceptFulfillmentRequest: id: Cannot accept a fulfillment request .* ACCEPTED/);
  });

  it("rejects with a reason and a note per line, which the merchant sees", async () => {
    const { fulfillmentOrderId, lines } = await orderAtWarehouse(shopify, warehouse, [{ sku: "LAMP-LED-DESK-WHT", quantity: 1 }]);
    const answered = await rejectFulfillmentRequest(shopify.admin, {
      id: fulfillmentOrderId,
      reason: "INVALID_SKU",
      message: "SKU LAMP-LED-DESK-WHT is not known at warehouse US01",
      lines: lines.map((line) => ({ fulfillmentOrderLineItemId: line.id, message: "Unknown SKU" })),
    });
    expect(answered).toMatchObject({ status: "OPEN", requestStatus: "REJECTED" });
    expect((await stateOf(fulfillmentOrderId))?.lastResponse).toMatchObject({
      action: "REJECT_FULFILLMENT_REQUEST",
      reason: "INVALID_SKU",
      message: "SKU LAMP-LED-DESK-WHT is not known at warehouse US01",
    });
  });
});

describe("the pipeline's port", () => {
  it("rejects with Shopify's reason and the lines the connector's rejection names, and closes an accepted one it cannot do", async () => {
    const port = shopifyPortFor(shopify.admin);
    const rejected = await orderAtWarehouse(shopify, warehouse, [{ sku: "LAMP-LED-DESK-WHT", quantity: 1 }]);
    const rejection = rejectionForHold([
      {
        field: "Skus.Sku",
        lineItemId: rejected.lines[0]?.id ?? "",
        message: "LED desk lamp has SKU LAMP-LED-DESK-WHT, which is not in your SKU mapping.",
      },
    ]);
    await port.rejectFulfillmentRequest(rejected.fulfillmentOrderId, rejection.reason, rejection.message, rejection.lineItems);
    expect((await stateOf(rejected.fulfillmentOrderId))?.lastResponse).toMatchObject({
      action: "REJECT_FULFILLMENT_REQUEST",
      reason: "INVALID_SKU",
      message: rejection.message,
    });

    const accepted = await orderAtWarehouse(shopify, warehouse, [{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    await port.acceptFulfillmentRequest(accepted.fulfillmentOrderId, "Queued");
    await port.closeFulfillmentOrder(accepted.fulfillmentOrderId, "The provider could not create the package.");
    expect(await stateOf(accepted.fulfillmentOrderId)).toMatchObject({
      status: "INCOMPLETE",
      requestStatus: "CLOSED",
      lastResponse: { action: "CLOSE" },
    });
    expect(await port.fulfillmentOrderRemaining(accepted.fulfillmentOrderId)).toMatchObject({
      status: "INCOMPLETE",
      lines: [{ sku: "MUG-CER-350-WHT", remainingQuantity: 1 }],
    });
    // Closed already: Shopify refuses a second close.
    await expect(port.closeFulfillmentOrder(accepted.fulfillmentOrderId, "Again")).rejects.toBeInstanceOf(ShopifyUserError);
  });
});

describe("answering cancellation requests", () => {
  it("accepts while nothing reached the warehouse: the merchant gets the order back", async () => {
    const { order, fulfillmentOrderId } = await orderAtWarehouse(shopify, warehouse, [{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    await acceptFulfillmentRequest(shopify.admin, { id: fulfillmentOrderId });
    await cancelOrder(shopify.emulator, order.id);
    const answered = await acceptCancellationRequest(shopify.admin, { id: fulfillmentOrderId, message: "Not sent to the warehouse yet" });
    expect(answered).toMatchObject({ status: "CLOSED", requestStatus: "CANCELLATION_ACCEPTED" });
  });

  it("rejects once the package is at the warehouse, saying so", async () => {
    const { order, fulfillmentOrderId } = await orderAtWarehouse(shopify, warehouse, [{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    await acceptFulfillmentRequest(shopify.admin, { id: fulfillmentOrderId });
    await cancelOrder(shopify.emulator, order.id);
    const message = "Already at warehouse US01 (package #1001-1); it cannot be recalled";
    const answered = await rejectCancellationRequest(shopify.admin, { id: fulfillmentOrderId, message });
    expect(answered).toMatchObject({ status: "IN_PROGRESS", requestStatus: "CANCELLATION_REJECTED" });
    expect((await stateOf(fulfillmentOrderId))?.lastResponse).toMatchObject({ action: "REJECT_CANCELLATION_REQUEST", message });
  });

  it("refuses to answer a cancellation nobody asked for", async () => {
    const { fulfillmentOrderId } = await orderAtWarehouse(shopify, warehouse, [{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    await expect(acceptCancellationRequest(shopify.admin, { id: fulfillmentOrderId })).rejects.toThrow(ShopifyUserError);
  });
});
