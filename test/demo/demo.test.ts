/**
 * `npm run demo`'s core with a small replay, through the app's real processes (the app's server and the
 * worker, started by dev/demo/stack.ts), the shop set up through the app's own pages (settings,
 * SKU registration, stock sync): the eight special cases (one per outcome) plus four ordinary
 * orders (US01, DE01, studio, US01). Every fulfillable order ends fulfilled with tracking and a
 * Delivered event in Shopify; the others HELD, FAILED or CANCELLED with reasons.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDemo } from "../../dev/demo/run";

// Its own database directory, so a `npm run demo` running meanwhile keeps its own.
const dataDir = mkdtempSync(path.join(tmpdir(), "demo-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run demo", () => {
  it("replays 12 orders, and 4 that change before they are sent, to their ends: fulfilled and delivered, or held/failed with reasons, or cancelled", async () => {
    const lines: string[] = [];
    const result = await runDemo({ orders: 12, timeoutMs: 120_000, dataDir, log: (line) => lines.push(line) });
    expect(result.problems, result.appOutput).toEqual([]);
    expect(result.ok).toBe(true);

    const byOutcome: Record<string, number> = {};
    for (const o of result.outcomes) byOutcome[o.outcome] = (byOutcome[o.outcome] ?? 0) + 1;
    // The 12 plus the 4 that change before they are sent (held and released, edited, split, scheduled).
    expect(byOutcome).toEqual({ FULFILLED: 13, HELD: 1, FAILED: 1, CANCELLED: 1 });
    expect(result.outcomes.filter((o) => o.order.change).map((o) => [o.order.change, o.outcome])).toEqual([
      ["hold", "FULFILLED"],
      ["edit", "FULFILLED"],
      ["split", "FULFILLED"],
      ["schedule", "FULFILLED"],
    ]);
    // Two orders are split in two parcels (across locations, and in Shopify): 15 delivered for 13 fulfilled orders.
    expect(result.counts).toEqual({ DELIVERED: 15, HELD: 1, FAILED: 1, CANCELLED: 1 });
    expect(result.fulfilmentsWithTracking).toBe(14);
    // The setup went through the app: it registered what it could and said what it could not.
    expect(result.setupNotes).toEqual([expect.stringMatching(/^MUG-CER-350-RED was not registered: Weight is missing/)]);
    expect(lines).toContainEqual(expect.stringMatching(/^\[setup\] stock sync: Stock synced: \d+ quantities changed/));

    const reasons = result.notShipped.map((s) => `${s.state}: ${s.reason}`).join("\n");
    expect(reasons).toMatch(/HELD: Street 1 is \d+ characters; the carrier accepts at most 100/);
    expect(reasons).toMatch(/FAILED: .*(DK|Denmark|deliver)/i);
    // The demo shop hands refused packages back: the warehouse's fulfillment order is closed in Shopify.
    expect(reasons).toMatch(/FAILED: The provider could not create the package: .*Handed back to Shopify/);
    expect(result.handedBack).toEqual([
      { order: expect.any(String), label: expect.stringMatching(/Denmark/), fulfillmentOrderStatus: "INCOMPLETE" },
    ]);
    // The orders went through the app's own routes: the emulator's deliveries reached the app.
    const delivered = new Set(result.deliveredTo);
    expect(delivered).toContain("/webhooks/fulfillment_orders/order_routing_complete");
    expect(delivered).toContain("/fulfillment-service/fulfillment_order_notification");
  }, 170_000);
});
