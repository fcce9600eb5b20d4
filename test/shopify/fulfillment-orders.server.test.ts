import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gramsOf } from "~/connector/weight";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import {
  listAssignedFulfillmentOrders,
  listOrderFulfillmentOrders,
  readFulfillmentOrder,
} from "~/shopify/fulfillment-orders.server";
import { FulfillmentOrderGid, LocationGid, OrderGid } from "~/shopify/ids";
import {
  cancelOrder,
  catalogue,
  orderPayload,
  placeOrder,
  startTestShopify,
  stockWarehouse,
  upsertProducts,
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
  const { service } = await ensureFulfillmentService(shopify.admin, { name: "Provider US01", callbackUrl: `${shopify.app.url}/fulfillment_service` });
  warehouse = LocationGid.parse(service.locationId);
  await stockWarehouse(shopify.emulator, "US01", warehouse);
});

const sku = (code: string) => {
  const found = catalogue.find((s) => s.sku === code);
  if (!found) throw new Error(`no ${code} in the sandbox catalogue`);
  return found;
};

describe("reading a fulfillment order into the connector's facts", () => {
  it("gives the warehouse what a merchant would check: address, lines, quantities, prices, weights, customs data", async () => {
    const { fulfillmentOrders } = await placeOrder(
      shopify.emulator,
      orderPayload([
        { sku: "MUG-CER-350-WHT", quantity: 2, totalDiscount: "2.00" },
        { sku: "YOGA-MAT-6MM-PUR", quantity: 1 },
      ]),
    );
    const [atWarehouse] = fulfillmentOrders;
    expect(atWarehouse?.assignedLocationId).toBe(warehouse);

    const read = await readFulfillmentOrder(shopify.admin, FulfillmentOrderGid.parse(atWarehouse?.id));
    expect(read).not.toBeNull();
    const { fo, order } = read ?? expect.unreachable();

    expect(fo.legacyId).toBe(fo.id.split("/").at(-1));
    expect(fo.status).toBe("OPEN");
    expect(fo.deliveryMethod).toBe("SHIPPING");
    expect(fo.assignedLocationId).toBe(warehouse);
    expect(fo.destination).toEqual({
      firstName: "Steve",
      lastName: "Shipper",
      company: "Shipping Company",
      address1: "123 Shipping Street",
      address2: null,
      city: "Shippington",
      province: "Kentucky",
      provinceCode: "KY",
      zip: "40003",
      countryCode: "US",
      phone: "555-555-SHIP",
      email: "jon@example.com",
    });

    const mug = sku("MUG-CER-350-WHT");
    const [mugLine, matLine] = fo.lineItems;
    expect(mugLine).toMatchObject({
      sku: "MUG-CER-350-WHT",
      totalQuantity: 2,
      remainingQuantity: 2,
      requiresShipping: true,
      isGiftCard: false,
      // 2.00 off the line of two: one unit cost the customer 1.00 less.
      unitPrice: { shopMoney: { amount: (mug.price - 1).toFixed(2), currencyCode: "USD" } },
      variant: { harmonizedSystemCode: mug.hsCode, countryCodeOfOrigin: "PT", countryHarmonizedSystemCodes: [] },
    });
    expect(gramsOf(mugLine?.variant?.weight ?? expect.unreachable())).toBe(mug.weight);
    expect(gramsOf(matLine?.variant?.weight ?? expect.unreachable())).toBe(sku("YOGA-MAT-6MM-PUR").weight);
    expect(matLine?.unitPrice.shopMoney.amount).toBe(sku("YOGA-MAT-6MM-PUR").price.toFixed(2));

    expect(order).toMatchObject({
      id: OrderGid.parse(fo.orderId),
      name: "#1001",
      email: "jon@example.com",
      currencyCode: "USD",
      paymentGatewayNames: ["visa", "bogus"],
      localizedFields: [],
    });
    expect(order.lineItems.map((l) => l.unfulfilledQuantity)).toEqual([2, 1]);
  });

  it("reads long orders page by page, and every destination-specific HS code of an item", async () => {
    const byCountry = ["GB", "DE", "FR", "JP", "AU", "CA", "NL"].map((countryCode, i) => ({ countryCode, harmonizedSystemCode: `69120090${i}` }));
    await upsertProducts(shopify.emulator, [
      { title: "Ceramic mug 350 ml", variants: [{ sku: "MUG-CER-350-WHT", countryHarmonizedSystemCodes: byCountry }] },
    ]);
    // A wholesale order: 55 lines (the catalogue's SKUs over and over), more than one page of each.
    const skus = catalogue.filter((s) => s.stock.US01 >= 10).map((s) => s.sku);
    const lines = Array.from({ length: 55 }, (_, i) => ({ sku: skus[i % skus.length] ?? null, quantity: 1 }));
    const { fulfillmentOrders } = await placeOrder(shopify.emulator, orderPayload(lines));
    expect(fulfillmentOrders).toHaveLength(1);

    const read = await readFulfillmentOrder(shopify.admin, FulfillmentOrderGid.parse(fulfillmentOrders[0]?.id));
    expect(read?.fo.lineItems.map((l) => l.sku)).toEqual(lines.map((l) => l.sku));
    expect(new Set(read?.fo.lineItems.map((l) => l.id)).size).toBe(55);
    expect(read?.order.lineItems).toHaveLength(55);
    const mugLines = read?.fo.lineItems.filter((l) => l.sku === "MUG-CER-350-WHT") ?? [];
    expect(mugLines.length).toBeGreaterThan(1);
    for (const line of mugLines) expect(line.variant?.countryHarmonizedSystemCodes).toEqual(byCountry);
  });

  it("is null for a fulfillment order Shopify does not know", async () => {
    expect(await readFulfillmentOrder(shopify.admin, FulfillmentOrderGid.parse("gid://shopify/FulfillmentOrder/999999"))).toBeNull();
  });

  it("marks gift cards and lines that need no shipping, as the merchant's own location holds them", async () => {
    const { fulfillmentOrders } = await placeOrder(
      shopify.emulator,
      orderPayload([
        { sku: "MUG-CER-350-WHT", quantity: 1 },
        { sku: null, title: "Gift card", quantity: 1, price: "25.00", giftCard: true, requiresShipping: false },
      ]),
    );
    const atStudio = fulfillmentOrders.find((fo) => fo.assignedLocationId !== warehouse);
    const read = await readFulfillmentOrder(shopify.admin, FulfillmentOrderGid.parse(atStudio?.id));
    expect(read?.fo.lineItems).toEqual([
      expect.objectContaining({ sku: null, productTitle: "Gift card", isGiftCard: true, requiresShipping: false, variant: null }),
    ]);
    expect(read?.order.lineItems.map((l) => l.isGiftCard)).toEqual([false, true]);
  });
});

