/**
 * Returns of what a provider warehouse shipped: the merchant opens a return in Shopify, every
 * webhook arrives twice, and the provider gets one return order to that warehouse; once the parcel
 * is delivered there, the units are restocked in Shopify at the warehouse's location (once) and the
 * stock sync is queued. What the merchant shipped from their own location is not the provider's.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CustomerReturn } from "@prisma/client";
import { DEMO_SHOP, useHarness } from "./harness";
import { waitFor } from "../support/jobs";

const harness = useHarness();

const FULFILMENT_LINES = `query ($id: ID!) { order(id: $id) { fulfillments(first: 5) { location { id } fulfillmentLineItems(first: 10) { nodes { id quantity lineItem { sku } } } } } }`;
const Fulfilments = z.object({
  order: z.object({
    fulfillments: z.array(
      z.object({
        location: z.object({ id: z.string() }).nullable(),
        fulfillmentLineItems: z.object({
          nodes: z.array(z.object({ id: z.string(), quantity: z.number(), lineItem: z.object({ sku: z.string().nullable() }) })),
        }),
      }),
    ),
  }),
});
const CREATE = `mutation ($input: ReturnInput!) { returnCreate(returnInput: $input) { return { id name } userErrors { field message } } }`;
const Created = z.object({ returnCreate: z.object({ return: z.object({ id: z.string(), name: z.string() }) }) });
const DISPOSITIONS = `query ($id: ID!) { return(id: $id) { reverseFulfillmentOrders(first: 2) { nodes { status lineItems(first: 5) { nodes { totalQuantity dispositions { type quantity location { id } } } } } } } }`;
const Dispositions = z.object({
  return: z.object({
    reverseFulfillmentOrders: z.object({
      nodes: z.array(
        z.object({
          status: z.string(),
          lineItems: z.object({
            nodes: z.array(
              z.object({
                totalQuantity: z.number(),
                dispositions: z.array(
                  z.object({ type: z.string(), quantity: z.number(), location: z.object({ id: z.string() }).nullable() }),
                ),
              }),
            ),
          }),
        }),
      ),
    }),
  }),
});
const LEVEL = `query ($id: ID!) { location(id: $id) { inventoryLevels(first: 50) { nodes { item { sku } quantities(names: ["on_hand"]) { quantity } } } } }`;
const Levels = z.object({
  location: z.object({
    inventoryLevels: z.object({
      nodes: z.array(z.object({ item: z.object({ sku: z.string().nullable() }), quantities: z.array(z.object({ quantity: z.number() })) })),
    }),
  }),
});

async function onHandAt(location: string, sku: string): Promise<number> {
  const levels = Levels.parse(await harness.merchant(LEVEL, { id: location }));
  return levels.location.inventoryLevels.nodes.find((n) => n.item.sku === sku)?.quantities[0]?.quantity ?? 0;
}

async function fulfilmentLines(orderId: string) {
  return Fulfilments.parse(await harness.merchant(FULFILMENT_LINES, { id: orderId })).order.fulfillments.flatMap((f) =>
    f.fulfillmentLineItems.nodes.map((line) => ({ ...line, locationId: f.location?.id ?? null })),
  );
}

async function setDuplicates(duplicate: boolean): Promise<void> {
  await fetch(`${harness.shopify.url}/__emulator/delivery`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
    body: JSON.stringify({ duplicate }),
  });
}

function waitForReturn(returnId: string, state: CustomerReturn["state"]): Promise<CustomerReturn> {
  return waitFor(
    async () => (await harness.db.customerReturn.findMany({ where: { shop: DEMO_SHOP, returnId } })).find((r) => r.state === state),
    { timeoutMs: 20_000, intervalMs: 25, what: `return ${returnId} ${state}` },
  ).catch(async (error: unknown) => {
    const rows = await harness.db.customerReturn.findMany({ where: { returnId } });
    const jobs = await harness.db.job.findMany({ where: { kind: { startsWith: "returns." } } });
    const receipts = await harness.db.webhookReceipt.findMany({ where: { topic: { startsWith: "returns/" } } });
    throw new Error(
      `${String(error)}\nreturns: ${JSON.stringify(rows.map((r) => ({ state: r.state, reason: r.lastErrorText })))}\n` +
        `jobs: ${JSON.stringify(jobs.map((j) => ({ kind: j.kind, status: j.status, lastError: j.lastError })))}\n` +
        `receipts: ${JSON.stringify(receipts.map((r) => ({ status: r.status, reason: r.reason })))}`,
    );
  });
}

describe("a return of units a warehouse shipped", () => {
  it("goes back to the warehouse as one provider return order, and is restocked there in Shopify once delivered", async () => {
    const placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 2 }]);
    await harness.waitForShipment(placed.orderId, "FULFILLED", 20_000);
    const [line] = await fulfilmentLines(placed.orderId);
    expect(line).toMatchObject({ quantity: 2, locationId: harness.warehouseLocation, lineItem: { sku: "MUG-CER-350-WHT" } });
    const providerStockBefore = harness.sandbox
      .state()
      .stock.filter((lot) => lot.warehouseId === "US01" && lot.sku === "MUG-CER-350-WHT")
      .reduce((sum, lot) => sum + lot.quantity, 0);

    await setDuplicates(true);
    let ret: { id: string; name: string };
    try {
      ret = Created.parse(
        await harness.merchant(CREATE, {
          input: {
            orderId: placed.orderId,
            returnLineItems: [{ fulfillmentLineItemId: line?.id, quantity: 2, returnReasonNote: "Chipped" }],
          },
        }),
      ).returnCreate.return;
      await harness.shopify.settled();
    } finally {
      await setDuplicates(false);
    }
    expect(harness.received.filter((topic) => topic === "returns/approve")).toHaveLength(2);

    const sent = await waitForReturn(ret.id, "SENT");
    expect(sent).toMatchObject({
      returnName: ret.name,
      orderName: placed.order.name,
      warehouseCode: "US01",
      locationId: harness.warehouseLocation,
      units: 2,
      serviceCode: "US01-STD",
    });
    expect(sent.trackingNumber).toBeTruthy();
    const atProvider = harness.sandbox.state().returns.get(sent.packageId);
    expect(atProvider).toMatchObject({ warehouseId: "US01", serviceCode: "US01-STD", skus: [{ sku: "MUG-CER-350-WHT", quantity: 2 }] });

    const onHandBefore = await onHandAt(harness.warehouseLocation, "MUG-CER-350-WHT");
    const restocked = await waitForReturn(ret.id, "RESTOCKED");
    expect(restocked.receivedAt).not.toBeNull();

    // Shopify: the reverse fulfillment order's two units restocked at the warehouse's location, once.
    const disposed = Dispositions.parse(await harness.merchant(DISPOSITIONS, { id: ret.id })).return.reverseFulfillmentOrders.nodes;
    expect(disposed).toEqual([
      {
        status: "CLOSED",
        lineItems: {
          nodes: [{ totalQuantity: 2, dispositions: [{ type: "RESTOCKED", quantity: 2, location: { id: harness.warehouseLocation } }] }],
        },
      },
    ]);
    expect(await onHandAt(harness.warehouseLocation, "MUG-CER-350-WHT")).toBe(onHandBefore + 2);
    // The provider received them too (its stock is what the stock sync writes).
    const providerStockAfter = harness.sandbox
      .state()
      .stock.filter((lot) => lot.warehouseId === "US01" && lot.sku === "MUG-CER-350-WHT")
      .reduce((sum, lot) => sum + lot.quantity, 0);
    expect(providerStockAfter).toBe(providerStockBefore + 2);

    // Exactly once: one row, one provider return order, one job for the return; the stock sync queued.
    expect(await harness.db.customerReturn.count({ where: { returnId: ret.id } })).toBe(1);
    expect(harness.providerCalls.createReturn).toBe(1);
    expect(await harness.db.job.count({ where: { kind: "returns.open" } })).toBe(1);
    const receipts = await harness.db.webhookReceipt.findMany({ where: { topic: "returns/approve" } });
    expect(receipts.every((r) => r.status === "PROCESSED")).toBe(true);
    const sync = await harness.db.job.findFirst({ where: { kind: "stock.sync", shop: DEMO_SHOP } });
    expect(sync?.payload).toContain("PROVIDER_CHANGE");
  }, 45_000);

  it("what the merchant shipped from their own location is not sent to the provider", async () => {
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]);
    await harness.waitForShipment(placed.orderId, "FULFILLED", 20_000);
    const [line] = await fulfilmentLines(placed.orderId);
    expect(line?.locationId).toBe(harness.studioLocation);
    const calls = harness.providerCalls.createReturn ?? 0;

    const ret = Created.parse(
      await harness.merchant(CREATE, {
        input: { orderId: placed.orderId, returnLineItems: [{ fulfillmentLineItemId: line?.id, quantity: 1 }] },
      }),
    ).returnCreate.return;
    await waitFor(
      async () =>
        (await harness.db.job.findFirst({ where: { kind: "returns.open", status: "DONE", payload: { contains: ret.id } } })) ?? undefined,
      {
        timeoutMs: 10_000,
        intervalMs: 25,
        what: "the return's job done",
      },
    );
    expect(await harness.db.customerReturn.count({ where: { returnId: ret.id } })).toBe(0);
    expect(harness.providerCalls.createReturn ?? 0).toBe(calls);
  }, 30_000);
});
