/**
 * The client on a bad day, through the sandbox's fault control route: rate limits, provider faults,
 * dropped connections, answers that never come, and answers lost after the provider acted. The
 * client's sleep is injected (instant, recorded), so the waits are asserted, not endured.
 *
 * Backoff with the test client: full jitter at its midpoint (random 0.5) of 500 ms doubling per
 * attempt, i.e. 250, 500, 1000 ms; at most 4 attempts.
 */
import { describe, expect, it } from "vitest";
import { ProviderNetworkError, ProviderRateLimitedError, ProviderServerError } from "../../app/fulfilment";
import * as example from "./examples";
import { CREATE_DELAY_MS, failureOf, INBOUND_DELAY_MS, outcomes, startWorld, type ProviderWorld } from "./support";

async function mugsInUs01(world: ProviderWorld): Promise<number | undefined> {
  const page = await world.client.inventoryAge({ WarehouseId: "US01", Sku: example.MUG });
  return page.InventoryAges[0]?.TotalStockQty;
}

describe("a rate limit (429)", () => {
  it("is waited out for as long as Retry-After says, then the call succeeds", async () => {
    const world = await startWorld();
    await world.plan({ operation: "searchSkus", kind: "429", retryAfterSeconds: 3 });

    await expect(world.client.searchSkus({ PageSize: 1 })).resolves.toMatchObject({ TotalCount: 14 });

    expect(world.sleeps).toEqual([3000]);
    expect(outcomes(world.operationCalls())).toEqual(["429", "200"]);
  });

  it("longer than the client will wait in a call is handed back with retryAfterMs, for the job queue", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createOutbound", kind: "429", retryAfterSeconds: 120 });

    const error = await failureOf(world.client.createOutbound(example.createOutbound()));

    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000, retryable: true });
    expect(world.sleeps).toEqual([]);
    expect(outcomes(world.operationCalls())).toEqual(["429"]);
    expect(world.sandbox.state().outbounds.size).toBe(0);
  });
});

describe("provider faults (500)", () => {
  it("are retried with growing, jittered waits until the call succeeds; the order is created once", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createOutbound", kind: "500", count: 2 });

    await expect(world.client.createOutbound(example.createOutbound())).resolves.toEqual({ outcome: "created" });

    expect(world.sleeps).toEqual([250, 500]);
    expect(outcomes(world.operationCalls())).toEqual(["500", "500", "201"]);
    expect(world.sandbox.state().outbounds.size).toBe(1);
  });

  it("that persist end in ProviderServerError after the last attempt, quoting the provider's ticket", async () => {
    const world = await startWorld();
    await world.plan({ operation: "dropshipStatus", kind: "500", count: 10 });

    const error = await failureOf(world.client.dropshipStatus({ packageId: "NW-FO-5821930456" }));

    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error).toMatchObject({ status: 500, attempts: 4 });
    expect(error.ticketId).toBeTruthy();
    expect(error.message).toContain(`TicketId ${error.ticketId}`);
    expect(world.sleeps).toEqual([250, 500, 1000]);
    expect(world.operationCalls()).toHaveLength(4);
  });
});

describe("a dropped connection", () => {
  it("is retried and the call succeeds", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createDropship", kind: "drop" });

    await expect(world.client.createDropship(example.createDropship())).resolves.toEqual({ outcome: "created" });

    expect(outcomes(world.operationCalls())).toEqual(["dropped (fault)", "201"]);
    expect(world.sleeps).toEqual([250]);
    expect(world.sandbox.state().dropships.size).toBe(1);
  });
});

/**
 * The client's timeout where a call held open must be abandoned: long enough that the sandbox's
 * ordinary answer to the call sent again never reaches it on a busy machine (at 150 ms, a loaded
 * CI run saw that answer time out too, and a third call sent).
 */
const ABANDON_AFTER_MS = 2_000;

