/**
 * What real life does to the pipeline: the provider failing (500) and limiting (429) for a while,
 * answers lost after the provider acted, a crash between Shopify's fulfilment and our record of it,
 * and a worker process killed in the middle of sending a batch. Every order is still delivered,
 * with one provider order and one fulfilment each.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ShopifyPort } from "~/flows/ports/ports";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type PlacedOrder, useHarness } from "./harness";

const harness = useHarness();

/** Asserts each order is delivered once: one provider order never recreated, one fulfilment. */
async function deliveredOnce(orders: PlacedOrder[]): Promise<void> {
  const state = await emulatorState(harness.shopify);
  for (const placed of orders) {
    const shipments = await harness.shipmentsOf(placed.orderId);
    expect(shipments.map((s) => s.state)).toEqual(["DELIVERED"]);
    const [shipment] = shipments;
    expect(harness.sandbox.state().outbounds.get(shipment?.packageId ?? "")?.retryCount).toBe(0);
    const fo = placed.fulfillmentOrders[0];
    expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo?.id ?? "")))).toHaveLength(1);
  }
}

const threeOrders = () =>
  Promise.all(
    (["MUG-CER-350-WHT", "TSHIRT-ORG-L-BLK", "PHONECASE-IP15-CLR"] as const).map((sku) => harness.placeOrder([{ sku, quantity: 1 }])),
  );

describe("the provider failing for a while", () => {
  it("500s and 429s on every operation the pipeline uses: everything completes", async () => {
    for (const operation of ["createOutboundBatch", "outboundStatuses", "trackBatch"]) {
      await harness.planFault({ operation, kind: "500", count: 3 });
      await harness.planFault({ operation, kind: "429", count: 2, retryAfterSeconds: 1 });
    }
    const orders = await threeOrders();
    for (const placed of orders) await harness.waitForShipment(placed.orderId, "DELIVERED", 120_000);
    await deliveredOnce(orders);
    // The provider's Retry-After was honoured by rescheduling, not by hammering it.
    expect(harness.logLines.some((line) => line.message === "Job postponed" && String(line.fields?.reason).includes("429"))).toBe(true);
  }, 300_000);

  it("an answer lost after the provider created the packages: sent again, 'not changed', one order each", async () => {
    await harness.planFault({ operation: "createOutboundBatch", kind: "500", count: 2, afterProcessing: true });
    const orders = await threeOrders();
    for (const placed of orders) await harness.waitForShipment(placed.orderId, "DELIVERED", 120_000);
    await deliveredOnce(orders);
  }, 300_000);
});

describe("a crash half-way through a Shopify write", () => {
  it("after Shopify created the fulfilment, before its id was stored: found, not written twice", async () => {
    const real = harness.deps.shopify;
    let crashes = 0;
    harness.deps.shopify = async (shop) => {
      const port = await real(shop);
      const crashing: ShopifyPort = {
        ...port,
        createFulfilments: async (inputs) => {
          const created = await port.createFulfilments(inputs);
          if (crashes++ === 0) throw new Error("The worker died right after Shopify answered");
          return created;
        },
        createFulfilmentEvents: async (id, events) => {
          const created = await port.createFulfilmentEvents(id, events);
          if (crashes++ === 1) throw new Error("The worker died right after Shopify answered");
          return created;
        },
      };
      return crashing;
    };
    try {
      const [placed] = await Promise.all([
        harness.placeOrder([
          { sku: "TEA-GREEN-100G", quantity: 3 },
          { sku: "LAMP-LED-DESK-WHT", quantity: 1 },
        ]),
      ]);
      if (!placed) throw new Error("no order");
      const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 120_000);
      expect(crashes).toBeGreaterThanOrEqual(2);
      const state = await emulatorState(harness.shopify);
      const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
      const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo?.id ?? "")));
      expect(fulfilments).toHaveLength(1);
      const events = state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilments[0]?.id).map((e) => e.status);
      expect(events).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT", "IN_TRANSIT", "IN_TRANSIT", "DELIVERED"]);
      const written = (await harness.events(delivered.id)).find((e) => e.type === "fulfilment_written");
      expect(written?.message).toMatch(/^Found the Shopify fulfilment/);
    } finally {
      harness.deps.shopify = real;
    }
  }, 180_000);
});

