/**
 * "Refresh from the provider" on the shipment page, over HTTP as the embedded admin reaches it: a
 * drop-ship package is asked about with the single-package operation, an outbound one with the
 * status query of that one PackageId; a package still being created moves on (created, with its
 * tracking number and the shipping costs the provider reports), the timeline says so, and the
 * costs are shown on the page. Another shop's shipment is not found; a package not yet at the
 * provider is not asked about.
 */
import type { Prisma, ShipmentState } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import { costsPerMonth } from "~/connector/shipping-costs";
import { shippingCostMonths } from "~/stores/shipments/shipping-cost-months.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { useStack } from "../support/stack";
import * as example from "../provider/examples";
import { adminData, adminDocument } from "./support";
import { zhCN } from "~/lib/words/zh-CN";

const stack = useStack({ worker: false });

const DETAIL = "routes/app.shipments.$id";
const OTHER_SHOP = "other-shop.myshopify.com";
const Answer = z.object({ outcome: z.string(), message: z.string() });
const DetailData = z.object({
  refreshable: z.boolean(),
  costs: z.object({ total: z.string(), lines: z.array(z.object({ money: z.number(), currency: z.string() })) }).nullable(),
  shipment: z.object({ state: z.string(), timeline: z.array(z.object({ message: z.string() })) }),
});

let sequence = 0;

async function insertShipment(shop: string, state: ShipmentState, fields: Partial<Prisma.ShipmentUncheckedCreateInput>) {
  sequence += 1;
  return stack().db.shipment.create({
    data: {
      shop,
      kind: "DROPSHIP",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${950_000 + sequence}`,
      orderId: `gid://shopify/Order/${850_000 + sequence}`,
      orderName: `#R${sequence}`,
      packageId: `REFRESH-${sequence}`,
      submittedAt: state === "HELD" ? null : new Date(),
      attempts: state === "HELD" ? 0 : 1,
      ...fields,
    },
  });
}

/** Packages created at the stack's sandbox, as the pipeline would have sent them, and the clock moved past their creation. */
async function atTheProvider(packages: { dropship?: string; outbound?: string }) {
  const s = stack();
  const client = createFulfilmentClient({ baseUrl: s.sandboxUrl, auth: staticToken("refresh-test") });
  if (packages.dropship) await client.createDropship(example.createDropship(example.dropshipToNewYork(packages.dropship)));
  if (packages.outbound) await client.createOutbound(example.createOutbound(example.outboundToNewYork(packages.outbound)));
  await fetch(`${s.sandboxUrl}/__sandbox/clock`, { method: "POST", body: JSON.stringify({ advanceMs: 120_000 }) });
}

