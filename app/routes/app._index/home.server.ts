/**
 * What Home shows: the setup steps, each read from the real state (not ticked by hand), and the
 * counts a merchant checks every morning.
 */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { needsAttention } from "~/stores/shipments/needs-attention.server";
import { readCredentialsSummary } from "~/stores/shops/provider-credentials.server";
import { shopifyAccessOf } from "~/stores/shops/shopify-access.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { monthOf } from "~/connector/shipping-costs";
import { channelFailureText } from "~/lib/words/channel-failure-said";
import { shippingCostMonths } from "~/stores/shipments/shipping-cost-months.server";
import { formatterFor, type Formatter } from "~/lib/format";
import { wordsFor } from "~/lib/words";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { PLANNING_JOB_KINDS, workDueSoon } from "~/jobs/admin.server";
import { parseStockSyncResult } from "~/stores/stock/stock-sync-result";
import { runSayOf } from "~/stores/catalogue/run-say";
import { sayOf, textIn } from "~/lib/words/reason-said";

export interface SetupStep {
  id: "provider" | "warehouses" | "skus" | "stock" | "firstOrder";
  title: string;
  done: boolean;
  /** What is there now, or what is missing. */
  detail: string;
  /** The page that does it. */
  url: string;
  action: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** The jobs that move the setup guide on by themselves: a warehouse's location, the catalogue read, the stock sync. */
const SETUP_JOB_KINDS = ["install.fulfillment-services", "catalogue.read", "stock.sync"] as const;
/** Setup work due within this is "under way" for Home, which keeps asking until it ran. */
const SETUP_DUE_MS = 2 * 60_000;

/** Home for a shop, its words, numbers, money and dates in the admin's language (`format`'s locale). */
export async function homeOf(db: DatabaseOrTransaction, shop: string, now = new Date(), format: Formatter = formatterFor()) {
  const words = wordsFor(format.locale).home;
  const settings = await getShopSettings(db, shop);
  const connection = await readCredentialsSummary(db, shop);
  const warehouses = settings.warehouses.filter((warehouse) => warehouse.enabled);
  const located = warehouses.filter((warehouse) => warehouse.shopifyLocationId !== null);
  const [
    variantsWithSku,
    registered,
    lastStockSync,
    latestStockRun,
    latestRead,
    shipped,
    needAttention,
    inProgress,
    deliveredThisWeek,
    setupDue,
  ] = await Promise.all([
    db.catalogueVariant.count({ where: { shop, sku: { not: null } } }),
    db.providerSku.count({ where: { shop } }),
    db.syncRun.findFirst({
      where: { shop, kind: "STOCK_SYNC", status: "DONE" },
      orderBy: { finishedAt: "desc" },
      select: { startedAt: true, finishedAt: true, message: true, result: true },
    }),
    latestRun(db, shop, "STOCK_SYNC"),
    latestRun(db, shop, "CATALOGUE_READ"),
    db.shipment.count({ where: { shop, state: { in: ["FULFILLED", "DELIVERED"] } } }),
    db.shipment.count({ where: needsAttention(shop) }),
    db.shipment.count({ where: { shop, state: { in: ["READY", "SUBMITTED", "CREATED"] } } }),
    db.shipment.count({ where: { shop, state: "DELIVERED", deliveredAt: { gte: new Date(now.getTime() - 7 * DAY_MS) } } }),
    // Setup work about to run (a location being created, a read or sync), or orders being planned:
    // the guide and the counts change when it runs. A sync on its schedule, hours away, is not.
    workDueSoon(db, shop, [...SETUP_JOB_KINDS, ...PLANNING_JOB_KINDS], { now, withinMs: SETUP_DUE_MS }),
  ]);

  const connected = settings.mode === "sandbox" || connection.kind === "staticToken" || connection.kind === "oauth";
  const steps: SetupStep[] = [
    {
      id: "provider",
      title: words.provider.title,
      done: connected,
      detail:
        settings.mode === "sandbox" ? words.provider.sandbox : connected ? words.provider.liveConnected : words.provider.liveNotConnected,
      url: "/app/settings/provider",
      action: words.provider.action,
    },
    {
      id: "warehouses",
      title: words.warehouses.title,
      done: located.length > 0,
      detail:
        warehouses.length === 0
          ? words.warehouses.none
          : words.warehouses.located(
              warehouses.length,
              format.number(located.length),
              format.number(warehouses.length),
              located.length < warehouses.length,
            ),
      url: "/app/settings/routing",
      action: words.warehouses.action,
    },
    {
      id: "skus",
      title: words.skus.title,
      done: variantsWithSku > 0 && registered > 0,
      detail: variantsWithSku === 0 ? words.skus.notRead : words.skus.known(format.number(registered), format.number(variantsWithSku)),
      url: "/app/products",
      action: words.skus.action,
    },
    {
      id: "stock",
      title: words.stock.title,
      ...stockStep({
        located: located.length,
        lastSync: lastStockSync,
        syncing: latestStockRun?.status === "RUNNING" || latestRead?.status === "RUNNING",
        readSince: latestRead !== null && lastStockSync !== null && latestRead.startedAt > lastStockSync.startedAt,
        format,
      }),
      url: "/app/stock",
      action: words.stock.action,
    },
    {
      id: "firstOrder",
      title: words.firstOrder.title,
      done: shipped > 0,
      detail: shipped > 0 ? words.firstOrder.shipped(shipped, format.number(shipped)) : words.firstOrder.notYet,
      url: "/app/shipments",
      action: words.firstOrder.action,
    },
  ];
  return {
    shopifyAccess: await shopifyAccessNotice(db, shop, format),
    failingChannels: await failingAlertChannels(db, shop, format),
    shippingCosts: await shippingCostsPerMonth(db, shop, now, format),
    steps,
    counts: { needAttention, inProgress, deliveredThisWeek },
    // Something Home shows is moving by itself: a read, a sync, shipments on their way.
    inFlight: inProgress > 0 || setupDue || latestStockRun?.status === "RUNNING" || latestRead?.status === "RUNNING",
    lastStockSyncAt: lastStockSync?.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The stock step is done when the last sync wrote the provider's stock and read it back from
 * Shopify matching, for every variant it wrote for: checked, not assumed. A sync under way, a
 * catalogue read since, a mismatch or nothing to sell keep it open, each saying why.
 */
export function stockStep(input: {
  located: number;
  lastSync: { finishedAt: Date | null; message: string | null; result: string | null } | null;
  syncing: boolean;
  readSince: boolean;
  format?: Formatter;
}): { done: boolean; detail: string } {
  const { lastSync } = input;
  const format = input.format ?? formatterFor();
  const words = wordsFor(format.locale).home.stock;
  if (input.located === 0) return { done: false, detail: words.noWarehouse };
  if (input.syncing || input.readSince) return { done: false, detail: words.underWay };
  const result = parseStockSyncResult(lastSync?.result ?? null);
  if (lastSync === null || result === null) return { done: false, detail: words.notSynced };
  const stocked = result.warehouses.reduce((total, w) => total + w.stocked, 0);
  const checked = result.warehouses.reduce((total, w) => total + w.checked, 0);
  const mismatched = result.warehouses.reduce((total, w) => total + w.mismatched, 0);
  const providerUnits = result.warehouses.reduce((total, w) => total + w.providerUnits, 0);
  const at = lastSync.finishedAt ? words.checkedAt(format.dateTime(lastSync.finishedAt)) : "";
  if (mismatched > 0) return { done: false, detail: words.differ(format.number(mismatched), format.number(checked), at) };
  if (stocked === 0)
    return {
      done: false,
      // The sync's own account of why it wrote nothing, in the admin's words (as stored by an older sync).
      detail:
        providerUnits === 0
          ? words.noneAtProvider(at)
          : lastSync.message === null
            ? words.noneGiven
            : textIn(wordsFor(format.locale).runSays, { message: lastSync.message, say: runSayOf(lastSync.result) }),
    };
  const warehouses = result.warehouses.length;
  return { done: true, detail: words.holds(stocked, format.number(stocked), warehouses, format.number(warehouses), at) };
}

/** How many months Home shows the shipping costs of, this one included. */
const COST_MONTHS = 6;

/**
 * The shipping costs the provider reported, summed per month (UTC) of the report and per currency,
 * newest month first, the last COST_MONTHS months: read from the months kept as costs are written
 * (shipping-cost-months.server.ts), not from every shipment of those months.
 */
async function shippingCostsPerMonth(db: DatabaseOrTransaction, shop: string, now: Date, format: Formatter) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (COST_MONTHS - 1), 1));
  const months = await shippingCostMonths(db, shop, monthOf(since));
  return months.map((month) => ({
    month: month.month,
    shipments: month.shipments,
    total: month.totals.map(({ amount, currency }) => format.money(amount, currency)).join(" + "),
  }));
}

