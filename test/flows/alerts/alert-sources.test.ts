/**
 * The alerts raised outside the shipments' pipeline, each driven through the flow that raises it,
 * against the real provider sandbox, the Shopify emulator, a real worker and real receivers: Shopify
 * refusing the store (a frozen or locked shop), a catalogue read Shopify could not do, a stock sync
 * that left something for the merchant. Each arrives once by e-mail and webhook, says what happened
 * and what to do, links to the page where it is fixed, and is not told again when the same event is
 * noticed again; a later, separate event is told again.
 */
import { describe, expect, it } from "vitest";
import { queueAlertSweep, type AlertDeps } from "~/flows/alerts/deliver.server";
import { alertHandlers } from "~/flows/alerts/handlers";
import { alertSender } from "~/flows/alerts/send.server";
import { catalogueHandlers } from "~/flows/catalogue/handlers";
import { startCatalogueRead } from "~/flows/catalogue/read.server";
import { enqueue } from "~/flows/queue/jobs.server";
import { queueStockSync } from "~/flows/queue/stages.server";
import { shopAccessHandlers } from "~/flows/shop-access/handlers";
import { withShopAccess } from "~/flows/shop-access/shop-access.server";
import { stockHandlers } from "~/flows/stock/handlers";
import type { JobHandler } from "~/jobs/handler";
import { saveEmailChannel, saveWebhookChannel } from "~/stores/alerts/channels.server";
import { zhCN } from "~/lib/words/zh-CN";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { shopifyAccessOf } from "~/stores/shops/shopify-access.server";
import { parseStockSyncResult } from "~/stores/stock/stock-sync-result";
import { DEMO_SHOP } from "../../pipeline/deps";
import {
  mailSubject,
  mailText,
  startHttpReceiver,
  startMailServer,
  type HttpReceiver,
  type MailServer,
  type ReceivedMail,
  emailChannelOn,
} from "../../support/alert-receivers";
import { waitFor } from "../../support/jobs";
import { runFinished, useWarehouseShop } from "../../support/warehouse-shop";

const ADMIN = "https://admin.shopify.com/store/demo-shop/apps/test-client-id";

let mail: MailServer;
let hook: HttpReceiver;

const alertDeps: AlertDeps = {
  sender: alertSender({ allowHttp: true, allowLoopback: true }),
  appHandle: "test-client-id",
  policy: { sweepMs: 50, windowMs: 150, hourlyMs: 3_600_000, dailyMs: 86_400_000, retry: { baseDelayMs: 100, maxDelayMs: 300 } },
  now: () => new Date(),
};

/** The e-mail channel every test starts with: the test's SMTP server, with a login. */
const emailChannel = () => emailChannelOn(mail, { sender: "connector@demo-shop.example", recipients: ["ops@demo-shop.example"] });

const warehouseShop = useWarehouseShop({
  tables: ["job", "syncRun", "catalogueVariant", "providerSku", "warehouseStock", "alert", "alertMessage", "alertChannel"],
  async startAlso() {
    mail = await startMailServer();
    hook = await startHttpReceiver();
    return {
      async close() {
        await hook.close();
        await mail.stop();
      },
    };
  },
  async prepare({ db }) {
    mail.mails.length = 0;
    hook.posts.length = 0;
    await saveEmailChannel(db, DEMO_SHOP, emailChannel());
    await saveWebhookChannel(db, DEMO_SHOP, { enabled: true, schedule: "AT_ONCE", url: hook.url });
  },
  handlers(deps) {
    // As the app's worker has them: the catalogue's and the stock's jobs wait while Shopify refuses the shop.
    const pausable = withShopAccess(deps);
    const paused = <H extends Record<string, JobHandler<never>>>(handlers: H): H =>
      Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, pausable(handler)])) as H;
    return {
      ...paused({ ...catalogueHandlers(deps), ...stockHandlers(deps) }),
      ...shopAccessHandlers(deps),
      ...alertHandlers(() => alertDeps),
    };
  },
  started: ({ db }) => queueAlertSweep(db),
});
const db = () => warehouseShop().db;
const shopify = () => warehouseShop().shopify;

/** Every alert recorded went out in a message that was sent. */
const allSent = async () =>
  (await db().alertDelivery.count({ where: { messageId: null } })) === 0 &&
  (await db().alertMessage.count({ where: { status: "PENDING" } })) === 0;

