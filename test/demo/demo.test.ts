/**
 * `npm run demo`'s core with a small replay, through the app's real processes (remix-serve and the
 * worker, started by scripts/demo/stack.ts): the nine special cases (one per outcome) plus three
 * ordinary orders (US01, DE01, studio). Every fulfillable order ends fulfilled with tracking and a
 * Delivered event in Shopify; the others HELD, FAILED or CANCELLED with reasons.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDemo } from "../../scripts/demo/run";

// Its own database directory, so a `npm run demo` running meanwhile keeps its own.
const dataDir = mkdtempSync(path.join(tmpdir(), "demo-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run demo", () => {
  it("replays 12 orders to their ends: fulfilled and delivered, or held/failed with reasons, or cancelled", async () => {
    const lines: string[] = [];
    const result = await runDemo({ orders: 12, timeoutMs: 80_000, dataDir, log: (line) => lines.push(line) });
    expect(result.problems, result.appOutput).toEqual([]);
    expect(result.ok).toBe(true);

    const byOutcome: Record<string, number> = {};
    for (const o of result.outcomes) byOutcome[o.outcome] = (byOutcome[o.outcome] ?? 0) + 1;
    expect(byOutcome).toEqual({ FULFILLED: 8, HELD: 1, FAILED: 2, CANCELLED: 1 });
    // The split order makes two shipments: 9 delivered for 8 fulfilled orders.
    expect(result.counts).toEqual({ DELIVERED: 9, HELD: 1, FAILED: 2, CANCELLED: 1 });
    expect(result.fulfilmentsWithTracking).toBe(9);

    const reasons = result.notShipped.map((s) => `${s.state}: ${s.reason}`).join("\n");
    expect(reasons).toMatch(/HELD: Street 1 is \d+ characters; the carrier accepts at most 100/);
    expect(reasons).toMatch(/FAILED: .*MUG-CER-350-RED is not registered/);
    expect(reasons).toMatch(/FAILED: .*(DK|Denmark|deliver)/i);
    // The orders went through the app's own routes: the emulator's deliveries reached the app.
    const delivered = new Set(result.deliveredTo);
    expect(delivered).toContain("/webhooks/fulfillment_orders/order_routing_complete");
    expect(delivered).toContain("/fulfillment-service/fulfillment_order_notification");
  }, 120_000);
});
