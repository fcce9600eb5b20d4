import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isCashOnDelivery } from "~/connector/cod";
import { gramsOf } from "~/connector/weight";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import {
  type FactsWanted,
  readFulfillmentOrder as readFulfillmentOrderAs,
  readFulfillmentOrders as readFulfillmentOrdersAs,
} from "~/shopify/fulfillment-order-reads.server";
import { listAssignedFulfillmentOrders, listOrderFulfillmentOrders } from "~/shopify/fulfillment-order-lists.server";
import { FulfillmentOrderGid, LocationGid, OrderGid } from "~/shopify/ids";
import { shopifyPortFor } from "~/flows/ports/shopify-port.server";
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
  const { service } = await ensureFulfillmentService(shopify.admin, {
    name: "Provider US01",
    callbackUrl: `${shopify.app.url}/fulfillment_service`,
  });
  warehouse = LocationGid.parse(service.locationId);
  await stockWarehouse(shopify.emulator, "US01", warehouse);
});

/**
 * What a shop with the default settings wants: the cash-on-delivery facts of orders paid cash on
 * delivery by name, and no tax total (it has no IOSS number).
 */
const DEFAULT_SHOP: FactsWanted = {
  cashOnDelivery: (paymentGatewayNames) => isCashOnDelivery({ paymentGatewayNames }, { codGatewayNames: [] }),
  totalTax: false,
  duties: false,
};
/** A shop with an IOSS number: whether VAT was collected at checkout decides its EU declarations. */
const WITH_IOSS: FactsWanted = { ...DEFAULT_SHOP, totalTax: true };
/** A shop that sends drop-ship packages: they carry the duties collected at checkout. */
const WITH_DROPSHIP: FactsWanted = { ...DEFAULT_SHOP, duties: true };
const readFulfillmentOrder = (admin: AdminGraphql, id: FulfillmentOrderGid) => readFulfillmentOrderAs(admin, id, DEFAULT_SHOP);
const readFulfillmentOrders = (admin: AdminGraphql, ids: FulfillmentOrderGid[]) => readFulfillmentOrdersAs(admin, ids, DEFAULT_SHOP);
/** A shipping address in São Paulo: Brazil is one of the countries Shopify collects localized fields for. */
const TO_BRAZIL = {
  first_name: "Ana",
  last_name: "Souza",
  address1: "Avenida Paulista 1000",
  address2: null,
  city: "São Paulo",
  province: "São Paulo",
  province_code: "SP",
  zip: "01310-100",
  country: "Brazil",
  country_code: "BR",
  phone: "+55 11 91234 5678",
  company: null,
  name: "Ana Souza",
};
const PAID_CASH_ON_DELIVERY = { payment_gateway_names: ["Cash on Delivery (COD)"], financial_status: "pending" };

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
      // Paid by card: what a cash-on-delivery parcel collects is not read.
      totalOutstanding: null,
      lineItems: null,
    });
  });

  it("reads what a cash-on-delivery parcel collects and all the order's lines, for an order paid cash on delivery", async () => {
    // Two fulfillment orders of one order: the amount still owed and the units to ship span both.
    const { fulfillmentOrders } = await placeOrder(
      shopify.emulator,
      orderPayload(
        [
          { sku: "MUG-CER-350-WHT", quantity: 2 },
          { sku: null, title: "Gift card", quantity: 1, price: "25.00", giftCard: true, requiresShipping: false },
        ],
        PAID_CASH_ON_DELIVERY,
      ),
    );
    const atWarehouse = FulfillmentOrderGid.parse(fulfillmentOrders.find((fo) => fo.assignedLocationId === warehouse)?.id);
    const admin = recordingAdmin(shopify.admin);

    const read = await readFulfillmentOrders(admin, [atWarehouse]);

    const order = read.get(atWarehouse)?.order ?? expect.unreachable();
    expect(order.paymentGatewayNames).toEqual(["Cash on Delivery (COD)"]);
    // Unpaid: the customer owes something (a paid order owes 0.00), in the currency they pay in.
    expect(order.totalOutstanding).toEqual({ amount: expect.stringMatching(/^\d+\.\d\d$/), currencyCode: "USD" });
    expect(Number(order.totalOutstanding?.amount)).toBeGreaterThan(0);
    expect(order.lineItems?.map((l) => [l.unfulfilledQuantity, l.isGiftCard])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(admin.answered.map((a) => a.operation)).toEqual(["FulfillmentOrdersFacts", "InventoryItemsCustoms", "OrdersCashOnDelivery"]);
  });

  it("reads them for a payment method the merchant named cash on delivery in the settings", async () => {
    const { fulfillmentOrders } = await placeOrder(
      shopify.emulator,
      orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 1 }], { ...PAID_CASH_ON_DELIVERY, payment_gateway_names: ["Pay the driver"] }),
    );
    const id = FulfillmentOrderGid.parse(fulfillmentOrders[0]?.id);
    expect((await readFulfillmentOrder(shopify.admin, id))?.order.totalOutstanding).toBeNull();
    const named: FactsWanted = {
      ...DEFAULT_SHOP,
      cashOnDelivery: (paymentGatewayNames) => isCashOnDelivery({ paymentGatewayNames }, { codGatewayNames: ["pay the driver"] }),
    };
    const read = await readFulfillmentOrderAs(shopify.admin, id, named);
    expect(Number(read?.order.totalOutstanding?.amount)).toBeGreaterThan(0);
    expect(read?.order.lineItems?.map((l) => l.unfulfilledQuantity)).toEqual([1]);
  });

  it("reads long orders page by page, and every destination-specific HS code of an item", async () => {
    const byCountry = ["GB", "DE", "FR", "JP", "AU", "CA", "NL"].map((countryCode, i) => ({
      countryCode,
      harmonizedSystemCode: `69120090${i}`,
    }));
    await upsertProducts(shopify.emulator, [
      { title: "Ceramic mug 350 ml", variants: [{ sku: "MUG-CER-350-WHT", countryHarmonizedSystemCodes: byCountry }] },
    ]);
    // A wholesale order: 55 lines (the catalogue's SKUs over and over), more than one page of each.
    const skus = catalogue.filter((s) => s.stock.US01 >= 10).map((s) => s.sku);
    const lines = Array.from({ length: 55 }, (_, i) => ({ sku: skus[i % skus.length] ?? null, quantity: 1 }));
    // Paid cash on delivery, so that the order's own lines are read (page by page) too.
    const { fulfillmentOrders } = await placeOrder(shopify.emulator, orderPayload(lines, PAID_CASH_ON_DELIVERY));
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
  });
});