describe("an answer that never comes", () => {
  it("is abandoned after the client's timeout and the call is sent again", async () => {
    const world = await startWorld();
    const { client, sleeps } = world.clientWith({ timeoutMs: ABANDON_AFTER_MS });
    await world.plan({ operation: "priceOneService", kind: "timeout" });
    const started = performance.now();

    await expect(client.priceOneService(example.priceOneService())).resolves.toMatchObject({ Success: true });

    // The held-open call never ends by itself: the answer came because the client gave it up, and
    // not before its timeout (a little allowance for the timer's and performance.now's clocks).
    expect(performance.now() - started).toBeGreaterThanOrEqual(ABANDON_AFTER_MS - 10);
    expect(outcomes(world.operationCalls())).toEqual(["held open (timeout fault)", "200"]);
    expect(sleeps).toEqual([250]);
  });

  it("every time ends in a ProviderNetworkError that says it timed out", async () => {
    const world = await startWorld();
    const { client } = world.clientWith({ timeoutMs: 100, retry: { maxAttempts: 2 } });
    await world.plan({ operation: "trackOne", kind: "timeout", count: 2 });

    const error = await failureOf(client.trackOne({ trackingNumber: "1ZSBX1230312345678" }));

    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error).toMatchObject({ timedOut: true, attempts: 2, retryable: true });
    expect(error.message).toContain("did not answer within 100 ms");
  });
});

describe("an answer lost after the provider acted (afterProcessing)", () => {
  it("is resent; the provider says unchanged, and there is exactly one outbound order, taking stock once", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createOutbound", kind: "drop", afterProcessing: true });

    await expect(world.client.createOutbound(example.createOutbound())).resolves.toEqual({ outcome: "unchanged" });

    expect(outcomes(world.operationCalls())).toEqual(["dropped (fault)", "200"]);
    expect(world.sandbox.state().outbounds.size).toBe(1);
    await world.advance(CREATE_DELAY_MS);
    expect(await mugsInUs01(world)).toBe(238);
  });

  it("after a timeout, is resent; the inbound shipment is one, with the provider's id of the first send", async () => {
    const world = await startWorld();
    await world.client.createMerchantSku(example.createMerchantSku());
    await world.client.createMerchantSku(example.merchantSkuNamed("TSHIRT-WHT-L"));
    const { client } = world.clientWith({ timeoutMs: ABANDON_AFTER_MS });
    await world.plan({ operation: "createInbound", kind: "timeout", afterProcessing: true });

    const answer = await client.createInbound(example.createInbound());

    const shipments = [...world.sandbox.state().inbounds.values()];
    expect(shipments).toHaveLength(1);
    expect(answer).toEqual({ outcome: "unchanged", result: { ShipmentId: "NW-INB-2026-0042", SvcOrderId: shipments[0]?.svcOrderId } });
    await world.advance(INBOUND_DELAY_MS);
    const [stock] = (await world.client.inventoryAge({ WarehouseId: "DE01", Sku: "TSHIRT-BLK-M" })).InventoryAges;
    expect(stock?.TotalStockQty).toBe(60);
  });

  it("after a 500, a drop-ship batch is resent and every package is still one order", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createDropshipBatch", kind: "500", afterProcessing: true });

    const { result } = await world.client.createDropshipBatch(example.createDropshipBatch());

    expect(result.map((r) => r.Message)).toEqual(["Already known; nothing changed", "Already known; nothing changed"]);
    expect(world.sandbox.state().dropships.size).toBe(2);
  });

  it("of a merchant SKU is resent; the SKU is registered once", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createMerchantSku", kind: "drop", afterProcessing: true });

    await expect(world.client.createMerchantSku(example.createMerchantSku())).resolves.toEqual({ outcome: "unchanged" });

    const listed = await world.client.searchSkus({ SkuList: [example.createMerchantSku().Sku] });
    expect(listed.TotalCount).toBe(1);
  });

  it("of a return is resent; the return is one, with the tracking number of the first send", async () => {
    const world = await startWorld();
    await world.plan({ operation: "createReturn", kind: "drop", afterProcessing: true });

    const { result } = await world.client.createReturn(example.createReturn());

    const [stored] = [...world.sandbox.state().returns.values()];
    expect(world.sandbox.state().returns.size).toBe(1);
    expect(stored?.outcome.status === "Created" && stored.outcome.parcel.trackingNumber).toBe(result.TrackingNumber);
  });
});

describe("errors that sending again would not change", () => {
  it("are not retried: a validation error from the provider, and an unknown package", async () => {
    const world = await startWorld();

    await failureOf(world.client.createOutbound(example.createOutbound(example.outboundToNewYork(), "XX99")));
    await failureOf(world.client.dropshipStatus({ packageId: "NW-FO-NEVER-SENT" }));

    expect(outcomes(world.operationCalls())).toEqual(["400", "404"]);
    expect(world.sleeps).toEqual([]);
  });
});
