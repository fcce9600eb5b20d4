/**
 * The order page block's route (app/routes/api.orders.$orderId.shipments), over HTTP exactly as the
 * extension calls it from the admin's origin: a CORS preflight, then GET and POST with the admin's
 * session token (HS256 with the app's secret). Without a token 401; another shop's order 404.
 * Send now through the app, the sandbox and the emulator: one call of the single creation
 * operation, fulfilled once in Shopify; an answer lost to a timeout on the first call still makes
 * one package. With the block's `?locale=zh-CN` the states, reasons and answers are Chinese, the
 * provider's own words quoted as it said them, and so are the route's refusals (401, 404, a wrong
 * field); without one, English as stored.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { encodePackageRequest } from "~/connector";
import { queuePush } from "~/flows/queue/stages.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { en } from "~/lib/words/en";
import { zhCN } from "~/lib/words/zh-CN";
import { reasonText, said } from "~/lib/words/reason-said";
import { heldChanges, holdReasonsOf } from "~/stores/shipments/shipment-columns";
import { lastErrorColumns } from "~/stores/shipments/last-error";
import * as example from "../provider/examples";
import { waitFor } from "../support/jobs";
import { useStack, type TestStack } from "../support/stack";
import { BROWSER_USER_AGENT, sessionToken } from "./support";
import { placeOrderAt, studioHeldForReview } from "../support/studio";

const stack = useStack({ sandbox: { createDelayMs: 200 } });

/** Where Shopify's admin runs the extension: its requests come from this origin. */
const ADMIN_ORIGIN = "https://extensions.shopifycdn.com";

const View = z.object({
  id: z.string(),
  packageId: z.string(),
  state: z.object({ code: z.string(), label: z.string(), tone: z.string() }),
  warehouse: z.string(),
  service: z.string().nullable(),
  tracking: z.array(z.object({ number: z.string(), url: z.string().nullable() })),
  reason: z.string().nullable(),
  reasons: z.array(z.object({ field: z.string(), message: z.string() })),
  actions: z.array(z.enum(["send", "retry"])),
});
const ListAnswer = z.object({ orderId: z.string(), shipments: z.array(View) });
const ActionAnswer = z.object({
  outcome: z.string(),
  message: z.string(),
  reasons: z.array(z.object({ field: z.string(), message: z.string() })),
  shipments: z.array(View),
});