/** The messages so far, once all recorded alerts are sent: as many e-mails as webhook posts. */
async function messagesSent(count: number, what: string): Promise<ReceivedMail[]> {
  await waitFor(async () => (await allSent()) && mail.mails.length >= count && hook.posts.length >= count, {
    timeoutMs: 15_000,
    what,
  });
  expect(hook.posts).toHaveLength(mail.mails.length);
  return [...mail.mails];
}

const webhookText = (index: number) => (hook.posts[index]?.body as { text: string }).text;

async function setShop(settings: { access?: "ok" | "frozen" | "locked"; scopes?: string[] }): Promise<void> {
  const response = await fetch(`${shopify().emulator.url}/__emulator/shops/${DEMO_SHOP}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`the emulator refused ${JSON.stringify(settings)}: ${response.status}`);
}

const finished = (runId: string) => runFinished(db(), runId);

describe("Shopify refusing the store", () => {
  it("is told once per pause, however often it is met, with Home's link and what to do; a later pause is told again", async () => {
    await setShop({ access: "frozen" });
    const firstRead = await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT");
    const [told] = await messagesSent(1, "the pause told");
    if (told === undefined) throw new Error("no mail");
    expect(mailSubject(told)).toBe("[demo-shop] Shopify refuses the app for your store: its work waits");
    const text = mailText(told);
    expect(text).toContain("the store is frozen (402: Shopify awaits the payment of a bill)");
    expect(text).toContain("What to do: Open the app in Shopify's admin, or settle what Shopify asks of the store");
    expect(text).toContain(`Open: ${ADMIN}/app\n`);
    expect(webhookText(0)).toContain("Shopify refuses the app for your store");

    // Noticed again: three checks ask Shopify and find it refusing, and a stock sync meets the pause.
    await queueStockSync(db(), DEMO_SHOP, new Date(), "MERCHANT");
    const checks = new Set<number>();
    await waitFor(
      async () => {
        const access = await shopifyAccessOf(db(), DEMO_SHOP);
        if (access?.checkAt) checks.add(access.checkAt.getTime());
        return checks.size >= 3;
      },
      { timeoutMs: 20_000, intervalMs: 20, what: "three checks of the refused shop" },
    );
    await waitFor(
      async () => (await db().job.count({ where: { kind: "stock.sync", status: "PENDING", lastError: { contains: "Paused: " } } })) > 0,
      { timeoutMs: 10_000, what: "the stock sync waiting, paused" },
    );
    await messagesSent(1, "nothing more sent");
    expect(await db().alert.count()).toBe(1);
    expect(mail.mails).toHaveLength(1);

    // Shopify answers again: the read resumes and ends. Locked later: a new pause, told again.
    await setShop({ access: "ok" });
    expect((await finished(firstRead)).status).toBe("DONE");
    await setShop({ access: "locked" });
    await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT");
    const [, again] = await messagesSent(2, "the second pause told");
    if (again === undefined) throw new Error("no second mail");
    expect(mailText(again)).toContain("Shopify has locked the store (423)");
    expect((await db().alert.findMany()).map((alert) => [alert.kind, alert.path])).toEqual([
      ["SHOP_PAUSED", "/app"],
      ["SHOP_PAUSED", "/app"],
    ]);
    await setShop({ access: "ok" });
  }, 60_000);
});

describe("a catalogue read Shopify could not do", () => {
  it("is told once per read, with the Products page's link and what to do; a later failed read is told again", async () => {
    // Shopify fails the bulk read of the variants when the app may no longer read products.
    await setShop({ scopes: ["read_orders"] });
    const runId = await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT");
    expect((await finished(runId)).status).toBe("FAILED");
    const [told] = await messagesSent(1, "the failed read told");
    if (told === undefined) throw new Error("no mail");
    expect(mailSubject(told)).toBe("[demo-shop] Shopify could not read your catalogue");
    const text = mailText(told);
    expect(text).toContain("Shopify could not read the catalogue (ACCESS_DENIED)");
    expect(text).toContain("What to do: Read it again on the Products page in a few minutes.");
    expect(text).toContain(`Open: ${ADMIN}/app/products\n`);
    expect(webhookText(0)).toContain(`${ADMIN}/app/products`);

    // The same read's job run again (a retry, a duplicate): the same event, not told again.
    const { jobId } = await enqueue(db(), { kind: "catalogue.read", shop: DEMO_SHOP, payload: { runId } });
    await waitFor(async () => (await db().job.findUnique({ where: { id: jobId } }))?.status === "DONE", {
      timeoutMs: 10_000,
      what: "the read's job run again",
    });
    await messagesSent(1, "nothing more sent");
    expect(await db().alert.count()).toBe(1);

    // The merchant reads it again later and it fails again: a new read, told again, the e-mail now
    // in Chinese, the run's summary said in it too (Shopify's code as Shopify gave it).
    await saveEmailChannel(db(), DEMO_SHOP, { ...emailChannel(), language: "zh-CN" });
    expect((await finished(await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT"))).status).toBe("FAILED");
    const [, toldInChinese] = await messagesSent(2, "the second failed read told");
    if (toldInChinese === undefined) throw new Error("no second mail");
    expect(mailText(toldInChinese)).toContain(zhCN.runSays.catalogueNotRead("ACCESS_DENIED"));
    expect(mailText(toldInChinese)).not.toContain("Shopify could not read the catalogue");
    expect(webhookText(1)).toContain("Shopify could not read the catalogue (ACCESS_DENIED)");
    expect((await db().alert.findMany()).map((alert) => [alert.kind, alert.path])).toEqual([
      ["CATALOGUE_READ_FAILED", "/app/products"],
      ["CATALOGUE_READ_FAILED", "/app/products"],
    ]);
  }, 60_000);
});

describe("a stock sync that needs the merchant", () => {
  /** Runs a sync now and waits until it (and any the catalogue read queued) is done. */
  async function syncNow(): Promise<void> {
    const before = await db().syncRun.count({ where: { kind: "STOCK_SYNC", status: "DONE" } });
    await queueStockSync(db(), DEMO_SHOP, new Date(), "MERCHANT");
    await waitFor(
      async () =>
        (await db().syncRun.count({ where: { kind: "STOCK_SYNC", status: "DONE" } })) > before &&
        (await db().job.count({
          where: { kind: "stock.sync", OR: [{ status: "RUNNING" }, { status: "PENDING", runAt: { lte: new Date(Date.now() + 60_000) } }] },
        })) === 0,
      { timeoutMs: 15_000, what: "the stock sync done" },
    );
  }

  async function readCatalogue(): Promise<void> {
    expect((await finished(await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT"))).status).toBe("DONE");
  }

  const skus = () => [...shopify().emulator.state.variants.values()];

  it("is told once while the same problems stand, with Stock's link and what to do; problems that come back after a clean sync are told again", async () => {
    const original = new Map(skus().map((variant) => [variant, variant.sku]));
    // No variant of the store is one of the provider's SKUs: the sync can write no stock.
    for (const variant of skus()) variant.sku = `SHOP-${variant.sku ?? ""}`;
    await readCatalogue();
    await syncNow();
    const [told] = await messagesSent(1, "the sync's problems told");
    if (told === undefined) throw new Error("no mail");
    expect(mailSubject(told)).toBe("[demo-shop] The stock sync needs you");
    const text = mailText(told);
    expect(text).toMatch(/No stock was written: the provider holds stock of \d+ SKUs, but none is the SKU of a variant in your store/);
    expect(text).toContain("What to do: Open Stock to see what was not written and why, correct it, then sync again.");
    expect(text).toContain(`Open: ${ADMIN}/app/stock\n`);

    // The next sync finds the same: not told again.
    await syncNow();
    await messagesSent(1, "nothing more sent");
    expect(await db().alert.count()).toBe(1);

    // Corrected: a clean sync, nothing told.
    for (const [variant, sku] of original) variant.sku = sku;
    await readCatalogue();
    await syncNow();
    // The sync the read queued and the merchant's may be one run (a sync already waiting takes the
    // later ask), which then writes the corrected stock: clean is that no problem is left, not how
    // many quantities it changed.
    const clean = await latestRun(db(), DEMO_SHOP, "STOCK_SYNC", { status: "DONE" });
    expect(clean?.message).toMatch(/^Stock synced: \d+ quantit(y|ies) changed, \d+ unchanged at 1 warehouse\.$/);
    expect(parseStockSyncResult(clean?.result ?? null)?.problemsFound).toBeNull();
    await messagesSent(1, "nothing more sent");

    // Broken again a while later: a new event, told again.
    for (const variant of skus()) variant.sku = `SHOP-${variant.sku ?? ""}`;
    await readCatalogue();
    await syncNow();
    const [, again] = await messagesSent(2, "the problems told again");
    if (again === undefined) throw new Error("no second mail");
    expect(mailSubject(again)).toBe("[demo-shop] The stock sync needs you");
    expect((await db().alert.findMany()).map((alert) => [alert.kind, alert.path])).toEqual([
      ["STOCK_SYNC_PROBLEMS", "/app/stock"],
      ["STOCK_SYNC_PROBLEMS", "/app/stock"],
    ]);
  }, 90_000);
});
