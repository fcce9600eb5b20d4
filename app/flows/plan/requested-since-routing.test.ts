import { describe, expect, it } from "vitest";
import type { FulfillmentOrderGid } from "~/connector";
import { CLOCKS_DIFFER_BY_MS, earliestRouting, requestedSinceRouting } from "./requested-since-routing";

const fo = (n: number) => `gid://shopify/FulfillmentOrder/${n}` as FulfillmentOrderGid;
const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, second));
const request = (id: FulfillmentOrderGid | null, second: number, receivedSecond = second) => ({
  id,
  triggeredAt: at(second),
  receivedAt: at(receivedSecond),
});

describe("which routed fulfillment orders a fulfillment request has spoken for", () => {
  it("skips an order whose request Shopify made at or after its routing, and asks about every other", () => {
    const routed = [
      { id: fo(1), routedAt: at(10) },
      { id: fo(2), routedAt: at(10) },
      { id: fo(3), routedAt: at(10) },
    ];
    const requested = requestedSinceRouting(routed, [request(fo(1), 10), request(fo(2), 11), request(fo(3), 9)]);
    expect([...requested].sort()).toEqual([fo(1), fo(2)]);
  });

  it("asks about an order routed again after its request, even when its first routing is in the same round", () => {
    // Routed to the warehouse at 10, requested at 11 and rejected, rerouted at 20 (perhaps to a
    // drop-ship location): both routing events wait in one round.
    const routed = [
      { id: fo(1), routedAt: at(10) },
      { id: fo(1), routedAt: at(20) },
    ];
    expect(requestedSinceRouting(routed, [request(fo(1), 11)]).size).toBe(0);
    expect(requestedSinceRouting(routed, [request(fo(1), 11), request(fo(1), 21)])).toEqual(new Set([fo(1)]));
  });

  it("asks about an order when one of its routing events does not say when, or its request's payload cannot be read", () => {
    expect(requestedSinceRouting([{ id: fo(1), routedAt: null }], [request(fo(1), 11)]).size).toBe(0);
    expect(
      requestedSinceRouting(
        [
          { id: fo(1), routedAt: at(10) },
          { id: fo(1), routedAt: null },
        ],
        [request(fo(1), 11)],
      ).size,
    ).toBe(0);
    expect(requestedSinceRouting([{ id: fo(1), routedAt: at(10) }], [request(null, 11)]).size).toBe(0);
  });

  it("takes a request's unsigned time as no later than shortly after it was received", () => {
    // Said to be triggered an hour after it was received: counted as received plus the clocks' difference.
    const forged = { id: fo(1), triggeredAt: new Date(at(0).getTime() + 3_600_000), receivedAt: at(0) };
    const routedJustAfter = new Date(at(0).getTime() + CLOCKS_DIFFER_BY_MS + 1);
    expect(requestedSinceRouting([{ id: fo(1), routedAt: routedJustAfter }], [forged]).size).toBe(0);
    expect(requestedSinceRouting([{ id: fo(1), routedAt: at(30) }], [forged])).toEqual(new Set([fo(1)]));
  });

  it("looks for requests from the earliest routing time the round knows", () => {
    expect(
      earliestRouting([
        { id: fo(1), routedAt: at(20) },
        { id: fo(2), routedAt: at(10) },
        { id: fo(3), routedAt: null },
      ]),
    ).toEqual(at(10));
    expect(
      earliestRouting([
        { id: fo(1), routedAt: at(20) },
        { id: fo(1), routedAt: null },
      ]),
    ).toBeNull();
  });
});