describe("fulfillment orders assigned to the app", () => {
  it("lists fulfillment requests, then cancellation requests with the merchant's note", async () => {
    const first = await placeOrder(shopify.emulator, orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 1 }]));
    await placeOrder(shopify.emulator, orderPayload([{ sku: "PUZZLE-1000-MAP", quantity: 1 }]));

    const requested = await listAssignedFulfillmentOrders(shopify.admin, { assignmentStatus: "FULFILLMENT_REQUESTED" });
    expect(requested.items.map((fo) => [fo.orderName, fo.requestStatus, fo.assignedLocationId, fo.latestRequest?.kind])).toEqual([
      ["#1001", "SUBMITTED", warehouse, "FULFILLMENT_REQUEST"],
      ["#1002", "SUBMITTED", warehouse, "FULFILLMENT_REQUEST"],
    ]);
    expect(requested.nextCursor).toBeNull();
    expect(requested.cost?.throttleStatus.currentlyAvailable).toBeGreaterThan(0);

    await cancelOrder(shopify.emulator, first.order.id);
    const cancelling = await listAssignedFulfillmentOrders(shopify.admin, { assignmentStatus: "CANCELLATION_REQUESTED", locationIds: [warehouse] });
    expect(cancelling.items).toEqual([
      expect.objectContaining({ orderName: "#1001", requestStatus: "CANCELLATION_REQUESTED", latestRequest: expect.objectContaining({ kind: "CANCELLATION_REQUEST", message: "Customer changed their mind" }) }),
    ]);
  });

  it("pages through more than 50 requests with the cursor", async () => {
    for (let i = 0; i < 53; i++) await placeOrder(shopify.emulator, orderPayload([{ sku: "SOCKS-WOOL-3P-GRY", quantity: 1 }]));
    const first = await listAssignedFulfillmentOrders(shopify.admin, { assignmentStatus: "FULFILLMENT_REQUESTED" });
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await listAssignedFulfillmentOrders(shopify.admin, { assignmentStatus: "FULFILLMENT_REQUESTED", after: first.nextCursor });
    expect(second.items.map((fo) => fo.orderName)).toEqual(["#1051", "#1052", "#1053"]);
    expect(second.nextCursor).toBeNull();
  });

  it("lists an order's fulfillment orders at every location, for order-level webhooks", async () => {
    const placed = await placeOrder(
      shopify.emulator,
      orderPayload([
        { sku: "MUG-CER-350-WHT", quantity: 1 },
        { sku: null, title: "Gift wrap", quantity: 1, price: "3.00" },
      ]),
    );
    const page = await listOrderFulfillmentOrders(shopify.admin, OrderGid.parse(placed.order.admin_graphql_api_id));
    expect(page?.items.map((fo) => [fo.assignedLocationId === warehouse, fo.requestStatus]).sort()).toEqual([
      [false, "UNSUBMITTED"],
      [true, "SUBMITTED"],
    ]);
    expect(await listOrderFulfillmentOrders(shopify.admin, OrderGid.parse("gid://shopify/Order/999999"))).toBeNull();
  });
});