/** One answer as the app received it: the operation and the points Shopify said it used. */
interface Answered {
  operation: string;
  variables: Record<string, unknown>;
  actualCost: number;
  requestedCost: number;
}

/**
 * The test's admin client, recording every answer; `rewrite` may change an answer's data before the
 * app sees it (to stand for what the emulator does not produce), `answer` may stand in for Shopify.
 */
function recordingAdmin(
  admin: AdminGraphql,
  options: { rewrite?: (operation: string, data: unknown) => void; answer?: (operation: string) => unknown } = {},
): AdminGraphql & { answered: Answered[] } {
  const answered: Answered[] = [];
  return {
    answered,
    async graphql(query, request) {
      const operation = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
      const variables = request?.variables ?? {};
      const canned = options.answer?.(operation);
      if (canned !== undefined) {
        answered.push({ operation, variables, actualCost: 0, requestedCost: 0 });
        return { status: 200, json: async () => ({ data: canned }) };
      }
      const response = await admin.graphql(query, request);
      const body = (await response.json()) as {
        data?: unknown;
        extensions?: { cost?: { actualQueryCost?: number; requestedQueryCost?: number } };
      };
      const cost = body.extensions?.cost;
      answered.push({ operation, variables, actualCost: cost?.actualQueryCost ?? 0, requestedCost: cost?.requestedQueryCost ?? 0 });
      options.rewrite?.(operation, body.data);
      return { status: response.status, json: async () => body };
    },
  };
}