/** Home's banner while Shopify refuses the app for the shop: what happened, since when, what waits, what to do. */
export interface ShopifyAccessNotice {
  tone: "critical" | "warning";
  title: string;
  body: string;
  /** Jobs of the shop waiting for Shopify (nothing is lost meanwhile). */
  waiting: number;
}

async function shopifyAccessNotice(db: DatabaseOrTransaction, shop: string, format: Formatter): Promise<ShopifyAccessNotice | null> {
  const access = await shopifyAccessOf(db, shop);
  if (access === null) return null;
  const words = wordsFor(format.locale).home;
  const since = format.dateTime(access.since);
  const waiting = await db.job.count({ where: { shop, status: "PENDING", lastError: { contains: "Paused: " } } });
  const next = access.checkAt ? words.askAgainAt(format.time(access.checkAt)) : "";
  switch (access.unavailable) {
    case "REVOKED":
      return {
        tone: "critical",
        title: words.revokedTitle,
        body: words.revokedBody(since),
        waiting,
      };
    case "FROZEN":
      return {
        tone: "warning",
        title: words.frozenTitle,
        body: words.frozenBody(since, next),
        waiting,
      };
    case "LOCKED":
      return {
        tone: "warning",
        title: words.lockedTitle,
        body: words.lockedBody(since, next),
        waiting,
      };
  }
}

/** Home's banner while an alert channel fails: which, since when, what it last said (the outbox keeps its messages). */
export interface FailingChannel {
  channel: string;
  title: string;
  body: string;
}

async function failingAlertChannels(db: DatabaseOrTransaction, shop: string, format: Formatter): Promise<FailingChannel[]> {
  const rows = await db.alertChannel.findMany({
    where: { shop, enabled: true, failingSince: { not: null } },
    orderBy: { channel: "asc" },
    select: { channel: true, failingSince: true, lastError: true, lastErrorSay: true },
  });
  const all = wordsFor(format.locale);
  const words = all.home;
  // The app's refusal in the admin's words; the mail server's or the network's as they were said.
  const why = (row: (typeof rows)[number]) =>
    row.lastError === null
      ? words.noReasonGiven
      : channelFailureText(all, { message: row.lastError, say: sayOf(row.lastErrorSay) ?? null });
  return rows.map((row) => ({
    channel: row.channel,
    title: row.channel === "EMAIL" ? words.emailFailing : words.webhookFailing,
    body: words.channelFailing(format.dateTime(row.failingSince ?? new Date()), why(row)),
  }));
}
