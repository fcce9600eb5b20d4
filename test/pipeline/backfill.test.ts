/**
 * Backfill: orders already open at a location when it is connected to the provider are brought in,
 * exactly once with what is in flight. The studio starts unconnected (its orders are the merchant's
 * own to ship); connecting it in Settings plans its open orders; asking again from Home sends
 * nothing twice.
 */
import { describe, expect, it } from "vitest";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { openOrdersSweepKey, queueBackfill } from "~/flows/plan/backfill.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, useHarness } from "./harness";
import { en } from "~/lib/words/en";
import { zhCN } from "~/lib/words/zh-CN";
import { nestedSayInJson, saidAgainWithin, timelineWords } from "~/lib/words/reason-said";

const harness = useHarness();

// Every webhook the emulator sent answered (on a busy machine one can still be on its way, and
// no receipt waiting proves nothing until it is recorded), its work done, and the asked backfills
// done; the shop's next periodic look (openOrdersSweepKey) waits its time.
const noneWaiting = async (what: string) => {
  await harness.shopify.settled();
  return waitFor(
    async () =>
      ((await harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, status: "ENQUEUED" } })) === 0 &&
        (await harness.db.job.count({
          where: { shop: DEMO_SHOP, kind: { in: ["plan.routed", "change.orders"] }, status: { in: ["PENDING", "RUNNING"] } },
        })) === 0 &&
        (await harness.db.job.count({
          where: {
            shop: DEMO_SHOP,
            kind: "plan.backfill",
            status: { in: ["PENDING", "RUNNING"] },
            dedupeKey: { not: openOrdersSweepKey(DEMO_SHOP) },
          },
        })) === 0) ||
      undefined,
    {
      timeoutMs: 60_000,
      intervalMs: 25,
      what,
    },
  );
};

describe("orders open at a location before it was connected", () => {
  it("are planned when the location is connected, and never sent twice when asked again", async () => {
    const connected = await getShopSettings(harness.db, DEMO_SHOP);
    await harness.setSettings((settings) => ({ ...settings, dropShip: null }));
    const before = [
      await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]),
      await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 2 }]),
    ];
    await noneWaiting("the routing events worked through");
    for (const placed of before) expect(await harness.shipmentsOf(placed.orderId)).toEqual([]);

    // The merchant ticks the studio in Settings > Warehouses and routing (Drop-ship) and saves.
    await saveSettingsAndEnsureServices(harness.db, DEMO_SHOP, {
      ...(await getShopSettings(harness.db, DEMO_SHOP)),
      dropShip: connected.dropShip,
    });
    const delivered = [];
    for (const placed of before) delivered.push(await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000));
    expect(delivered.map((s) => [s.kind, s.attempts])).toEqual([
      ["DROPSHIP", 1],
      ["DROPSHIP", 1],
    ]);
    const found = (await harness.events(delivered[0]?.id ?? "")).at(0);
    expect(found?.message).toMatch(/Found open when the app looked for orders already at this location/);
    // The timeline says it in the admin's language, planning's own sentence inside.
    const inChinese = saidAgainWithin(timelineWords(en), timelineWords(zhCN), {
      message: found?.message ?? "",
      say: nestedSayInJson(JSON.stringify(found?.data ?? null)),
    });
    expect(inChinese).toMatch(/^应用查找此地点已有的订单时发现它尚未完成。/);

    // Home's "Find open orders", twice: nothing new, nothing sent again.
    const sentBefore = harness.providerCalls.createDropshipBatch;
    const shipmentsBefore = await harness.db.shipment.count({ where: { shop: DEMO_SHOP } });
    await queueBackfill(harness.db, DEMO_SHOP, "asked", new Date());
    await queueBackfill(harness.db, DEMO_SHOP, "asked-again", new Date(Date.now() + 1));
    await noneWaiting("the backfill done");
    expect(await harness.db.shipment.count({ where: { shop: DEMO_SHOP } })).toBe(shipmentsBefore);
    expect(harness.providerCalls.createDropshipBatch).toBe(sentBefore);
  }, 60_000);
});