describe("refresh from the provider", () => {
  it("asks about one drop-ship package, moves it on, stores and shows its shipping costs", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const packageId = `REFRESH-DS-${Date.now()}`;
    await atTheProvider({ dropship: packageId });
    const shipment = await insertShipment(s.shop, "SUBMITTED", { packageId, serviceCode: "US01-STD" });

    const before = DetailData.parse(await (await adminData(s, `/app/shipments/${shipment.id}`, DETAIL)).json());
    expect(before).toMatchObject({ refreshable: true, costs: null });

    const response = await adminData(s, `/app/shipments/${shipment.id}`, DETAIL, { form: { intent: "refresh" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answer = Answer.parse(await response.json());
    expect(answer.message).toMatch(/^Refreshed from the provider: Created/);
    expect(answer.message).toContain("The shipment is now created.");

    const stored = await s.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(stored.state).toBe("CREATED");
    expect(stored.trackingNumber).not.toBeNull();
    expect(stored.shippingCosts).not.toBeNull();
    expect(stored.shippingCostsAt).not.toBeNull();
    // Written twice (by the refresh, then by the move to CREATED): Home's months are what adding up
    // every shipment's costs gives, the second write having replaced the first.
    const everyShipment = await s.db.shipment.findMany({ where: { shop: s.shop }, select: { shippingCosts: true, shippingCostsAt: true } });
    expect(await shippingCostMonths(s.db, s.shop, "0000-00")).toEqual(costsPerMonth(everyShipment));
    expect(await s.db.shippingCostMonth.aggregate({ where: { shop: s.shop }, _sum: { shipments: true } })).toEqual({
      _sum: { shipments: everyShipment.filter((row) => row.shippingCosts !== null).length },
    });
    const jobs = await s.db.job.count({ where: { shop: s.shop, kind: "write-back.fulfil" } });
    expect(jobs).toBeGreaterThan(0);

    const after = DetailData.parse(await (await adminData(s, `/app/shipments/${shipment.id}`, DETAIL)).json());
    expect(after.shipment.state).toBe("CREATED");
    expect(after.costs?.lines.length).toBeGreaterThan(0);
    expect(after.costs?.total).toMatch(/^\$\d+\.\d\d$/);
    expect(after.shipment.timeline.map((entry) => entry.message)).toContainEqual(
      expect.stringMatching(/^Refreshed from the provider on request: Created/),
    );

    const page = await adminDocument(s, `/app/shipments/${shipment.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Refresh from the provider");
    expect(page.text).toContain(`Shipping costs ${after.costs?.total ?? "?"}`);

    // A Chinese admin reads the same event in Chinese, the provider's status quoted as it said it.
    const inChinese = DetailData.parse(await (await adminData(s, `/app/shipments/${shipment.id}?locale=zh-CN`, DETAIL)).json());
    expect(inChinese.shipment.timeline.map((entry) => entry.message)).toContainEqual(
      expect.stringMatching(/^应要求从服务商刷新：服务商状态 Created.*。$/),
    );
    expect(inChinese.shipment.timeline.map((entry) => entry.message)).not.toContainEqual(expect.stringMatching(/Refreshed/));
  });

  it("answers in the admin's language: the provider's status as it said it, the shipment's new state in Chinese", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const packageId = `REFRESH-ZH-${Date.now()}`;
    await atTheProvider({ dropship: packageId });
    const shipment = await insertShipment(s.shop, "SUBMITTED", { packageId, serviceCode: "US01-STD" });

    const answer = Answer.parse(
      await (await adminData(s, `/app/shipments/${shipment.id}?locale=zh-CN`, DETAIL, { form: { intent: "refresh" } })).json(),
    );
    expect(answer.message).toMatch(/^已从服务商刷新：服务商状态 Created.*。发货单现在的状态：已分配物流单号。$/);
    const event = await s.db.shipmentEvent.findFirstOrThrow({ where: { shipmentId: shipment.id, type: "status_polled" } });
    expect(event.message).toMatch(/^Refreshed from the provider on request: Created.*\.$/);
  });

  it("says the provider could not be reached in the admin's words, not the client's English, and records nothing", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const shipment = await insertShipment(s.shop, "SUBMITTED", { packageId: `REFRESH-DOWN-${Date.now()}` });
    // Every attempt's connection dropped: more than the client's retries.
    const faults = `${s.sandboxUrl}/__sandbox/faults`;
    await fetch(faults, { method: "POST", body: JSON.stringify({ operation: "dropshipStatus", kind: "drop", count: 10 }) });
    try {
      const answer = Answer.parse(
        await (await adminData(s, `/app/shipments/${shipment.id}?locale=zh-CN`, DETAIL, { form: { intent: "refresh" } })).json(),
      );
      expect(answer).toEqual({ outcome: "refused", message: `未刷新。${zhCN.providerProblems.unreachable}` });
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
    expect(await s.db.shipmentEvent.count({ where: { shipmentId: shipment.id } })).toBe(0);
  });

  it("asks about one outbound package with the status query of its PackageId", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const packageId = `REFRESH-OB-${Date.now()}`;
    await atTheProvider({ outbound: packageId });
    const shipment = await insertShipment(s.shop, "SUBMITTED", {
      kind: "OUTBOUND",
      packageId,
      warehouseCode: "US01",
      serviceCode: "US01-STD",
    });

    const answer = Answer.parse(
      await (await adminData(s, `/app/shipments/${shipment.id}`, DETAIL, { form: { intent: "refresh" } })).json(),
    );
    expect(answer.message).toMatch(/^Refreshed from the provider: Created/);
    const stored = await s.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(stored.state).toBe("CREATED");
    expect(stored.shippingCosts).not.toBeNull();
  });

  it("says when the provider does not know the package, and records the question", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const shipment = await insertShipment(s.shop, "SUBMITTED", { packageId: `REFRESH-NONE-${Date.now()}` });
    const answer = Answer.parse(
      await (await adminData(s, `/app/shipments/${shipment.id}`, DETAIL, { form: { intent: "refresh" } })).json(),
    );
    expect(answer.outcome).toBe("unknown");
    const stored = await s.db.shipment.findUniqueOrThrow({ where: { id: shipment.id }, include: { events: true } });
    expect(stored.state).toBe("SUBMITTED");
    expect(stored.events.map((event) => event.message)).toContainEqual(expect.stringMatching(/does not know package/));

    const inChinese = Answer.parse(
      await (await adminData(s, `/app/shipments/${shipment.id}?locale=zh-CN`, DETAIL, { form: { intent: "refresh" } })).json(),
    );
    expect(inChinese).toEqual({
      outcome: "unknown",
      message: `服务商（暂时）查不到包裹 ${shipment.packageId}：其记录可能有延迟，应用会继续查询。`,
    });
    const shown = DetailData.parse(await (await adminData(s, `/app/shipments/${shipment.id}?locale=zh-CN`, DETAIL)).json());
    expect(shown.shipment.timeline.map((entry) => entry.message)).toContain(
      `应要求从服务商刷新：服务商（暂时）查不到包裹 ${shipment.packageId}。`,
    );
  });

  it("does not ask about a package not yet at the provider, nor about another shop's", async () => {
    const s = stack();
    const held = await insertShipment(s.shop, "HELD", {});
    const data = DetailData.parse(await (await adminData(s, `/app/shipments/${held.id}`, DETAIL)).json());
    expect(data.refreshable).toBe(false);
    const answer = Answer.parse(await (await adminData(s, `/app/shipments/${held.id}`, DETAIL, { form: { intent: "refresh" } })).json());
    expect(answer).toMatchObject({
      outcome: "refused",
      message: "The package has not reached the provider: there is nothing to ask it yet.",
    });
    const inChinese = Answer.parse(
      await (await adminData(s, `/app/shipments/${held.id}?locale=zh-CN`, DETAIL, { form: { intent: "refresh" } })).json(),
    );
    expect(inChinese).toMatchObject({ outcome: "refused", message: "包裹尚未到达服务商：目前还没有可查询的内容。" });

    const theirs = await insertShipment(OTHER_SHOP, "SUBMITTED", {});
    const response = await adminData(s, `/app/shipments/${theirs.id}`, DETAIL, { form: { intent: "refresh" } });
    expect(response.status).toBe(404);
    expect(await s.db.shipmentEvent.count({ where: { shipmentId: theirs.id } })).toBe(0);
  });
});