/** The block's call: the route's path for the order's number, the session token as a bearer, from the admin's origin. */
function blockFetch(
  s: TestStack,
  orderNumber: string,
  init: { method?: string; body?: unknown; token?: string | null; shop?: string; locale?: string } = {},
): Promise<Response> {
  const token = init.token === undefined ? sessionToken(init.shop ?? s.shop, s.apiKey, s.apiSecret) : init.token;
  const locale = init.locale === undefined ? "" : `?locale=${encodeURIComponent(init.locale)}`;
  return fetch(new URL(`/api/orders/${orderNumber}/shipments${locale}`, s.appUrl), {
    method: init.method ?? (init.body ? "POST" : "GET"),
    redirect: "manual",
    headers: {
      "User-Agent": BROWSER_USER_AGENT,
      Origin: ADMIN_ORIGIN,
      Accept: "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { "Content-Type": "application/json" } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
}

const numberOf = (orderGid: string) => orderGid.replace("gid://shopify/Order/", "");

/** A proxy in front of the sandbox that counts the app's provider calls, by method and path. */
let proxy: Server | undefined;
async function countingProvider(sandboxUrl: string): Promise<{ url: string; calls: Map<string, number> }> {
  const calls = new Map<string, number>();
  const target = new URL(sandboxUrl);
  proxy = createServer((incoming, outgoing) => {
    const key = `${incoming.method} ${(incoming.url ?? "").split("?")[0]}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, calls };
}
afterEach(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  proxy = undefined;
});

/** Places an order at the studio and waits until the app holds its shipment for review. */
async function heldOrder(s: TestStack): Promise<{ orderId: string; shipmentId: string }> {
  const { orderId } = await placeOrderAt(s);
  const held = await waitFor(
    async () => (await s.db.shipment.findFirst({ where: { shop: s.shop, orderId, state: "HELD" } })) ?? undefined,
    {
      timeoutMs: 20_000,
      intervalMs: 50,
      what: `the order's shipment held for review\n${s.logs().slice(-3_000)}`,
    },
  );
  return { orderId, shipmentId: held.id };
}

const OrderFulfilments = z.object({
  data: z.object({
    order: z.object({
      fulfillments: z.array(z.object({ status: z.string(), trackingInfo: z.array(z.object({ number: z.string().nullable() })) })),
    }),
  }),
});

async function fulfilledInShopify(s: TestStack, orderId: string) {
  return waitFor(
    async () => {
      const { data } = OrderFulfilments.parse(
        await s.adminGraphql("query ($id: ID!) { order(id: $id) { fulfillments { status trackingInfo { number } } } }", { id: orderId }),
      );
      return data.order.fulfillments.length > 0 ? data.order.fulfillments : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: `a fulfilment in Shopify\n${s.logs().slice(-3_000)}` },
  );
}

describe("the order page block's route", () => {
  it("answers the CORS preflight, refuses a call without a session token with 401, and another shop's order with 404", async () => {
    const s = stack();
    const preflight = await fetch(new URL("/api/orders/1001/shipments", s.appUrl), {
      method: "OPTIONS",
      headers: {
        "User-Agent": BROWSER_USER_AGENT,
        Origin: ADMIN_ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status, s.logs().slice(-3_000)).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");

    const anonymous = await blockFetch(s, "1001", { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe("*");
    expect(await anonymous.json()).toEqual({ error: "Sign in again: the request carried no session token." });

    // A token signed with another secret is no session token of this app's.
    const forged = await blockFetch(s, "1001", { token: sessionToken(s.shop, s.apiKey, "not-the-app-secret") });
    expect(forged.status).toBe(401);

    // Shop A's shipment on A's order: B's session finds neither the order nor the shipment.
    const theirs = await s.db.shipment.create({
      data: {
        shop: "other-shop.myshopify.com",
        kind: "DROPSHIP",
        state: "HELD",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/880001",
        orderId: "gid://shopify/Order/880001",
        orderName: "#THEIRS",
        packageId: "THEIRS-1",
      },
    });
    const list = await blockFetch(s, "880001");
    expect(list.status, s.logs().slice(-3_000)).toBe(404);
    expect(await list.text()).not.toContain("THEIRS");
    const retry = await blockFetch(s, "880001", { body: { shipmentId: theirs.id, action: "retry" } });
    expect(retry.status).toBe(404);
    expect((await s.db.shipment.findUniqueOrThrow({ where: { id: theirs.id } })).state).toBe("HELD");

    const bad = await blockFetch(s, "not-an-order");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "orderId" });
  });

  it("lists the shop's order with no shipments yet as empty, and a shipment with its state, warehouse, tracking links (http(s) only) and reason", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const { orderId } = await placeOrderAt(s);
    const empty = await blockFetch(s, numberOf(orderId));
    expect(empty.status, s.logs().slice(-3_000)).toBe(200);
    expect(empty.headers.get("access-control-allow-origin")).toBe("*");
    expect(ListAnswer.parse(await empty.json())).toEqual({ orderId, shipments: [] });

    await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "OUTBOUND",
        state: "FULFILLED",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770001",
        orderId,
        packageId: "BLOCK-1",
        warehouseCode: "US01",
        trackingNumber: "9400100000000000000091",
        trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000091",
        extraTrackingNumbers: JSON.stringify([{ number: "9400100000000000000092", url: "javascript:alert(1)" }]),
      },
    });
    await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "OUTBOUND",
        state: "FAILED",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770002",
        orderId,
        packageId: "BLOCK-2",
        warehouseCode: "DE01",
        lastErrorCode: "CreateFailed",
        lastErrorText: "The provider could not create the package: service DE01-STD does not serve JP.",
      },
    });
    const listed = ListAnswer.parse(await (await blockFetch(s, encodeURIComponent(orderId))).json());
    expect(listed.shipments).toEqual([
      {
        id: expect.any(String),
        packageId: "BLOCK-1",
        state: { code: "FULFILLED", label: "Fulfilled", tone: "success" },
        warehouse: "Outbound from warehouse US01",
        service: null,
        tracking: [
          { number: "9400100000000000000091", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000091" },
          { number: "9400100000000000000092", url: null },
        ],
        reason: null,
        reasons: [],
        actions: [],
      },
      {
        id: expect.any(String),
        packageId: "BLOCK-2",
        state: { code: "FAILED", label: "Provider refused", tone: "critical" },
        warehouse: "Outbound from warehouse DE01",
        service: null,
        tracking: [],
        reason: "The provider could not create the package: service DE01-STD does not serve JP.",
        reasons: [],
        actions: ["retry"],
      },
    ]);
  });
});

