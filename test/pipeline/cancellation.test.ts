/**
 * The merchant cancels an order whose package is at the provider's warehouse: before the package
 * was sent, the cancellation request is accepted and nothing reaches the provider; after, it is
 * rejected with a message, shown in Shopify and in the timeline, that it is already at the warehouse.
 */
import { describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, useHarness } from "./harness";
import { CATALOGUES } from "~/lib/words";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";

/** A shipment's timeline as a Chinese admin reads it. */
const inChinese = async (id: string) => (await findShipmentDetail(harness.db, DEMO_SHOP, id, CATALOGUES["zh-CN"]))?.timeline ?? [];

// Slow creation at the provider, so a package stays SUBMITTED long enough to be cancelled.
const harness = useHarness({ createDelayMs: 1_500 });

async function cancel(orderNumericId: number): Promise<void> {
  const response = await fetch(`${harness.shopify.url}/__emulator/orders/${orderNumericId}/cancel`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
    body: JSON.stringify({ reason: "customer", message: "Customer changed their mind" }),
  });
  if (!response.ok) throw new Error(`cancelling failed: ${response.status}`);
}

async function answered(fulfillmentOrderId: string, action: string) {
  return waitFor(
    async () => {
      const fo = (await emulatorState(harness.shopify)).fulfillmentOrders.find((f) => f.id === numericId(fulfillmentOrderId));
      return fo?.lastResponse?.action === action ? fo : undefined;
    },
    { timeoutMs: 10_000, what: `${action} on ${fulfillmentOrderId}` },
  );
}

describe("cancelling an order at the warehouse", () => {
  it("before the package was sent: the request is accepted, the shipment CANCELLED, nothing sent", async () => {
    await harness.setSettings((settings) => ({ ...settings, pushPolicy: "holdForReview" }));
    try {
      const placed = await harness.placeOrder([{ sku: "YOGA-MAT-6MM-PUR", quantity: 1 }]);
      const held = await harness.waitForShipment(placed.orderId, "HELD");
      expect(held.lastErrorCode).toBe("REVIEW");

      await cancel(placed.order.id);
      const cancelled = await harness.waitForShipment(placed.orderId, "CANCELLED");
      const fo = await answered(placed.fulfillmentOrders[0]?.id ?? "", "ACCEPT_CANCELLATION_REQUEST");
      expect(fo).toMatchObject({ status: "CLOSED", requestStatus: "CANCELLATION_ACCEPTED" });
      expect(fo.lastResponse?.message).toContain("nothing was sent");
      expect(harness.sandbox.state().outbounds.has(cancelled.packageId)).toBe(false);
      const english = (await harness.events(cancelled.id)).filter((e) => e.type === "cancelled").map((e) => e.message);
      expect(english).toEqual([
        "The merchant asked to cancel. Cancelled before the package reached the warehouse: nothing was sent to the provider.",
      ]);
      expect((await inChinese(cancelled.id)).filter((e) => e.type === "cancelled").map((e) => e.message)).toEqual([
        "商家申请了取消。已在包裹到达仓库前取消：没有向服务商发送任何内容。",
      ]);
      expect((await inChinese(cancelled.id)).find((e) => e.type === "held")?.message).toMatch(/^仓库 \S+ 的包裹 \S+ 需经审核后才会发送。$/);
    } finally {
      await harness.setSettings((settings) => ({ ...settings, pushPolicy: "autoPush" }));
    }
  }, 30_000);

  it("after the package was sent: the request is rejected as already at the warehouse, and it still ships", async () => {
    const placed = await harness.placeOrder([
      { sku: "SCARF-SILK-90-NVY", quantity: 1 },
      { sku: "BACKPACK-CNV-20L-OLV", quantity: 1 },
    ]);
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");
    const submitted = await harness.waitForShipment(placed.orderId, "SUBMITTED");

    await cancel(placed.order.id);
    const rejected = await answered(fo.id, "REJECT_CANCELLATION_REQUEST");
    expect(rejected.requestStatus).toBe("CANCELLATION_REJECTED");
    expect(rejected.lastResponse?.message).toMatch(
      new RegExp(`^Already at the warehouse: package ${submitted.packageId} was sent to the provider`),
    );

    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    const timeline = await harness.events(delivered.id);
    expect(timeline.filter((e) => e.type === "cancellation_answered").map((e) => e.message)).toEqual([
      expect.stringMatching(/^Cancellation refused in Shopify\. Already at the warehouse/),
    ]);
    expect((await inChinese(delivered.id)).filter((e) => e.type === "cancellation_answered").map((e) => e.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^已在 Shopify 中拒绝取消申请。已在仓库：包裹 ${submitted.packageId} 已于 \\d{4}-\\d\\d-\\d\\d 发送给服务商（.+），应用已无法阻止。如需拦截，请联系服务商。$`,
        ),
      ),
    ]);
    expect(harness.sandbox.state().outbounds.get(delivered.packageId)?.retryCount).toBe(0);
  }, 30_000);
});
