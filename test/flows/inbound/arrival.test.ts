/**
 * Inbound shipments against the real sandbox, worked by a worker as in the app: a shipment sent
 * is looked at until the warehouse has received it (decision 0016: its own boxes sent back, which
 * changes nothing while it is on its way), then kept as received and the stock sync queued; the
 * looking stops. The warehouse's stock at the provider is what the merchant sent.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { available } from "../../../sandbox/orders/stock";
import { startSandbox, type Sandbox } from "../../../sandbox/server";
import { inboundHandlers } from "~/flows/inbound/handlers";
import { sendInboundShipment } from "~/flows/inbound/send.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { inboundShipmentOf } from "~/stores/inbound/inbound-shipments.server";
import { testPipelineDeps, DEMO_SHOP, type TestDeps } from "../../pipeline/deps";
import { createTestDatabase, type TestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";

let database: TestDatabase;
let sandbox: Sandbox;
let testDeps: TestDeps;
let worker: Worker | undefined;
const db = () => database.db;

const INBOUND_DELAY_MS = 5_000;

beforeAll(async () => {
  database = createTestDatabase();
  sandbox = await startSandbox({ port: 0, seed: 3, createDelayMs: 0, inboundDelayMs: INBOUND_DELAY_MS });
});
afterAll(async () => {
  await sandbox.close();
  await database.close();
});
beforeEach(async () => {
  // Nothing here asks Shopify: its address is never called.
  testDeps = testPipelineDeps(db(), { sandboxUrl: sandbox.url, graphqlUrl: "http://127.0.0.1:9/graphql", policy: { inboundCheckMs: 100 } });
  const deps = async () => testDeps.deps;
  worker = startWorker({
    db: db(),
    kinds: jobPayloadSchemas,
    handlers: inboundHandlers(deps),
    pollIntervalMs: 10,
    backoff: { baseDelayMs: 20, maxDelayMs: 200 },
    logger: recordingJobLogger().logger,
  });
});
afterEach(async () => {
  await worker?.stop();
});

const teaAtUs01 = () => available(sandbox.state(), "US01", "TEA-GREEN-100G");

describe("an inbound shipment on its way", () => {
  it("is looked at until the warehouse received it, then kept as received with the stock sync queued", async () => {
    const inboundsBefore = sandbox.state().inbounds.size;
    const sent = await sendInboundShipment(db(), testDeps.deps, DEMO_SHOP, {
      reference: "IN-ARRIVAL-1",
      warehouseId: "US01",
      shippingType: "Sea",
      plannedArrival: new Date("2026-12-01T00:00:00Z"),
      remark: null,
      boxes: [
        {
          label: "CARTON-1",
          weightGrams: 4200,
          lengthCm: 40,
          widthCm: 30,
          heightCm: 30,
          lines: [{ sku: "TEA-GREEN-100G", providerSku: "TEA-GREEN-100G", quantity: 24 }],
        },
      ],
    });
    expect(sent.providerId).toMatch(/^IB/);
    expect(sandbox.state().inbounds.size).toBe(inboundsBefore + 1);

    // Looked at while on its way: nothing changes at the provider, nothing is received.
    await waitFor(async () => ((await inboundShipmentOf(db(), DEMO_SHOP, sent.id))?.checkedAt ? true : undefined), {
      timeoutMs: 10_000,
      what: "a first check",
    });
    expect(await inboundShipmentOf(db(), DEMO_SHOP, sent.id)).toMatchObject({ state: "ON_THE_WAY", problem: null });
    expect(sandbox.state().inbounds.get("IN-ARRIVAL-1")?.boxes).toEqual([
      { customContainerNo: "CARTON-1", skus: [{ sku: "TEA-GREEN-100G", quantity: 24 }] },
    ]);
    expect(await db().job.count({ where: { kind: "stock.sync" } })).toBe(0);

    const before = teaAtUs01();
    sandbox.advanceClock(INBOUND_DELAY_MS);
    const received = await waitFor(
      async () => {
        const shipment = await inboundShipmentOf(db(), DEMO_SHOP, sent.id);
        return shipment?.state === "RECEIVED" ? shipment : undefined;
      },
      { timeoutMs: 10_000, what: "the shipment to be received" },
    );
    expect(received.receivedAt).not.toBeNull();
    expect(teaAtUs01()).toBe(before + 24);

    const sync = await db().job.findFirst({ where: { kind: "stock.sync", shop: DEMO_SHOP } });
    expect(sync && JSON.parse(sync.payload)).toEqual({ shop: DEMO_SHOP, trigger: "PROVIDER_CHANGE" });
    // Nothing left on its way: the looking stops.
    await waitFor(
      async () =>
        (await db().job.count({ where: { kind: "inbound.check", status: { in: ["PENDING", "RUNNING"] } } })) === 0 ? true : undefined,
      { timeoutMs: 5_000, what: "the checks to stop" },
    );
  }, 30_000);
});
