import type { ShipmentState } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../support/database";
import { recordInstallation } from "~/flows/install/install.server";
import { uninstallShop } from "~/flows/receive-webhooks/uninstall.server";
import { jobErrorIn } from "~/lib/words/job-error-said";
import { zhCN } from "~/lib/words/zh-CN";
import { formatterFor } from "~/lib/format";

const { db } = useTestDatabase();
const SHOP = "reinstalled.myshopify.com";

async function shipment(n: number, state: ShipmentState, extra: { isFinalTracking?: boolean } = {}) {
  await db.shipment.create({
    data: {
      shop: SHOP,
      kind: "OUTBOUND",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${n}`,
      orderId: `gid://shopify/Order/${n}`,
      packageId: `PKG${n}`,
      warehouseCode: "US01",
      ...extra,
    },
  });
}

const pendingKinds = async () =>
  (await db.job.findMany({ where: { shop: SHOP, status: "PENDING" }, select: { kind: true } })).map((j) => j.kind).sort();

beforeEach(async () => {
  await db.job.deleteMany();
  await db.shipment.deleteMany();
  await db.shop.deleteMany();
  await db.inboundShipment.deleteMany();
});

describe("uninstall, then install again", () => {
  it("the uninstall stops the shop's waiting pipeline; the reinstall queues every stage with shipments waiting again", async () => {
    await shipment(1, "READY");
    await shipment(2, "SUBMITTED");
    await shipment(3, "CREATED");
    await shipment(4, "FULFILLED", { isFinalTracking: true });
    await db.inboundShipment.create({ data: { shop: SHOP, reference: "IN-1", warehouseId: "US01", shippingType: "Sea", boxes: "[]" } });
    await db.inboundShipment.create({
      data: { shop: SHOP, reference: "IN-2", warehouseId: "US01", shippingType: "Sea", boxes: "[]", state: "RECEIVED" },
    });
    await recordInstallation(db, SHOP);
    const queued = await pendingKinds();
    expect(queued).toEqual(
      expect.arrayContaining([
        "plan.requests",
        "install.fulfillment-services",
        "inbound.check",
        "plan.backfill",
        "follow.poll",
        "push.batch",
        "track.checkpoints",
        "write-back.fulfil",
      ]),
    );

    const { jobsStopped } = await uninstallShop(db, SHOP, new Date("2026-12-03T02:00:00Z"));
    expect(jobsStopped).toBe(queued.length);
    expect(await pendingKinds()).toEqual([]);
    // Each says why in the stopped jobs list after a reinstall, in the admin's language.
    const stopped = await db.job.findFirstOrThrow({ where: { shop: SHOP, status: "DEAD" } });
    expect(stopped.lastError).toBe(`Stopped: the app was uninstalled from ${SHOP} on Dec 3, 2026`);
    const stored = { lastError: stopped.lastError ?? "", lastErrorSay: stopped.lastErrorSay };
    expect(jobErrorIn(zhCN, stored)).toBe(`已停止：应用已于 2026年12月3日 从 ${SHOP} 卸载`);
    // The page writes the day in the shop's zone: 02:00 UTC is still December 2 in Los Angeles.
    expect(jobErrorIn(zhCN, stored, formatterFor("zh-CN", "America/Los_Angeles"))).toBe(`已停止：应用已于 2026年12月2日 从 ${SHOP} 卸载`);

    await recordInstallation(db, SHOP);
    expect(await pendingKinds()).toEqual(queued);
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(shop.uninstalledAt).toBeNull();
  });

  it("queues nothing for stages without shipments; looks for requests and open orders all the same", async () => {
    await shipment(1, "DELIVERED", { isFinalTracking: true });
    await db.inboundShipment.create({
      data: { shop: SHOP, reference: "IN-2", warehouseId: "US01", shippingType: "Sea", boxes: "[]", state: "RECEIVED" },
    });
    await recordInstallation(db, SHOP);
    expect(await pendingKinds()).toEqual(["install.fulfillment-services", "plan.backfill", "plan.requests"]);
  });
});
