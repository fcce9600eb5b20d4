/**
 * A store Shopify refuses as a whole (issue 11): a revoked token (401), a frozen store (402), a locked
 * one (423). Every call for the shop fails alike, so the app marks the shop (what Home shows), its
 * jobs wait instead of spending their attempts and dying, and once Shopify answers again the work
 * resumes where it stood: the order placed meanwhile ships once.
 */
import { describe, expect, it } from "vitest";
import { shopifyAccessOf } from "~/stores/shops/shopify-access.server";
import { waitFor } from "../support/jobs";
import { emulatorState, numericId } from "../support/shopify-admin";
import { DEMO_SHOP, useHarness } from "./harness";

const harness = useHarness();

async function setAccess(access: "ok" | "revoked" | "frozen" | "locked"): Promise<void> {
  const response = await fetch(`${harness.shopify.url}/__emulator/shops/${DEMO_SHOP}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ access }),
  });
  if (!response.ok) throw new Error(`the emulator refused access ${access}: ${response.status}`);
}

describe("a store Shopify refuses as a whole", () => {
  it.each([
    ["locked", "LOCKED", /locked the store \(423\)/],
    ["frozen", "FROZEN", /frozen \(402/],
    ["revoked", "REVOKED", /access token \(401\)/],
  ] as const)(
    "%s: the shop is marked, its jobs wait without dying, and once Shopify answers the order ships once",
    async (access, unavailable, words) => {
      await setAccess(access);
      let placed;
      try {
        placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]);
        const marked = await waitFor(async () => (await shopifyAccessOf(harness.db, DEMO_SHOP)) ?? undefined, {
          timeoutMs: 15_000,
          intervalMs: 50,
          what: "the shop marked as refused",
        });
        expect(marked.unavailable).toBe(unavailable);
        // Three checks (300 ms apart here) have asked Shopify and found it refusing: the work waits,
        // nothing dies, nothing is sent. Each check moves the shop's next check on.
        const checks = new Set<number>();
        await waitFor(
          async () => {
            const access = await shopifyAccessOf(harness.db, DEMO_SHOP);
            if (access?.checkAt) checks.add(access.checkAt.getTime());
            return checks.size >= 3;
          },
          { timeoutMs: 20_000, intervalMs: 20, what: "three checks of the refused shop" },
        );
        // A paused job is run again at each check to ask Shopify, so at a given instant it may be under
        // way (on PostgreSQL's engine, woken for each check); waiting is what it does between checks.
        const waiting = await waitFor(
          async () => {
            const paused = await harness.db.job.findMany({
              where: { shop: DEMO_SHOP, status: "PENDING", lastError: { contains: "Paused: " } },
            });
            return paused.length > 0 ? paused : undefined;
          },
          { timeoutMs: 5_000, intervalMs: 20, what: "the shop's jobs waiting, paused" },
        );
        expect(waiting.map((job) => job.lastError).join("\n")).toMatch(words);
        expect(await harness.db.job.count({ where: { shop: DEMO_SHOP, status: "DEAD" } })).toBe(0);
        expect((await harness.shipmentsOf(placed.orderId)).filter((s) => s.submittedAt !== null)).toEqual([]);
      } finally {
        await setAccess("ok");
      }

      const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
      expect(await shopifyAccessOf(harness.db, DEMO_SHOP)).toBeNull();
      expect(delivered.attempts).toBe(1);
      const state = await emulatorState(harness.shopify);
      expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(delivered.fulfillmentOrderId)))).toHaveLength(1);
    },
    60_000,
  );
});