describe("what reading fulfillment orders costs", () => {
  it("reads each inventory item's customs data once for all the lines that carry it, a line or two in 18 to 27 points", async () => {
    const placed = [];
    for (const quantity of [1, 2, 1, 3]) placed.push(await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity }]));
    placed.push(
      await orderAtWarehouseId([
        { sku: "MUG-CER-350-WHT", quantity: 1 },
        { sku: "YOGA-MAT-6MM-PUR", quantity: 1 },
      ]),
    );
    const admin = recordingAdmin(shopify.admin);

    const read = await readFulfillmentOrders(admin, placed);

    const mug = sku("MUG-CER-350-WHT");
    for (const id of placed) {
      const facts = read.get(id);
      expect(facts?.fo.lineItems[0]?.variant).toMatchObject({ harmonizedSystemCode: mug.hsCode, countryCodeOfOrigin: "PT" });
      expect(gramsOf(facts?.fo.lineItems[0]?.variant?.weight ?? expect.unreachable())).toBe(mug.weight);
    }
    expect(read.get(placed[4] ?? expect.unreachable())?.fo.lineItems[1]?.variant?.harmonizedSystemCode).toBe(
      sku("YOGA-MAT-6MM-PUR").hsCode,
    );
    // One query for the five fulfillment orders, one for their two items.
    expect(admin.answered.map((a) => a.operation)).toEqual(["FulfillmentOrdersFacts", "InventoryItemsCustoms"]);
    expect(admin.answered[1]?.variables.ids).toHaveLength(2);
    // A one-line fulfillment order used 37 points when each line read its variant's inventory item
    // and its original price, and the order its current tax; 26 when every order's outstanding
    // amount and lines came with it; 21 when every order's localized fields and tax total did: 17
    // for a shop without an IOSS number, and 5 per distinct item (121 points for these before
    // the last two cuts, 101 after); 18 and 106 since every order says whether a company bought it
    // (its buyer's type, one point: decision 0043).
    const points = admin.answered.reduce((sum, a) => sum + a.actualCost, 0);
    expect(points).toBeLessThanOrEqual(106);
  });

  it("reads what is needed only sometimes when it is: the original price of a line without a summary, the current tax, more localized fields", async () => {
    // Brazil collects localized fields (the CPF): the order's are read, in a query of their own.
    const id = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 2, totalDiscount: "2.00" }], { shipping_address: TO_BRAZIL });
    const localized = (n: number) => ({ key: `FIELD_${n}`, value: `value ${n}` });
    const admin = recordingAdmin(shopify.admin, {
      // As Shopify may answer: no financial summary, the original total tax null, six localized fields.
      rewrite: (operation, data) => {
        if (operation === "OrdersLocalizedFields") {
          (data as { o0: { localizedFields: unknown } }).o0.localizedFields = {
            nodes: [1, 2, 3, 4, 5].map(localized),
            pageInfo: { hasNextPage: true, endCursor: "after-5" },
          };
        }
        if (operation !== "FulfillmentOrdersFacts") return;
        const { fo0 } = data as { fo0: { lineItems: { nodes: { financialSummaries: unknown[] }[] }; order: { totalTaxSet: unknown } } };
        for (const line of fo0.lineItems.nodes) line.financialSummaries = [];
        fo0.order.totalTaxSet = null;
      },
      answer: (operation) =>
        operation === "OrderLocalizedFieldsPage"
          ? { order: { localizedFields: { nodes: [localized(6)], pageInfo: { hasNextPage: false, endCursor: null } } } }
          : undefined,
    });

    // A shop with an IOSS number: the tax total is read, and the current one when the original is null.
    const read = await readFulfillmentOrderAs(admin, id, WITH_IOSS);

    const mug = sku("MUG-CER-350-WHT");
    // The original unit price: without a summary, the line's discount is not known per unit.
    expect(read?.fo.lineItems[0]?.unitPrice.shopMoney).toEqual({ amount: mug.price.toFixed(2), currencyCode: "USD" });
    expect(read?.order.totalTax).toEqual({ amount: "0.00", currencyCode: "USD" });
    expect(read?.order.localizedFields).toEqual([1, 2, 3, 4, 5, 6].map(localized));
    expect(admin.answered.map((a) => a.operation).sort()).toEqual(
      [
        "FulfillmentOrderLineOriginalPrices",
        "FulfillmentOrdersFacts",
        "InventoryItemsCustoms",
        "OrderCurrentTotalTax",
        "OrdersLocalizedFields",
        "OrderLocalizedFieldsPage",
      ].sort(),
    );
    expect(admin.answered.find((a) => a.operation === "OrderLocalizedFieldsPage")?.variables.after).toBe("after-5");
  });

  it("reads the duties collected at checkout only for a shop that sends drop-ship packages, and the lines' only for an order that has them", async () => {
    const duty = (amount: string) => ({
      harmonized_system_code: "6912.00",
      country_code_of_origin: "CN",
      price_set: { shop_money: { amount, currency_code: "USD" }, presentment_money: { amount, currency_code: "USD" } },
      tax_lines: [],
    });
    const lines = orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 2 }]).line_items as Record<string, unknown>[];
    const dutied = await orderAtWarehouseId([], { line_items: lines.map((line) => ({ ...line, duties: [duty("1.20"), duty("0.30")] })) });
    const plain = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);

    const warehouseOnly = recordingAdmin(shopify.admin);
    expect((await readFulfillmentOrderAs(warehouseOnly, dutied, DEFAULT_SHOP))?.order.currentTotalDuties).toBeNull();
    expect(warehouseOnly.answered.map((a) => a.operation)).not.toContain("FulfillmentOrderLineDuties");

    const dropship = recordingAdmin(shopify.admin);
    const read = await readFulfillmentOrderAs(dropship, dutied, WITH_DROPSHIP);
    expect(read?.order).toMatchObject({ dutiesIncluded: false, currentTotalDuties: { amount: "1.50", currencyCode: "USD" } });
    expect(read?.fo.lineItems[0]?.duties).toEqual({
      orderedQuantity: 2,
      charged: [
        {
          price: { shopMoney: { amount: "1.20", currencyCode: "USD" }, presentmentMoney: { amount: "1.20", currencyCode: "USD" } },
          harmonizedSystemCode: "6912.00",
        },
        {
          price: { shopMoney: { amount: "0.30", currencyCode: "USD" }, presentmentMoney: { amount: "0.30", currencyCode: "USD" } },
          harmonizedSystemCode: "6912.00",
        },
      ],
    });
    expect(dropship.answered.map((a) => a.operation)).toContain("FulfillmentOrderLineDuties");

    const noDuties = recordingAdmin(shopify.admin);
    expect((await readFulfillmentOrderAs(noDuties, plain, WITH_DROPSHIP))?.fo.lineItems[0]?.duties).toBeNull();
    expect(noDuties.answered.map((a) => a.operation)).not.toContain("FulfillmentOrderLineDuties");
  });

  it("reads the tax charged at checkout only for a shop with an IOSS number, its one reader", async () => {
    const id = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }], { total_tax: "4.20" });
    const without = recordingAdmin(shopify.admin);
    expect((await readFulfillmentOrderAs(without, id, DEFAULT_SHOP))?.order.totalTax).toBeNull();
    const withIoss = recordingAdmin(shopify.admin);
    expect((await readFulfillmentOrderAs(withIoss, id, WITH_IOSS))?.order.totalTax).toEqual({ amount: "4.20", currencyCode: "USD" });
    const factsCost = (admin: typeof without) =>
      admin.answered.find((a) => a.operation === "FulfillmentOrdersFacts")?.actualCost ?? expect.unreachable();
    // The money bag and its one money: 2 points.
    expect(factsCost(withIoss) - factsCost(without)).toBe(2);
  });

  it("reads an order's localized fields only when its parcel goes where Shopify collects them", async () => {
    const toKentucky = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const toBrazil = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }], { shipping_address: TO_BRAZIL });
    const admin = recordingAdmin(shopify.admin);

    const read = await readFulfillmentOrders(admin, [toKentucky, toBrazil]);

    expect(read.get(toKentucky)?.fo.destination?.countryCode).toBe("US");
    expect(read.get(toBrazil)?.fo.destination?.countryCode).toBe("BR");
    const localizedReads = admin.answered.filter((a) => a.operation === "OrdersLocalizedFields");
    expect(localizedReads.map((a) => Object.values(a.variables))).toEqual([[read.get(toBrazil)?.order.id]]);
    // The connection is not in the facts query: an order to the United States costs 2 points less.
    expect(admin.answered.find((a) => a.operation === "FulfillmentOrdersFacts")?.variables).toEqual({
      withTotalTax: false,
      withDuties: false,
      id0: toKentucky,
      id1: toBrazil,
    });
  });

  it("reads an item's customs data once in a run (the port's life), and afresh in the next: a merchant's correction counts from then on", async () => {
    const mugOrder = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const mugAndMat = await orderAtWarehouseId([
      { sku: "MUG-CER-350-WHT", quantity: 2 },
      { sku: "YOGA-MAT-6MM-PUR", quantity: 1 },
    ]);
    const admin = recordingAdmin(shopify.admin);
    const itemsRead = () =>
      admin.answered.filter((a) => a.operation === "InventoryItemsCustoms").map((a) => (a.variables.ids as string[]).length);
    const run = shopifyPortFor(admin);

    await run.readFulfillmentOrders([mugOrder], DEFAULT_SHOP);
    const later = await run.readFulfillmentOrders([mugAndMat], DEFAULT_SHOP);

    // The second round reads the mat's item alone; the mug's comes from the first.
    expect(itemsRead()).toEqual([1, 1]);
    const [mugLine, matLine] = later.get(mugAndMat)?.fo.lineItems ?? [];
    expect(mugLine?.variant?.harmonizedSystemCode).toBe(sku("MUG-CER-350-WHT").hsCode);
    expect(matLine?.variant?.harmonizedSystemCode).toBe(sku("YOGA-MAT-6MM-PUR").hsCode);

    // The merchant corrects the mug's HS code; the next run (a Retry is one) reads it.
    await upsertProducts(shopify.emulator, [
      { title: "Ceramic mug 350 ml", variants: [{ sku: "MUG-CER-350-WHT", harmonizedSystemCode: "691200" }] },
    ]);
    const next = await shopifyPortFor(admin).readFulfillmentOrders([mugAndMat], DEFAULT_SHOP);
    expect(itemsRead()).toEqual([1, 1, 2]);
    expect(next.get(mugAndMat)?.fo.lineItems[0]?.variant?.harmonizedSystemCode).toBe("691200");
  });

  it("reads a one-line fulfillment order of an order paid by card to the United States for 18 points, 53 asked of the bucket", async () => {
    const id = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const admin = recordingAdmin(shopify.admin);
    await readFulfillmentOrder(admin, id);
    const facts = admin.answered.find((a) => a.operation === "FulfillmentOrdersFacts") ?? expect.unreachable();
    // 26 used and 63 requested while every order's outstanding amount and lines were read with it,
    // 21 and 52 while its localized fields were, 19 while its tax total was (a shop without an IOSS
    // number; the emulator still counts the skipped field in the requested cost), 17 and 45 before
    // its buyer's type was read (whether a company bought it: decision 0043). The duties total (a
    // shop that sends drop-ship packages) is skipped likewise: 2 of the 48 asked. 53 since each
    // line's bundle (its lineItemGroup) is read with it: one point asked per line of the page of
    // five, none used for a line sold on its own (decision 0046).
    expect(facts.actualCost).toBeLessThanOrEqual(18);
    expect(facts.requestedCost).toBeLessThanOrEqual(53);
  });

  it("reads none of those when the first answer has them", async () => {
    const id = await orderAtWarehouseId([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const admin = recordingAdmin(shopify.admin);
    await readFulfillmentOrder(admin, id);
    expect(admin.answered.map((a) => a.operation)).toEqual(["FulfillmentOrdersFacts", "InventoryItemsCustoms"]);
  });
});