describe("send now from the block", () => {
  it("retries a held package and sends it at once with the single operation: one creation call, fulfilled once in Shopify", async () => {
    const s = stack();
    const provider = await countingProvider(s.sandboxUrl);
    await studioHeldForReview(s, provider.url);
    const { orderId, shipmentId } = await heldOrder(s);
    const packagesBefore = s.sandbox.state().dropships.size;

    const before = ListAnswer.parse(await (await blockFetch(s, numberOf(orderId))).json());
    expect(before.shipments).toMatchObject([
      { id: shipmentId, state: { label: "On hold" }, warehouse: "Drop-ship via SZ-HUB", actions: ["retry"] },
    ]);

    const response = await blockFetch(s, numberOf(orderId), { body: { shipmentId, action: "retry" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answer = ActionAnswer.parse(await response.json());
    expect(answer).toMatchObject({ outcome: "sent", reasons: [] });
    expect(answer.message).toMatch(/^Sent to the provider now as package \S+ \(created\)/);
    expect(answer.shipments).toMatchObject([{ id: shipmentId, state: { code: "SUBMITTED", label: "Sent to provider" }, actions: [] }]);

    const fulfilments = await fulfilledInShopify(s, orderId);
    const shipment = await waitFor(
      async () => {
        const found = await s.db.shipment.findUniqueOrThrow({ where: { id: shipmentId }, include: { events: true } });
        return found.state === "FULFILLED" || found.state === "DELIVERED" ? found : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50, what: "the shipment fulfilled" },
    );
    expect(fulfilments).toEqual([{ status: "SUCCESS", trackingInfo: [{ number: shipment.trackingNumber }] }]);
    expect(provider.calls.get("POST /v1/directExpressOrders")).toBe(1);
    // The batch push never sent it again.
    expect(provider.calls.get("POST /v1/directExpressOrders/multiple") ?? 0).toBe(0);
    expect(s.sandbox.state().dropships.size).toBe(packagesBefore + 1);
    expect(shipment.events.filter((event) => event.type === "sent").map((event) => event.message)).toEqual([
      expect.stringMatching(/^Sent to the provider \(drop-ship location SZ-HUB, service US01-EXP\): created\.$/),
    ]);
    expect(await s.db.job.findFirst({ where: { kind: "push.one", payload: { contains: shipmentId } } })).toMatchObject({
      status: "DONE",
      attempts: 0,
    });
  }, 60_000);

  it("a timeout on the first creation call, its package created all the same, still makes one package", async () => {
    const s = stack();
    const provider = await countingProvider(s.sandboxUrl);
    await studioHeldForReview(s, provider.url);
    const { orderId, shipmentId } = await heldOrder(s);
    await fetch(`${s.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      body: JSON.stringify({ operation: "createDropship", kind: "timeout", afterProcessing: true }),
    });
    const packagesBefore = s.sandbox.state().dropships.size;

    const response = await blockFetch(s, numberOf(orderId), { body: { shipmentId, action: "retry" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answer = ActionAnswer.parse(await response.json());
    // The client sent the same PackageId again once the first call timed out: "already known".
    expect(answer.outcome).toBe("sent");
    expect(answer.message).toContain("already known to the provider, nothing changed");

    await fulfilledInShopify(s, orderId);
    expect(provider.calls.get("POST /v1/directExpressOrders")).toBe(2);
    expect(s.sandbox.state().dropships.size).toBe(packagesBefore + 1);
    const { data } = OrderFulfilments.parse(
      await s.adminGraphql("query ($id: ID!) { order(id: $id) { fulfillments { status trackingInfo { number } } } }", { id: orderId }),
    );
    expect(data.order.fulfillments).toHaveLength(1);
  }, 60_000);

  it("when the provider does not answer, the job behind the send sends the same package later, and the batch push leaves it alone", async () => {
    const s = stack();
    const provider = await countingProvider(s.sandboxUrl);
    await studioHeldForReview(s, provider.url);
    const { orderId, shipmentId } = await heldOrder(s);
    const packagesBefore = s.sandbox.state().dropships.size;
    // Every attempt of the client fails before the provider looks at the package.
    await fetch(`${s.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      body: JSON.stringify({ operation: "createDropship", kind: "500", count: 4 }),
    });

    const response = await blockFetch(s, numberOf(orderId), { body: { shipmentId, action: "retry" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    expect(ActionAnswer.parse(await response.json())).toMatchObject({
      outcome: "queued",
      message: "The provider did not answer. The app sends it again in a moment with the same package id, so it is never created twice.",
    });
    // A push of the handling location meanwhile finds the package claimed by the send, and leaves it.
    await queuePush(s.db, { shop: s.shop, kind: "DROPSHIP", origin: "SZ-HUB" }, new Date());

    await fulfilledInShopify(s, orderId);
    expect(provider.calls.get("POST /v1/directExpressOrders")).toBe(5);
    expect(provider.calls.get("POST /v1/directExpressOrders/multiple") ?? 0).toBe(0);
    expect(s.sandbox.state().dropships.size).toBe(packagesBefore + 1);
    expect(await s.db.job.findFirst({ where: { kind: "push.one", payload: { contains: shipmentId } } })).toMatchObject({
      status: "DONE",
      attempts: 1,
    });
  }, 60_000);

  it("live mode without a connection to the provider: nothing sent, the merchant told where to connect, the package left to the batch", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "live" });
    const ready = await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "DROPSHIP",
        state: "READY",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770201",
        orderId: "gid://shopify/Order/770201",
        packageId: "BLOCK-LIVE-1",
        warehouseCode: "SZ-HUB",
        requestSent: encodePackageRequest({ kind: "DROPSHIP", body: example.dropshipToNewYork("BLOCK-LIVE-1") }),
      },
    });
    const response = await blockFetch(s, "770201", { body: { shipmentId: ready.id, action: "send" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answer = ActionAnswer.parse(await response.json());
    expect(answer.outcome).toBe("refused");
    expect(answer.message).toMatch(
      /^Not sent: Live mode needs a connection to the provider, .+ Settings > Provider connection, then retry\.$/,
    );
    expect(await s.db.shipment.findUniqueOrThrow({ where: { id: ready.id } })).toMatchObject({ state: "READY", sendingJobId: null });
    expect(s.sandbox.state().dropships.has("BLOCK-LIVE-1")).toBe(false);

    // Shown in Chinese, the block says what to do in Chinese too, not the English sentence inside.
    const chinese = ActionAnswer.parse(
      await (await blockFetch(s, "770201", { body: { shipmentId: ready.id, action: "send" }, locale: "zh-CN" })).json(),
    );
    expect(chinese).toMatchObject({ outcome: "refused", message: zhCN.orderBlock.notSent(zhCN.jobErrors.providerNotConnected(s.shop)) });
    expect(s.sandbox.state().dropships.has("BLOCK-LIVE-1")).toBe(false);
  });

  it("gives the provider's refusal of a field back to the merchant, and holds the package with it", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    // A package stored without its service: the provider refuses it by field (sandbox decision 2).
    const { ServiceCode: _dropped, ...withoutService } = example.dropshipToNewYork("BLOCK-REFUSED-1");
    const ready = await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "DROPSHIP",
        state: "READY",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770101",
        orderId: "gid://shopify/Order/770101",
        packageId: "BLOCK-REFUSED-1",
        warehouseCode: "SZ-HUB",
        requestSent: encodePackageRequest({ kind: "DROPSHIP", body: withoutService }),
      },
    });
    const response = await blockFetch(s, "770101", { body: { shipmentId: ready.id, action: "send" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answer = ActionAnswer.parse(await response.json());
    expect(answer).toMatchObject({ outcome: "held", message: "The provider refused the package: correct what it names, then retry." });
    expect(answer.reasons).toEqual([
      {
        field: "Package.ServiceCode",
        message: expect.stringMatching(/^The provider refused Package\.ServiceCode: .+\. Correct it, then retry\.$/),
      },
    ]);
    expect(answer.shipments).toMatchObject([
      { id: ready.id, state: { code: "HELD", label: "On hold" }, actions: ["retry"], reasons: answer.reasons },
    ]);
    const stored = await s.db.shipment.findUniqueOrThrow({ where: { id: ready.id } });
    expect(stored).toMatchObject({ state: "HELD", sendingJobId: null });
  });
});

describe("the block in the admin's language", () => {
  it("answers the states, warehouses and reasons in Chinese for ?locale=zh-CN, the provider's words quoted, and English without a locale", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const noCity = { field: "ShipToAddress.City", ...said("noCity") };
    await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "DROPSHIP",
        state: "HELD",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770301",
        orderId: "gid://shopify/Order/770301",
        packageId: "BLOCK-ZH-1",
        warehouseCode: "SZ-HUB",
        ...heldChanges("HeldByChecks", [noCity]),
      },
    });
    const refusal = said("creationFailed", "Service DE01-STD does not serve JP.", "DestinationNotServed");
    await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "OUTBOUND",
        state: "FAILED",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770302",
        orderId: "gid://shopify/Order/770301",
        packageId: "BLOCK-ZH-2",
        warehouseCode: "DE01",
        lastErrorCode: "CreateFailed",
        ...lastErrorColumns(refusal),
      },
    });

    const chinese = await blockFetch(s, "770301", { locale: "zh-CN" });
    expect(chinese.status, s.logs().slice(-3_000)).toBe(200);
    const inChinese = ListAnswer.parse(await chinese.json());
    expect(inChinese.shipments).toMatchObject([
      {
        packageId: "BLOCK-ZH-1",
        state: { code: "HELD", label: "暂缓", tone: "warning" },
        warehouse: "经 SZ-HUB 代发",
        reason: zhCN.reasons.noCity(),
        reasons: [{ field: "ShipToAddress.City", message: zhCN.reasons.noCity() }],
      },
      {
        packageId: "BLOCK-ZH-2",
        state: { code: "FAILED", label: "服务商拒绝", tone: "critical" },
        warehouse: "从仓库 DE01 出库",
        // The provider's own words, quoted inside the Chinese sentence.
        reason: zhCN.reasons.creationFailed("Service DE01-STD does not serve JP.", "DestinationNotServed"),
      },
    ]);
    expect(inChinese.shipments[1]?.reason).toMatch(/^服务商无法创建该包裹：Service DE01-STD does not serve JP\. /);

    // Without a locale (a block deployed before it sent one), or one no language is read from: English, as stored.
    for (const init of [{}, { locale: "not a language!" }]) {
      const english = ListAnswer.parse(await (await blockFetch(s, "770301", init)).json());
      expect(english.shipments).toMatchObject([
        {
          state: { label: "On hold" },
          warehouse: "Drop-ship via SZ-HUB",
          reason: en.reasons.noCity(),
          reasons: [{ field: "ShipToAddress.City", message: noCity.message }],
        },
        { state: { label: "Provider refused" }, warehouse: "Outbound from warehouse DE01", reason: refusal.message },
      ]);
    }
  });

  it("refuses in the block's language: without a session token, an order or shipment not the shop's, a wrong field; English without a locale", async () => {
    const s = stack();
    /** Each refusal's status and body, for the block's call with this locale (none: as a block deployed before sent it). */
    const refusals = async (locale?: string) => {
      const init = locale === undefined ? {} : { locale };
      const answers = [
        await blockFetch(s, "1001", { ...init, token: null }),
        await blockFetch(s, "880002", init),
        await blockFetch(s, "not-an-order", init),
        await blockFetch(s, "880002", { ...init, body: { action: "send" } }),
        await blockFetch(s, "880002", { ...init, body: { shipmentId: "no-such-shipment", action: "ship" } }),
        await blockFetch(s, "880002", { ...init, body: { shipmentId: "no-such-shipment", action: "retry" } }),
      ];
      return Promise.all(answers.map(async (answer) => [answer.status, await answer.json()]));
    };
    expect(await refusals("zh-CN"), s.logs().slice(-3_000)).toEqual([
      [401, { error: "请重新登录：请求中没有会话令牌。" }],
      [404, { error: "此店铺中没有该订单。" }],
      [400, { error: "orderId 必须是订单编号或其 gid://shopify/Order/… ID。", field: "orderId" }],
      [400, { error: "shipmentId 为必填项。", field: "shipmentId" }],
      [400, { error: "action 只能是 send 或 retry。", field: "action" }],
      [404, { error: "此店铺的该订单中没有该发货单。" }],
    ]);
    const english = [
      [401, { error: "Sign in again: the request carried no session token." }],
      [404, { error: "No such order in this shop." }],
      [400, { error: "orderId must be an order's number or its gid://shopify/Order/… id.", field: "orderId" }],
      [400, { error: "shipmentId is required.", field: "shipmentId" }],
      [400, { error: "action must be send or retry.", field: "action" }],
      [404, { error: "No such shipment on this order in this shop." }],
    ];
    expect(await refusals()).toEqual(english);
    expect(await refusals("not a language!")).toEqual(english);
  });

  it("answers Send now in Chinese: the provider's refusal of a field held with its words quoted, a send refused with the state named", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
    const { ServiceCode: _dropped, ...withoutService } = example.dropshipToNewYork("BLOCK-ZH-3");
    const ready = await s.db.shipment.create({
      data: {
        shop: s.shop,
        kind: "DROPSHIP",
        state: "READY",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/770401",
        orderId: "gid://shopify/Order/770401",
        packageId: "BLOCK-ZH-3",
        warehouseCode: "SZ-HUB",
        requestSent: encodePackageRequest({ kind: "DROPSHIP", body: withoutService }),
      },
    });
    const sent = await blockFetch(s, "770401", { body: { shipmentId: ready.id, action: "send" }, locale: "zh-CN" });
    expect(sent.status, s.logs().slice(-3_000)).toBe(200);
    const answer = ActionAnswer.parse(await sent.json());
    const stored = holdReasonsOf(await s.db.shipment.findUniqueOrThrow({ where: { id: ready.id } }));
    expect(stored).toHaveLength(1);
    const refusedField = reasonText(zhCN.reasons, stored[0]!);
    expect(refusedField).toMatch(/^服务商拒绝了 Package\.ServiceCode：.+。请修正后重试。$/);
    expect(answer).toMatchObject({
      outcome: "held",
      message: "服务商拒绝了该包裹：请修正其指出的问题，然后重试。",
      reasons: [{ field: "Package.ServiceCode", message: refusedField }],
      shipments: [{ id: ready.id, state: { code: "HELD", label: "暂缓" }, reason: refusedField, actions: ["retry"] }],
    });

    // Sending again what is no longer waiting: refused, the state named in Chinese.
    const again = ActionAnswer.parse(
      await (await blockFetch(s, "770401", { body: { shipmentId: ready.id, action: "send" }, locale: "zh-CN" })).json(),
    );
    expect(again).toMatchObject({ outcome: "refused", message: "只有等待发送的包裹可以立即发送；该包裹的状态是“暂缓”。" });
    const inEnglish = ActionAnswer.parse(await (await blockFetch(s, "770401", { body: { shipmentId: ready.id, action: "send" } })).json());
    expect(inEnglish).toMatchObject({
      outcome: "refused",
      message: "Only a package waiting to be sent can be sent now; this one is held.",
    });
  });
});
