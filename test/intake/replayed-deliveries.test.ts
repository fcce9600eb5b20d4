/**
 * Deliveries replayed into harm, over real HTTP against the built app and its worker, with the
 * emulator as Shopify. Shopify's HMAC covers the body only; the shop, topic and ids are headers
 * anyone can set. So a signed body can be sent again, under another shop's name or after the event
 * it told of is long past. What the attacker of issue 12 did with that no longer works:
 * - the fulfillment-service callback's body (the same for every shop, so its signature is a
 *   constant) sent to /webhooks/app/uninstalled under another shop's name;
 * - a shop's real app/uninstalled body sent under another shop's name, or again while it is installed;
 * - shop/redact sent while the shop is installed;
 * - the callback itself sent in a flood;
 * - an app/scopes_update body (it names no shop) sent under a shop's name: the scopes stored are Shopify's.
 */
import { createHmac, randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { UNINSTALL_NOT_CONFIRMED } from "~/flows/receive-webhooks/uninstall.server";
import { recordInstall } from "~/stores/shops/shop.server";
import { useStack } from "../support/stack";
import { eventually, revokeAppToken, statuses } from "./support";

const METRICS_TOKEN = "replayed-deliveries-metrics";
const stack = useStack({ env: { METRICS_TOKEN } });

/** A metric's value as the app's /metrics says it (0 when absent). */
async function metric(name: string, labels = ""): Promise<number> {
  const response = await fetch(`${stack().appUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
}

const VICTIM = "victim-shop.myshopify.com";

/** POSTs `body` to `path` signed with the app's secret (a body Shopify signed once), under the headers given. */
async function replay(path: string, body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${stack().appUrl}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", stack().apiSecret).update(body).digest("base64"),
      ...headers,
    },
    body,
  });
  await response.body?.cancel();
  return response.status;
}

/** Another shop with the app installed: its row, its offline session and work waiting for it. */
async function installVictim() {
  const { db } = stack();
  await recordInstall(db, VICTIM);
  await db.session.upsert({
    where: { id: `offline_${VICTIM}` },
    create: { id: `offline_${VICTIM}`, shop: VICTIM, state: "", isOnline: false, accessToken: "shpat_victim" },
    update: {},
  });
  await db.job.upsert({
    where: { id: "victim-waiting" },
    create: {
      id: "victim-waiting",
      shop: VICTIM,
      kind: "install.fulfillment-services",
      payload: "{}",
      maxAttempts: 12,
      runAt: new Date("2100-01-01T00:00:00Z"),
    },
    update: { status: "PENDING" },
  });
}

async function victimUntouched() {
  const { db } = stack();
  expect(await db.shop.findUniqueOrThrow({ where: { domain: VICTIM } })).toMatchObject({ uninstalledAt: null });
  expect(await db.session.count({ where: { shop: VICTIM } })).toBe(1);
  expect(await db.job.findUniqueOrThrow({ where: { id: "victim-waiting" } })).toMatchObject({ status: "PENDING" });
  // Its next order event is taken as usual.
  const order = JSON.stringify({ id: 91, admin_graphql_api_id: "gid://shopify/Order/91", customer: null });
  const eventId = randomUUID();
  expect(
    await replay("/webhooks/orders/updated", order, {
      "X-Shopify-Topic": "orders/updated",
      "X-Shopify-Shop-Domain": VICTIM,
      "X-Shopify-Event-Id": eventId,
    }),
  ).toBe(200);
  // Recorded and queued; the worker may already have worked through it.
  expect(["ENQUEUED", "PROCESSED"]).toContain((await db.webhookReceipt.findFirstOrThrow({ where: { eventId } })).status);
}

/** Waits until no receive-webhooks.uninstall-confirm job is waiting or running. */
const confirmationsSettled = () =>
  eventually(
    async () =>
      (await stack().db.job.count({ where: { kind: "receive-webhooks.uninstall-confirm", status: { in: ["PENDING", "RUNNING"] } } })) === 0,
    "the uninstall confirmations",
  );

beforeEach(async () => {
  await installVictim();
  await stack().db.webhookReceipt.deleteMany();
});

describe("replayed deliveries", () => {
  it("an app/scopes_update body, whatever scopes it names, leaves the shop with the scopes Shopify holds", async () => {
    const { db, shop, scopes } = stack();
    // Signed once for some shop: the body names none, so its scopes could be anyone's.
    const body = JSON.stringify({
      id: 1,
      shop_id: "gid://shopify/Shop/999",
      previous: scopes,
      current: ["read_orders"],
      updated_at: "2026-11-29T00:00:00Z",
    });
    expect(
      await replay("/webhooks/app/scopes_update", body, { "X-Shopify-Topic": "app/scopes_update", "X-Shopify-Shop-Domain": shop }),
    ).toBe(200);
    await eventually(
      async () => (await db.webhookReceipt.findFirst({ where: { shop, topic: "app/scopes_update", status: "PROCESSED" } })) ?? undefined,
      "the scopes update settled by its job",
    );
    const granted = (await db.session.findFirstOrThrow({ where: { shop, isOnline: false } })).scope?.split(",") ?? [];
    // What the emulator grants the demo shop: the app's TOML scopes (and the merchant's own, for its actions).
    expect(granted).toEqual(expect.arrayContaining([...scopes]));
    expect(granted.length).toBeGreaterThan(1);
  });

  it("the fulfillment-service callback's constant body, sent as another shop's app/uninstalled, is kept REJECTED and changes nothing", async () => {
    const callbackBody = JSON.stringify({ kind: "FULFILLMENT_REQUEST" });
    expect(
      await replay("/webhooks/app/uninstalled", callbackBody, { "X-Shopify-Topic": "app/uninstalled", "X-Shopify-Shop-Domain": VICTIM }),
    ).toBe(200);

    expect(await stack().db.webhookReceipt.findFirstOrThrow({ where: { shop: VICTIM, topic: "app/uninstalled" } })).toMatchObject({
      status: "REJECTED",
      reason: expect.stringMatching(/app\/uninstalled payload cannot be used[\s\S]*myshopify_domain/),
    });
    await victimUntouched();
  });

  it("a shop's real app/uninstalled, sent again while it is installed or under another shop's name, changes nothing", async () => {
    const { db, shop } = stack();
    // A genuine delivery, while Shopify still accepts the app's token: a replay of an old uninstall.
    const [real] = await stack().deliverWebhook("app/uninstalled");
    if (!real) throw new Error("no delivery");
    expect(statuses(real)).toEqual([200]);
    await confirmationsSettled();
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { shop, topic: "app/uninstalled" } })).toMatchObject({
      status: "REJECTED",
      reason: UNINSTALL_NOT_CONFIRMED,
    });
    expect(await db.session.count({ where: { shop } })).toBe(1);

    // The same signed body under the victim's name.
    expect(
      await replay("/webhooks/app/uninstalled", real.body, { "X-Shopify-Topic": "app/uninstalled", "X-Shopify-Shop-Domain": VICTIM }),
    ).toBe(200);
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { shop: VICTIM, topic: "app/uninstalled" } })).toMatchObject({
      status: "REJECTED",
      reason: `The app/uninstalled request names the shop ${shop}, but was sent for ${VICTIM}`,
    });
    await victimUntouched();
  });

  it("a real uninstall, once Shopify refuses the token, stops the shop; shop/redact sent while a shop is installed erases nothing", async () => {
    const { db, shop } = stack();
    const restore = revokeAppToken(stack());
    try {
      const [uninstalled] = await stack().deliverWebhook("app/uninstalled");
      expect(statuses(uninstalled)).toEqual([200]);
      await eventually(async () => (await db.shop.findUnique({ where: { domain: shop } }))?.uninstalledAt, "the confirmed uninstall");
      expect(await db.session.count({ where: { shop } })).toBe(0);
      expect(await db.webhookReceipt.findFirstOrThrow({ where: { shop, topic: "app/uninstalled" } })).toMatchObject({
        status: "PROCESSED",
      });
    } finally {
      restore();
      await stack().installOfflineSession();
      await recordInstall(db, shop);
    }

    const redact = JSON.stringify({ shop_id: 1, shop_domain: VICTIM });
    expect(await replay("/webhooks/shop/redact", redact, { "X-Shopify-Topic": "shop/redact", "X-Shopify-Shop-Domain": VICTIM })).toBe(200);
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { shop: VICTIM, topic: "shop/redact" } })).toMatchObject({
      status: "REJECTED",
    });
    await victimUntouched();
  });

  it("a flood of the fulfillment-service callback stores nothing and wakes the shop's fetch a few times, not once a call", async () => {
    const { db, shop } = stack();
    const body = JSON.stringify({ kind: "FULFILLMENT_REQUEST" });
    const before = await db.job.count({ where: { kind: "plan.requests" } });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        replay("/fulfillment-service/fulfillment_order_notification", body, { "X-Shopify-Shop-Domain": shop }),
      ),
    );
    expect(new Set(answers)).toEqual(new Set([200]));
    expect(await db.webhookReceipt.count()).toBe(0);
    // The first call of each second wakes the job; the rest are folded into one more wake-up at its
    // end. Once every call is counted and no folded wake-up is left to write, nothing more comes.
    await eventually(
      async () =>
        (await metric("fulfillment_service_wake_ups_total", '{outcome="woken"}')) +
          (await metric("fulfillment_service_wake_ups_total", '{outcome="folded"}')) >=
          200 && (await metric("fulfillment_service_wake_ups_pending")) === 0,
      "every callback counted and no folded wake-up left to write",
    );
    expect(await metric("fulfillment_service_wake_ups_total", '{outcome="folded"}')).toBeGreaterThan(150);
    expect((await db.job.count({ where: { kind: "plan.requests" } })) - before).toBeLessThanOrEqual(3);
    // A shop the app was never installed in is answered as an installed one is (the answer does
    // not tell who uses the app), and nothing is written for it: only counted.
    const jobsBefore = await db.job.count();
    expect(
      await replay("/fulfillment-service/fulfillment_order_notification", body, { "X-Shopify-Shop-Domain": "nobody.myshopify.com" }),
    ).toBe(200);
    // The same signed body replayed to the webhook routes under made-up shops: no REJECTED receipts.
    const madeUp = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        replay(`/webhooks/${i % 2 === 0 ? "orders/create" : "customers/redact"}`, body, {
          "X-Shopify-Topic": i % 2 === 0 ? "orders/create" : "customers/redact",
          "X-Shopify-Shop-Domain": `made-up-${i}.myshopify.com`,
        }),
      ),
    );
    expect(new Set(madeUp)).toEqual(new Set([200]));
    await eventually(
      async () =>
        (await metric("webhook_deliveries_unknown_shop_total", '{route="fulfillment-service"}')) === 1 &&
        (await metric("webhook_deliveries_unknown_shop_total", '{route="orders/create"}')) === 15 &&
        (await metric("webhook_deliveries_unknown_shop_total", '{route="customers/redact"}')) === 15,
      "every call under an unknown shop counted",
    );
    expect(await db.webhookReceipt.count()).toBe(0);
    expect(await db.job.count()).toBe(jobsBefore);
    // 200 requests: a few seconds alone, over the default 5 s beside other stack tests.
  }, 20_000);
});