async function orderAtWarehouseId(
  lines: Parameters<typeof orderPayload>[0],
  overrides: Record<string, unknown> = {},
): Promise<FulfillmentOrderGid> {
  const { fulfillmentOrders } = await placeOrder(shopify.emulator, orderPayload(lines, overrides));
  return FulfillmentOrderGid.parse(fulfillmentOrders.find((fo) => fo.assignedLocationId === warehouse)?.id);
}

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
    const cancelling = await listAssignedFulfillmentOrders(shopify.admin, {
      assignmentStatus: "CANCELLATION_REQUESTED",
      locationIds: [warehouse],
    });
    expect(cancelling.items).toEqual([
      expect.objectContaining({
        orderName: "#1001",
        requestStatus: "CANCELLATION_REQUESTED",
        latestRequest: expect.objectContaining({ kind: "CANCELLATION_REQUEST", message: "Customer changed their mind" }),
      }),
    ]);
  });

  it("pages through more than 50 requests with the cursor", async () => {
    for (let i = 0; i < 53; i++) await placeOrder(shopify.emulator, orderPayload([{ sku: "SOCKS-WOOL-3P-GRY", quantity: 1 }]));
    const first = await listAssignedFulfillmentOrders(shopify.admin, { assignmentStatus: "FULFILLMENT_REQUESTED" });
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await listAssignedFulfillmentOrders(shopify.admin, {
      assignmentStatus: "FULFILLMENT_REQUESTED",
      after: first.nextCursor,
    });
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
