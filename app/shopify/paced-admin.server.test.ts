import { describe, expect, it } from "vitest";
import type { AdminGraphql } from "./admin-graphql.server";
import { ANSWERING_MS, MAX_IN_FLIGHT, OTHERS_WAIT_AT_MOST_MS, pacedAdminGraphql } from "./paced-admin.server";

/** A shop whose bucket the fake drains by each document's requested cost and refills at 100/s. */
function fakeShop(clock: { now: number }) {
  let available = 1000;
  let lastAt = clock.now;
  const sentAt: number[] = [];
  const admin: AdminGraphql = {
    async graphql(query) {
      available = Math.min(1000, available + ((clock.now - lastAt) / 1000) * 100);
      lastAt = clock.now;
      const requested = query.includes("expensive") ? 600 : query.includes("medium") ? 300 : 10;
      sentAt.push(clock.now);
      if (available < requested) {
        return { status: 200, json: async () => ({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] }) };
      }
      available -= requested;
      const throttleStatus = { maximumAvailable: 1000, currentlyAvailable: available, restoreRate: 100 };
      return {
        status: 200,
        json: async () => ({
          data: {},
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus } },
        }),
      };
    },
  };
  return { admin, sentAt };
}

describe("pacedAdminGraphql", () => {
  it("waits for the bucket to hold what a document cost last time, instead of being throttled", async () => {
    const clock = { now: 0 };
    const shop = fakeShop(clock);
    const sleeps: number[] = [];
    const paced = pacedAdminGraphql("paced-1.myshopify.com", shop.admin, {
      now: () => clock.now,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.now += ms;
      },
    });
    const answers = await Promise.all([1, 2, 3].map(() => paced.graphql("query expensive { shop { id } }").then((r) => r.json())));

    // 1000 points, 600 a call: the second call waits until 600 are back (2 s), the third likewise.
    expect(answers.every((body) => !JSON.stringify(body).includes("Throttled"))).toBe(true);
    expect(sleeps).toEqual([2000, 6000]);
    expect(shop.sentAt).toEqual([0, 2000, 8000]);
  });

  it("tells how full the shop's bucket is: unknown before an answer, then as reported and refilled since", async () => {
    const clock = { now: 0 };
    const shop = fakeShop(clock);
    const paced = pacedAdminGraphql("paced-budget.myshopify.com", shop.admin, { now: () => clock.now, sleep: async () => {} });
    expect(paced.budgetLeft()).toBeUndefined();
    await paced.graphql("query expensive { shop { id } }");
    expect(paced.budgetLeft()).toBeCloseTo(0.4);
    clock.now += 3_000; // 300 points back at 100/s
    expect(paced.budgetLeft()).toBeCloseTo(0.7);
    clock.now += 60_000;
    expect(paced.budgetLeft()).toBe(1);
  });

  it("lets cheap calls through without waiting", async () => {
    const clock = { now: 0 };
    const shop = fakeShop(clock);
    const sleeps: number[] = [];
    const paced = pacedAdminGraphql("paced-2.myshopify.com", shop.admin, {
      now: () => clock.now,
      sleep: async (ms) => void sleeps.push(ms),
    });
    for (let i = 0; i < 20; i++) await paced.graphql("query cheap { shop { id } }");
    expect(sleeps).toEqual([]);
    expect(shop.sentAt).toHaveLength(20);
  });

  it("runs a few calls at once while the bucket holds them all, and a document never seen before alone", async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const admin: AdminGraphql = {
      async graphql(query) {
        running++;
        most = Math.max(most, running);
        order.push(`${query} start ${running}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        const throttleStatus = { maximumAvailable: 10_000, currentlyAvailable: 9_000, restoreRate: 1_000 };
        return {
          status: 200,
          json: async () => ({ data: {}, extensions: { cost: { requestedQueryCost: 10, actualQueryCost: 10, throttleStatus } } }),
        };
      },
    };
    const paced = pacedAdminGraphql("paced-3.myshopify.com", admin);
    await Promise.all(Array.from({ length: 12 }, () => paced.graphql("query a { shop { id } }")));
    // The first call of the document went alone; after it, up to MAX_IN_FLIGHT at once.
    expect(order[0]).toBe("query a { shop { id } } start 1");
    expect(order[1]).toBe("query a { shop { id } } start 1");
    expect(most).toBe(MAX_IN_FLIGHT);
  });

  it("when the bucket is short, admits the calls for waiting orders before the shop's others, unless those waited their most", async () => {
    const clock = { now: 0 };
    const shop = fakeShop(clock);
    const sent: unknown[] = [];
    const admin: AdminGraphql = { graphql: (query, options) => (sent.push(options?.variables?.call), shop.admin.graphql(query, options)) };
    const timing = { now: () => clock.now, sleep: async (ms: number) => void (clock.now += ms) };
    const others = pacedAdminGraphql("paced-first.myshopify.com", admin, timing);
    const orders = pacedAdminGraphql("paced-first.myshopify.com", admin, { ...timing, first: true });
    const call = (client: typeof others, name: string) =>
      client.graphql("query expensive($call: String) { shop { id } }", { variables: { call: name } });
    await call(others, "fulfilment 1"); // 400 points left: the next 600-point call waits 2 s

    await Promise.all([call(others, "fulfilment 2"), call(others, "tracking event"), call(orders, "accept"), call(orders, "read")]);
    // The fulfilment waited for the bucket; the orders' calls came meanwhile and went before it.
    expect(sent).toEqual(["fulfilment 1", "accept", "read", "fulfilment 2", "tracking event"]);

    // A call that has waited its most goes in turn, before the orders' calls that came after it.
    sent.length = 0;
    const late = call(others, "late fulfilment");
    clock.now += OTHERS_WAIT_AT_MOST_MS;
    await Promise.all([late, call(orders, "accept")]);
    expect(sent).toEqual(["late fulfilment", "accept"]);
  });

  it("while orders are being answered, leaves half of the bucket to them; once they are answered, lets the others have it all", async () => {
    const clock = { now: 0 };
    const shop = fakeShop(clock); // 1,000 points, 100 a second back
    const sentAt: [unknown, number][] = [];
    const admin: AdminGraphql = {
      graphql: (query, options) => (sentAt.push([options?.variables?.call, clock.now]), shop.admin.graphql(query, options)),
    };
    const timing = { now: () => clock.now, sleep: async (ms: number) => void (clock.now += ms) };
    const others = pacedAdminGraphql("paced-half.myshopify.com", admin, timing);
    const orders = pacedAdminGraphql("paced-half.myshopify.com", admin, { ...timing, first: true });
    const medium = (client: typeof others, name: string) =>
      client.graphql("query medium($call: String) { shop { id } }", { variables: { call: name } });
    await medium(others, "fulfilment 1");
    await medium(others, "fulfilment 2"); // no order answered yet: it takes the bucket down to 400
    await orders.graphql("query cheap { shop { id } }"); // an order answered at 0 s: 390 left

    // 300 points would leave 90, not half: the fulfilment waits while orders are being answered
    // (ANSWERING_MS after the last), then goes as soon as the 300 are there.
    await medium(others, "fulfilment 3");
    expect(sentAt.at(-1)).toEqual(["fulfilment 3", ANSWERING_MS]);

    // With no order answered lately, the others take the bucket down as far as they need: 290
    // were left, so the next goes once 10 more are back (0.1 s), not once half is free again.
    await medium(others, "fulfilment 4");
    expect(sentAt.at(-1)).toEqual(["fulfilment 4", ANSWERING_MS + 100]);
  });
});