describe("Shopify failing on one parcel's checkpoints", () => {
  it("keeps what was written for the parcels before it: each checkpoint once, none of theirs looked for again", async () => {
    const real = harness.deps.shopify;
    const written: string[] = [];
    let failedOn: string | undefined;
    const lookups: string[] = [];
    harness.deps.shopify = async (shop) => {
      const port = await real(shop);
      const failing: ShopifyPort = {
        ...port,
        createFulfilmentEvents: async (id, events) => {
          // The second parcel's request fails before Shopify made anything; the first's succeeded.
          if (written.length === 1 && failedOn === undefined) {
            failedOn = id;
            throw new Error("Shopify answered 503");
          }
          written.push(id);
          return port.createFulfilmentEvents(id, events);
        },
        fulfilmentEvents: async (id) => {
          lookups.push(id);
          return port.fulfilmentEvents(id);
        },
      };
      return failing;
    };
    try {
      const orders = await threeOrders();
      for (const placed of orders) await harness.waitForShipment(placed.orderId, "DELIVERED", 120_000);
      await deliveredOnce(orders);
      expect(failedOn).toBeDefined();
      const state = await emulatorState(harness.shopify);
      for (const placed of orders) {
        const fo = placed.fulfillmentOrders[0];
        const fulfilment = state.fulfillments.find((f) => f.fulfillmentOrderIds.includes(numericId(fo?.id ?? "")));
        const events = state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilment?.id).map((e) => e.status);
        expect(events).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT", "IN_TRANSIT", "IN_TRANSIT", "DELIVERED"]);
      }
      // The first parcel's checkpoints were marked sent although the run failed after them: never in
      // doubt. The failed parcel's (and any recorded after it in the same query) are looked for first.
      expect(lookups).toContain(failedOn);
      expect(lookups).not.toContain(written[0]);
    } finally {
      harness.deps.shopify = real;
    }
  }, 180_000);
});

describe("a worker killed in the middle of a batch", () => {
  it("loses nothing and duplicates nothing: another worker takes the job over and sends the batch again", async () => {
    await harness.stopWorker();
    // The provider takes the batch, and its answer never comes: the worker is stuck in the call when killed.
    await harness.planFault({ operation: "createOutboundBatch", kind: "timeout", count: 1, afterProcessing: true });
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join("test", "pipeline", "worker-child.ts"),
        JSON.stringify({
          databaseUrl: harness.databaseUrl,
          sandboxUrl: harness.sandbox.url,
          graphqlUrl: harness.shopify.graphqlUrl(DEMO_SHOP),
          leaseMs: 600,
        }),
      ],
      { cwd: path.resolve(import.meta.dirname, "../.."), stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      await waitFor(
        () => new Promise<boolean>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().includes("READY")))),
        // A process loading the app's modules through tsx: seconds alone, far more beside a second test run.
        { timeoutMs: 60_000, what: "the worker process" },
      );
      const orders = await threeOrders();
      const packages = await waitFor(
        async () => {
          const shipments = (await Promise.all(orders.map((o) => harness.shipmentsOf(o.orderId)))).flat();
          const atProvider = shipments.filter((s) => harness.sandbox.state().outbounds.has(s.packageId));
          return atProvider.length > 0 ? atProvider : undefined;
        },
        { timeoutMs: 15_000, what: "a batch at the provider" },
      );
      child.kill("SIGKILL");
      await exited;
      // Killed with the batch sent and its answer unread: the packages are still READY, claimed by the dead worker's job.
      const stranded = await harness.db.shipment.findMany({ where: { id: { in: packages.map((p) => p.id) } } });
      expect(stranded.every((s) => s.state === "READY" && s.sendingJobId !== null)).toBe(true);

      harness.startWorker();
      for (const placed of orders) await harness.waitForShipment(placed.orderId, "DELIVERED", 120_000);
      await deliveredOnce(orders);
      const push = await harness.db.job.findFirst({ where: { kind: "push.batch", id: stranded[0]?.sendingJobId ?? "" } });
      expect(push?.status).toBe("DONE");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      harness.startWorker();
    }
  }, 180_000);
});
