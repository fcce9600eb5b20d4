import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../support/database";
import { wakeForFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";
import { PerKeyThrottle } from "~/flows/receive-webhooks/per-key-throttle.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";

const callback = (kind: unknown, on = shop) => ({ shop: on, payload: { kind } });
/** A throttle of its own per test, so one test's window does not hold back another's wake-up. */
const throttle = (windowMs = 200) => new PerKeyThrottle(windowMs, (error) => console.error(error));

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
});

describe("the fulfillment-service callback", () => {
  it("wakes the shop's job for its kind of request, and stores nothing of the call", async () => {
    const options = { throttle: throttle() };
    expect(await wakeForFulfillmentServiceNotification(db, callback("FULFILLMENT_REQUEST"), options)).toMatchObject({ status: "woken" });
    expect(await db.job.findFirstOrThrow()).toMatchObject({ kind: "plan.requests", shop, dedupeKey: `plan.requests:${shop}` });

    await wakeForFulfillmentServiceNotification(db, callback("CANCELLATION_REQUEST"), options);
    expect((await db.job.findMany({ orderBy: { kind: "asc" } })).map((j) => j.kind)).toEqual(["cancel.requests", "plan.requests"]);
    expect(await db.webhookReceipt.count()).toBe(0);
  });

  it("costs a replayed call nothing: a flood is one waiting job, written at most once a window per shop", async () => {
    const options = { throttle: throttle(1_000) };
    const outcomes = [(await wakeForFulfillmentServiceNotification(db, callback("FULFILLMENT_REQUEST"), options)).status];
    // The job the first call queued starts at once (a worker took it): the calls folded into the
    // window are then written once at its end as its successor. Started only after the flood, it
    // could start after the window's end on a busy machine, and the successor was never needed.
    await db.job.updateMany({ where: { shop }, data: { status: "RUNNING" } });
    for (let i = 1; i < 200; i++)
      outcomes.push((await wakeForFulfillmentServiceNotification(db, callback("FULFILLMENT_REQUEST"), options)).status);
    expect(outcomes[0]).toBe("woken");
    expect(outcomes.slice(1).every((status) => status === "deferred")).toBe(true);
    // Another shop is not held back by the first one's flood.
    expect((await wakeForFulfillmentServiceNotification(db, callback("FULFILLMENT_REQUEST", "b.myshopify.com"), options)).status).toBe(
      "woken",
    );

    // The calls folded into the window are written once at its end: the running job gets a successor.
    await vi.waitFor(async () => expect(await db.job.count({ where: { shop } })).toBe(2), { timeout: 4_000 });
    expect((await db.job.findMany({ where: { shop }, orderBy: { dedupeKey: "asc" } })).map((j) => [j.dedupeKey, j.status])).toEqual([
      [`plan.requests:${shop}`, "RUNNING"],
      [`plan.requests:${shop}:next`, "PENDING"],
    ]);
    expect(await db.webhookReceipt.count()).toBe(0);
  });

  it("writes a folded wake-up at once when settled, so that none is left to write after the database closes", async () => {
    const options = { throttle: throttle(60_000) };
    expect((await wakeForFulfillmentServiceNotification(db, callback("FULFILLMENT_REQUEST"), options)).status).toBe("woken");
    await db.job.updateMany({ where: { shop }, data: { status: "RUNNING" } });
    expect((await wakeForFulfillmentServiceNotification(db, callback("FULFILLMENT_REQUEST"), options)).status).toBe("deferred");
    expect(options.throttle.pending).toBe(1);

    // Its window has most of a minute to run: settled, the folded call is written now, and awaited.
    await options.throttle.settle();
    expect(options.throttle.pending).toBe(0);
    expect((await db.job.findMany({ where: { shop }, orderBy: { dedupeKey: "asc" } })).map((j) => j.dedupeKey)).toEqual([
      `plan.requests:${shop}`,
      `plan.requests:${shop}:next`,
    ]);
  });

  it("wakes both fetches for a notification it cannot read: a fetch reads only what Shopify assigned", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = await wakeForFulfillmentServiceNotification(db, callback("FULFILMENT_REQUEST"), { throttle: throttle() });
    expect(outcome).toMatchObject({ status: "woken", jobIds: [expect.any(String), expect.any(String)] });
    expect((await db.job.findMany({ orderBy: { kind: "asc" } })).map((j) => j.kind)).toEqual(["cancel.requests", "plan.requests"]);
    expect(await db.webhookReceipt.count()).toBe(0);
  });
});
