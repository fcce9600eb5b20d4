/**
 * The Shipments pages in the browser: the list shows each shipment's state and reason in words and
 * filters those needing attention (a client-side navigation that still authenticates); a held
 * shipment's page retries it, and the merchant reads that it is queued again.
 *
 * Shipments are rows as the pipeline leaves them (the way test/admin/shipments.test.ts seeds them);
 * the one retried belongs to a real order placed in the emulator, since Retry plans it again from
 * Shopify's order.
 */
import type { Prisma, ShipmentState } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";
import { placeOrderAt, studioHeldForReview } from "../support/studio";
import { addresses, exampleCase, locations, product, testSettings } from "../fixtures/orders";
import { planPackage } from "~/connector/plan-package";
import { said } from "~/lib/words/reason-said";
import { heldChanges, holdReasonsOf } from "~/stores/shipments/shipment-columns";
import { endingOfTracking } from "~/connector/endings";
import { eventSayOf, sayOf } from "~/stores/shipments/last-error";
import { endShipment } from "~/stores/shipments/needs-attention.server";

const admin = useAdminBrowser({ worker: false });

let sequence = 0;

async function insertShipment(
  state: ShipmentState,
  { minutesAgo = 0, ...fields }: Partial<Prisma.ShipmentUncheckedCreateInput> & { minutesAgo?: number } = {},
) {
  const s = admin.stack();
  sequence += 1;
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return s.db.shipment.create({
    data: {
      shop: s.shop,
      kind: "OUTBOUND",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${900_000 + sequence}`,
      orderId: `gid://shopify/Order/${800_000 + sequence}`,
      orderName: `#${1000 + sequence}`,
      packageId: `BROWSER-${sequence}`,
      warehouseCode: "US01",
      createdAt: at,
      updatedAt: at,
      ...fields,
    },
  });
}

