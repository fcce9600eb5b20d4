import type { Shipment } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { RetryLater } from "~/jobs/handler";
import type { PipelineDeps } from "../ports/deps";
import { PRODUCTION_PIPELINE_POLICY } from "../ports/policy";
import type { ShopifyPort } from "../ports/ports";
import { givingWayToNewOrders } from "./tracking.server";

const now = new Date("2026-11-22T08:00:00.000Z");
const deps = { now: () => now, policy: PRODUCTION_PIPELINE_POLICY } as unknown as PipelineDeps;
const budget = (left: number | undefined) => ({ budgetLeft: () => left }) as unknown as ShopifyPort;
const parcelPolled = (msAgo: number) =>
  ({ lastPolledAt: new Date(now.getTime() - msAgo), fulfilledAt: null, updatedAt: now }) as unknown as Shipment;

describe("tracking events give way to new orders while the shop's API budget is low", () => {
  it("waits while less than half the budget is free, saying why", () => {
    const wait = () => givingWayToNewOrders(deps, budget(0.2), parcelPolled(60_000));
    expect(wait).toThrow(RetryLater);
    expect(wait).toThrow("20% of the shop's Shopify API budget is free: new orders go first, tracking events follow");
    try {
      wait();
    } catch (error) {
      expect((error as RetryLater).at).toEqual(new Date(now.getTime() + PRODUCTION_PIPELINE_POLICY.trackingYieldWaitMs));
    }
  });

  it("goes on with half the budget free or more, or when the budget is not known yet", () => {
    expect(() => givingWayToNewOrders(deps, budget(0.5), parcelPolled(60_000))).not.toThrow();
    expect(() => givingWayToNewOrders(deps, budget(undefined), parcelPolled(60_000))).not.toThrow();
  });

  it("never holds a parcel back longer than trackingMaxDeferMs", () => {
    expect(() => givingWayToNewOrders(deps, budget(0.1), parcelPolled(PRODUCTION_PIPELINE_POLICY.trackingMaxDeferMs))).not.toThrow();
  });
});
