/**
 * Nothing lost when a webhook is: a fulfillment order whose only webhook never reached the app (held
 * by Shopify for good, as when its retries ran out during an outage) is found by the periodic look for
 * open orders (plan.backfill, every openOrdersSweepMs) and planned, sent and fulfilled like any other.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { queueOpenOrdersSweep } from "~/flows/plan/backfill.server";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type Harness, startHarness } from "./harness";

let harness: Harness;
const SWEEP_MS = 1_000;

beforeAll(async () => {
  harness = await startHarness({ policy: { openOrdersSweepMs: SWEEP_MS } });
}, 30_000);

afterAll(async () => {
  await harness?.close();
});

it("plans a drop-ship order whose routing webhook never arrived, on the shop's next look for open orders", async () => {
  // The shop's looks have begun (a worker queues them as it starts); the first finds nothing.
  await queueOpenOrdersSweep(harness.db, DEMO_SHOP, new Date());
  const looks = () => harness.logLines.filter((line) => line.message === "Looked for open orders at the provider's locations");
  await waitFor(() => looks().length > 0, { what: "the first look", timeoutMs: 10_000 });
  expect(looks()[0]?.fields).toMatchObject({ found: 0, planned: 0 });

  // Every webhook of this order is kept back by "Shopify", and never released.
  const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }], {}, { hold: true });
  expect(placed.fulfillmentOrders.some((fo) => fo.assignedLocationId === harness.studioLocation)).toBe(true);
  expect(harness.shopify.deliveries().filter((delivery) => delivery.state === "held").length).toBeGreaterThan(0);

  const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED", 20_000);
  expect(fulfilled).toMatchObject({ kind: "DROPSHIP", attempts: 1 });
  const timeline = await harness.events(fulfilled.id);
  expect(timeline[0]?.message).toContain("Found open when the app looked for orders already at this location");
  // No webhook of the order was ever taken: the look alone found it.
  expect(await harness.db.webhookReceipt.count({ where: { topic: "fulfillment_orders/order_routing_complete" } })).toBe(0);
  // And the looks go on: the next one waits for its time, or is under way.
  expect(await harness.db.job.count({ where: { kind: "plan.backfill", status: { in: ["PENDING", "RUNNING"] } } })).toBe(1);
}, 40_000);