describe("the shipments list", () => {
  it(
    "shows each shipment's state and reason in words, and filters those needing attention",
    async () => {
      await insertShipment("FULFILLED", {
        minutesAgo: 30,
        orderName: "#2001",
        serviceCode: "US01-STD",
        trackingNumber: "9400100000000000000001",
        trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001",
      });
      const held = await insertShipment("HELD", {
        minutesAgo: 20,
        orderName: "#2002",
        lastErrorCode: "HELD",
        lastErrorText: "The postal code 1234 is not valid for the United States.",
        holdReasons: JSON.stringify([{ field: "Postal code", message: "The postal code 1234 is not valid for the United States." }]),
      });
      await insertShipment("FAILED", {
        minutesAgo: 10,
        orderName: "#2003",
        lastErrorCode: "DestinationNotServed",
        lastErrorText: "The provider could not create the package: Service US01-STD does not deliver to CA.",
      });

      const list = await admin.openAdminPage("/app/shipments");
      const { page } = list;
      const row = (order: string) => page.getByRole("row").filter({ hasText: order });
      await expectVisible(page.getByRole("heading", { name: "Shipments" }));
      await expectVisible(row("#2001").getByText("Fulfilled"));
      await expectVisible(row("#2001").getByRole("link", { name: "9400100000000000000001" }));
      await expectVisible(row("#2002").getByText("On hold"));
      await expectVisible(row("#2002").getByText("The postal code 1234 is not valid for the United States."));
      await expectVisible(row("#2003").getByText("Provider refused"));
      await expectVisible(row("#2003").getByText("Service US01-STD does not deliver to CA."));

      await list.mainAction(() => page.getByRole("tab", { name: "Needs attention" }).click());
      await page.waitForURL(/filter=attention/);
      await expectVisible(row("#2002"));
      await expectVisible(row("#2003"));
      await row("#2001").waitFor({ state: "detached" });
      await list.audit();

      // The order opens its shipment's page, inside the app.
      await row("#2002").getByRole("link", { name: "#2002" }).click();
      await page.waitForURL(new RegExp(`/app/shipments/${held.id}`));
      await expectVisible(page.getByRole("heading", { name: "Why it is on hold" }));
      await expectVisible(page.getByText("The postal code 1234 is not valid for the United States."));
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});

describe("a held shipment's page", () => {
  it(
    "retries it: the merchant reads that it is queued again, and its state changes",
    async () => {
      const s = admin.stack();
      await studioHeldForReview(s);
      const order = await placeOrderAt(s);
      // As the pipeline leaves it under hold-for-review (this stack runs no worker).
      const held = await insertShipment("HELD", {
        kind: "DROPSHIP",
        fulfillmentOrderId: order.fulfillmentOrderId,
        orderId: order.orderId,
        orderName: order.orderName,
        warehouseCode: "SZ-HUB",
        lastErrorCode: "REVIEW",
        lastErrorText: "Waiting for review.",
        holdReasons: JSON.stringify([{ field: "Review", message: "Waiting for review." }]),
      });
      await s.db.shipmentEvent.create({ data: { shipmentId: held.id, type: "held", message: "Held for review before sending." } });

      const detail = await admin.openAdminPage(`/app/shipments/${held.id}`, { name: "/app/shipments/:id" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: order.orderName }));
      await expectVisible(page.getByText("On hold"));
      await expectVisible(page.getByRole("heading", { name: "Why it is on hold" }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "Review: Waiting for review." }));

      await detail.mainAction(() => page.getByRole("button", { name: "Retry" }).click());
      await expectVisible(page.getByText("Queued again: the package is checked and on its way to the provider."));
      await expectVisible(page.getByText("Waiting to send"));
      await expectVisible(page.getByText(/^Retried by the merchant: /));
      expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
      await detail.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});

/** A drop-ship package created in the stack's sandbox, past all its checkpoints: its tracking number. */
async function sandboxParcel(packageId: string): Promise<string> {
  const s = admin.stack();
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
  expect(created.status).toBe(201);
  expect(
    (await fetch(`${s.sandboxUrl}/__sandbox/clock`, { method: "POST", headers, body: JSON.stringify({ advanceMs: 30 * 86_400_000 }) }))
      .status,
  ).toBe(200);
  return z
    .object({ TrackingNumber: z.string() })
    .parse(await (await fetch(`${s.sandboxUrl}/v1/directExpressOrders/${packageId}/status`, { headers })).json()).TrackingNumber;
}

describe("the shipments list for a busy merchant", () => {
  it(
    "searches by customer name and SKU",
    async () => {
      const request = (sku: string, name: string) =>
        JSON.stringify({ ShipToAddress: { Contact: name, Country: "US" }, Skus: [{ Sku: sku, Quantity: 1 }] });
      await insertShipment("FULFILLED", { orderName: "#3101", requestSent: request("LAMP-BRASS-01", "Marie Curie") });
      await insertShipment("FULFILLED", { orderName: "#3102", requestSent: request("DESK-OAK-02", "Niels Bohr") });

      const list = await admin.openAdminPage("/app/shipments", { name: "/app/shipments search" });
      const { page } = list;
      const row = (order: string) => page.getByRole("row").filter({ hasText: order });
      await expectVisible(row("#3101"));
      await expectVisible(row("#3102"));
      await page.getByRole("textbox", { name: "Search shipments" }).fill("curie");
      await list.mainAction(() => page.getByRole("button", { name: "Search", exact: true }).click());
      await page.waitForURL(/q=curie/);
      await expectVisible(row("#3101"));
      await row("#3102").waitFor({ state: "detached" });

      await page.getByRole("textbox", { name: "Search shipments" }).fill("DESK-OAK");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL(/q=DESK-OAK/);
      await expectVisible(row("#3102"));
      await row("#3101").waitFor({ state: "detached" });
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "looks up a tracking number at the provider: its checkpoints, and the shipment it belongs to",
    async () => {
      const number = await sandboxParcel("BROWSER-LOOKUP-1");
      const shipment = await insertShipment("DELIVERED", { orderName: "#3201", trackingNumber: number });

      const list = await admin.openAdminPage("/app/shipments", { name: "/app/shipments tracking lookup" });
      const { page } = list;
      await page.getByRole("textbox", { name: "Tracking number" }).fill(number);
      await list.mainAction(() => page.getByRole("button", { name: "Look up" }).click());
      await page.waitForURL(/track=/);
      await expectVisible(page.getByRole("heading", { name: number }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: /Delivered · Montreal/ }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "Shipment information received" }));
      await list.audit();

      await page.getByRole("textbox", { name: "Tracking number" }).fill("NOPE0000000000");
      await page.getByRole("button", { name: "Look up" }).click();
      await expectVisible(page.getByText("The provider knows no parcel with tracking number NOPE0000000000.", { exact: false }));

      // Our shipment opens from the lookup.
      await page.getByRole("textbox", { name: "Tracking number" }).fill(number);
      await page.getByRole("button", { name: "Look up" }).click();
      const ours = page.getByText("Our shipment:");
      await expectVisible(ours);
      await ours.getByRole("link", { name: "#3201" }).click();
      await page.waitForURL(new RegExp(`/app/shipments/${shipment.id}`));
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "shows a job that stopped with its reason, and retries it",
    async () => {
      const s = admin.stack();
      const now = new Date();
      await s.db.job.create({
        data: {
          id: "browser-dead-1",
          shop: s.shop,
          kind: "write-back.fulfil",
          payload: JSON.stringify({ shop: s.shop }),
          status: "DEAD",
          attempts: 8,
          maxAttempts: 8,
          runAt: now,
          finishedAt: now,
          lastError: "Shopify refused the fulfilment: the order is archived.",
        },
      });
      const list = await admin.openAdminPage("/app/shipments", { name: "/app/shipments stopped jobs" });
      const { page } = list;
      await expectVisible(page.getByRole("heading", { name: "Jobs that stopped" }));
      await expectVisible(page.getByText("Shopify refused the fulfilment: the order is archived."));
      await list.mainAction(() => page.getByRole("button", { name: "Retry: Writing tracking to Shopify" }).click());
      await expectVisible(page.getByText("The job is queued again and runs in a moment."));
      await page.getByRole("heading", { name: "Jobs that stopped" }).waitFor({ state: "detached" });
      expect((await s.db.job.findUniqueOrThrow({ where: { id: "browser-dead-1" } })).status).toBe("PENDING");
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});

describe("an ended shipment's page in Chinese", () => {
  it(
    "says why the app followed it no further and its timeline's ending in Chinese, the carrier's words as it said them; an older row as stored",
    async () => {
      const s = admin.stack();
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
      const travelling = await insertShipment("FULFILLED", { orderName: "#4201", trackingNumber: "9400100000000000004201" });
      const ended = await endShipment(s.db, travelling, lost, { operation: "trackBatch" }, new Date());
      const older = await insertShipment("ENDED", {
        orderName: "#4202",
        endedReason: "RETURNED",
        lastErrorCode: "RETURNED",
        lastErrorText: "The carrier returned the parcel to the sender.",
      });
      await s.db.shipmentEvent.create({
        data: { shipmentId: older.id, type: "ended", message: "Followed no further: The carrier returned the parcel to the sender." },
      });

      const detail = await admin.openAdminPage(`/app/shipments/${ended.id}?locale=zh-CN`, { name: "/app/shipments/:id ended in zh-CN" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "#4201" }));
      await expectVisible(page.getByText("已停止跟踪：已丢失"));
      const why =
        "承运商报告包裹丢失（承运商状态 Lost，2026年11月2日：“Parcel missing at hub”）。请向服务商提出索赔，并在 Shopify 中退款或重新发出订单。";
      await expectVisible(page.getByText(why, { exact: true }));
      await expectVisible(page.getByText(`已停止跟踪：${why}`, { exact: true }));
      expect(await englishLeftOn(page, await storedWords())).toEqual([]);
      await detail.audit();

      const olderPage = await admin.openAdminPage(`/app/shipments/${older.id}?locale=zh-CN`, {
        name: "/app/shipments/:id ended before in zh-CN",
      });
      await expectVisible(olderPage.page.getByText("已停止跟踪：已退回"));
      await expectVisible(olderPage.page.getByText("The carrier returned the parcel to the sender.", { exact: true }));
      await expectVisible(olderPage.page.getByText("Followed no further: The carrier returned the parcel to the sender.", { exact: true }));
      await olderPage.audit();

      const list = await admin.openAdminPage("/app/shipments?locale=zh-CN", { name: "/app/shipments ended in zh-CN" });
      await expectVisible(list.page.getByRole("row").filter({ hasText: "#4201" }).getByText(why));
      await expectVisible(
        list.page.getByRole("row").filter({ hasText: "#4202" }).getByText("The carrier returned the parcel to the sender."),
      );
      expect(await englishLeftOn(list.page, await storedWords())).toEqual([]);
      await list.audit();

      const inEnglish = await admin.openAdminPage(`/app/shipments/${ended.id}`, { name: "/app/shipments/:id ended" });
      await expectVisible(inEnglish.page.getByText("Followed no further: Lost"));
      // The checkpoint's day written as the page writes dates; the rest as stored.
      expect(lost.message).toContain("on 2026-11-02");
      await expectVisible(
        inEnglish.page.getByText(`Followed no further: ${lost.message.replace("on 2026-11-02", "on Nov 2, 2026")}`, { exact: true }),
      );
      await inEnglish.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});

/**
 * The words the pipeline and the provider stored (reasons, errors): shown as written, so not the
 * page's English. Reasons stored with their sentence's key are said in the page's language: only
 * what they quote (a street, the provider's words) is data.
 */
async function storedWords(): Promise<string[]> {
  const s = admin.stack();
  const shipments = await s.db.shipment.findMany({ where: { shop: s.shop } });
  const jobs = await s.db.job.findMany({ where: { shop: s.shop } });
  const events = await s.db.shipmentEvent.findMany({ where: { shipment: { shop: s.shop } } });
  const shownAsStored = (shipment: (typeof shipments)[number]) => {
    // What changed in Shopify after sending, said in the page's language when stored with its sentence.
    const changed = shipment.changedInShopifySay === null ? shipment.changedInShopify : null;
    const reasons = holdReasonsOf(shipment);
    if (reasons.length > 0 && reasons.every((reason) => reason.say !== undefined)) {
      return [...reasons.flatMap((reason) => reason.say?.args.map(String) ?? []), changed];
    }
    const lastError = sayOf(shipment.lastErrorSay);
    if (lastError !== undefined) return [...lastError.args.map(String), changed];
    return [shipment.lastErrorText, shipment.holdReasons, changed];
  };
  // An event the app wrote as a sentence is said in the page's language: only what it quotes is data.
  const eventShown = (event: (typeof events)[number]) => {
    const say = eventSayOf(event.data);
    return say === undefined ? [event.message] : say.args.map(String);
  };
  const texts = [...shipments.flatMap(shownAsStored), ...jobs.map((job) => job.lastError), ...events.flatMap(eventShown)];
  return texts.flatMap((text) => text?.match(/[A-Za-z]+/g) ?? []);
}

describe("the shipments list in Chinese", () => {
  it(
    "names states, tabs, columns, the lookup's answer and the stopped jobs in Chinese; stored reasons stay as written",
    async () => {
      const s = admin.stack();
      await insertShipment("FULFILLED", { orderName: "#4001", trackingNumber: "9400100000000000004001" });
      await insertShipment("HELD", {
        orderName: "#4002",
        lastErrorCode: "HELD",
        lastErrorText: "The postal code 1234 is not valid for the United States.",
        holdReasons: JSON.stringify([{ field: "Postal code", message: "The postal code 1234 is not valid for the United States." }]),
      });
      await s.db.job.create({
        data: {
          id: "browser-dead-zh",
          shop: s.shop,
          kind: "stock.sync",
          payload: JSON.stringify({ shop: s.shop }),
          status: "DEAD",
          attempts: 8,
          maxAttempts: 8,
          runAt: new Date(),
          finishedAt: new Date(),
          lastError: "The provider did not answer in time.",
        },
      });

      const list = await admin.openAdminPage("/app/shipments?locale=zh-CN", { name: "/app/shipments in zh-CN" });
      const { page } = list;
      const row = (order: string) => page.getByRole("row").filter({ hasText: order });
      await expectVisible(page.getByRole("heading", { name: "发货", exact: true }));
      await expectVisible(page.getByRole("tab", { name: "需要处理" }));
      await expectVisible(page.getByRole("columnheader", { name: "物流单号" }));
      await expectVisible(row("#4001").getByText("已履约"));
      await expectVisible(row("#4001").getByText("从仓库 US01 出库"));
      await expectVisible(row("#4002").getByText("暂缓"));
      // The pipeline's reason, stored in English, is shown as it was written.
      await expectVisible(row("#4002").getByText("The postal code 1234 is not valid for the United States."));
      await expectVisible(page.getByRole("heading", { name: "已停止的任务" }));
      await expectVisible(page.getByRole("button", { name: "重试：同步库存" }));
      await expectVisible(page.getByText("尝试 8 次", { exact: false }));

      // The lookup's answer is written on the server, in the admin's language.
      await page.getByRole("textbox", { name: "物流单号" }).fill("NOPE0000000000");
      await list.mainAction(() => page.getByRole("button", { name: "查询" }).click());
      await expectVisible(page.getByText("服务商没有物流单号为 NOPE0000000000 的包裹。", { exact: false }));
      expect(await englishLeftOn(page, await storedWords())).toEqual([]);
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});

describe("a shipment's page in Chinese", () => {
  it(
    "says why it waits, its facts, its declaration and timeline in Chinese; the pipeline's reason and timeline as written",
    async () => {
      const s = admin.stack();
      const held = await insertShipment("HELD", {
        orderName: "#4101",
        lastErrorCode: "HELD",
        lastErrorText: "The SKU LAMP-01 is not registered with the provider.",
        holdReasons: JSON.stringify([{ field: "SKU", message: "The SKU LAMP-01 is not registered with the provider." }]),
      });
      await s.db.shipmentEvent.create({ data: { shipmentId: held.id, type: "held", message: "Held: a SKU is not registered." } });

      const detail = await admin.openAdminPage(`/app/shipments/${held.id}?locale=zh-CN`, { name: "/app/shipments/:id in zh-CN" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "#4101" }));
      await expectVisible(page.getByText("暂缓", { exact: true }));
      await expectVisible(page.getByRole("heading", { name: "暂缓原因" }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "SKU：The SKU LAMP-01 is not registered with the provider." }));
      await expectVisible(page.getByRole("button", { name: "重试" }));
      await expectVisible(page.getByText("从仓库 US01 出库"));
      await expectVisible(page.getByText("尚无物流单号"));
      // The declaration's "why not" is written on the server, in the admin's language.
      await expectVisible(page.getByRole("heading", { name: "报关信息" }));
      await expectVisible(page.getByText("只有代发包裹可以修正报关信息", { exact: false }));
      await expectVisible(page.getByRole("heading", { name: "时间线" }));
      await expectVisible(page.getByText("Held: a SKU is not registered."));
      expect(await englishLeftOn(page, await storedWords())).toEqual([]);
      await detail.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "says a shipment held by the app's checks in Chinese: each field and reason, nothing left in English but what the order and the provider wrote",
    async () => {
      // Held as the pipeline holds it: the connector's checks, and a refusal quoting the provider.
      const { fo, order } = exampleCase({
        location: locations.DE01,
        destination: { ...addresses.DE, address1: "Lindenweg", zip: "1011" },
        lines: [product({ sku: null, title: "Garden lantern" })],
      });
      const plan = planPackage(fo, order, testSettings());
      if (plan.kind !== "HELD") throw new Error(`expected a held plan, got ${plan.kind}`);
      const refused = { field: "ShipToAddress.Phone", ...said("providerRefusedField", "ShipToAddress.Phone", "Phone format invalid") };
      const held = await insertShipment("HELD", { orderName: "#4102", ...heldChanges("HELD", [...plan.reasons, refused]) });

      const detail = await admin.openAdminPage(`/app/shipments/${held.id}?locale=zh-CN`, {
        name: "/app/shipments/:id held by checks in zh-CN",
      });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "暂缓原因" }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "门牌号：街道“Lindenweg”没有门牌号" }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "邮编：邮编“1011”不是德国 (DE) 的邮编" }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "SKU：“Garden lantern”没有 SKU" }));
      await expectVisible(page.getByRole("listitem").filter({ hasText: "服务商拒绝了 ShipToAddress.Phone：Phone format invalid。" }));
      expect(await englishLeftOn(page, await storedWords())).toEqual([]);
      await detail.audit();

      const list = await admin.openAdminPage("/app/shipments?locale=zh-CN", { name: "/app/shipments held by checks in zh-CN" });
      await expectVisible(list.page.getByRole("row").filter({ hasText: "#4102" }).getByText("街道“Lindenweg”没有门牌号", { exact: false }));
      expect(await englishLeftOn(list.page, await storedWords())).toEqual([]);
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
