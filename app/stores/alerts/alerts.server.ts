/**
 * Alerts: what needs the merchant, recorded once per event in the transaction that caused it, and
 * put in the outbox of each channel the shop has turned on (decision 0044). Recording knows no
 * words: a message's words are written when it is composed (lib/words' alerts, in the language of the channel it goes to).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { chunks } from "~/lib/chunks";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "../database/database.server";
import type { DetailSay } from "./detail-say";

export const ALERT_KINDS = [
  "SHIPMENT_HELD",
  "SHIPMENT_FAILED",
  "SHIPMENT_ENDED",
  "CHANGED_AFTER_SENDING",
  "JOB_DEAD",
  "CATALOGUE_READ_FAILED",
  "STOCK_SYNC_PROBLEMS",
  "SHOP_PAUSED",
  "PROVIDER_UNREACHABLE",
  "PROVIDER_REFUSED",
] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export interface NewAlert {
  shop: string;
  /** What makes the event the same one when it is noticed again: at most one alert per shop and key. */
  key: string;
  kind: AlertKind;
  /** The admin page where it is fixed, as the app's own path ("/app/shipments/<id>"). */
  path: string;
  orderId?: string | null;
  orderName?: string | null;
  /** The reason as the app recorded it (a hold's reasons, the provider's refusal); never personal data. */
  detail: string;
  /** The sentences `detail` was made from, when it was, so a message says it in its channel's language. */
  detailSay?: DetailSay | null;
}

/** Longest reason kept: a message lists the first few alerts, not their essays. */
export const ALERT_DETAIL_MAX = 1_000;
/** Rows per INSERT: 10 arguments each, well under SQLite's limit of 32,766. */
const ROWS_PER_STATEMENT = 200;

const Inserted = z.array(z.object({ id: z.string() }));

/**
 * Records the alerts whose key the shop has not had yet, and queues each for every channel the
 * shop has turned on; the number recorded. Nothing when no channel is on, or once the app is
 * uninstalled from the shop.
 */
export function recordAlerts(db: DatabaseOrTransaction, alerts: readonly NewAlert[], now = new Date()): Promise<number> {
  if (alerts.length === 0) return Promise.resolve(0);
  return inTransaction(db, async (tx) => {
    let recorded = 0;
    const byShop = new Map<string, NewAlert[]>();
    for (const alert of alerts) byShop.set(alert.shop, [...(byShop.get(alert.shop) ?? []), alert]);
    for (const [shop, ofShop] of byShop) {
      const channels = await tx.alertChannel.findMany({ where: { shop, enabled: true }, select: { channel: true } });
      // Nobody to tell: nothing kept (an alert is for sending, not a second Needs attention).
      if (channels.length === 0) continue;
      const row = await tx.shop.findUnique({ where: { domain: shop }, select: { uninstalledAt: true } });
      if (row?.uninstalledAt != null) continue;
      for (const batch of chunks(ofShop, ROWS_PER_STATEMENT)) {
        const values = batch.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
        const args = batch.flatMap((alert) => [
          randomUUID(),
          shop,
          alert.key,
          alert.kind,
          alert.path,
          alert.orderId ?? null,
          alert.orderName ?? null,
          alert.detail.slice(0, ALERT_DETAIL_MAX),
          alert.detailSay ? JSON.stringify(alert.detailSay) : null,
          now,
        ]);
        // A key the shop had already is the same event noticed again: nothing new, and no error
        // that would roll back the caller's transaction (PostgreSQL aborts it on a violation).
        const inserted = Inserted.parse(
          await tx.$queryRawUnsafe(
            sqlFor(
              tx,
              `INSERT INTO "Alert" ("id", "shop", "key", "kind", "path", "orderId", "orderName", "detail", "detailSay", "createdAt") VALUES ${values}
               ON CONFLICT ("shop", "key") DO NOTHING RETURNING "id"`,
            ),
            ...args,
          ),
        );
        recorded += inserted.length;
        if (inserted.length > 0)
          await tx.alertDelivery.createMany({
            data: inserted.flatMap(({ id }) => channels.map(({ channel }) => ({ shop, alertId: id, channel, createdAt: now }))),
          });
      }
    }
    return recorded;
  });
}

export function recordAlert(db: DatabaseOrTransaction, alert: NewAlert, now = new Date()): Promise<number> {
  return recordAlerts(db, [alert], now);
}

/** The shop's latest alerts, newest first (the Notifications page lists them). */
export function latestAlerts(db: DatabaseOrTransaction, shop: string, take = 10) {
  return db.alert.findMany({ where: { shop }, orderBy: { createdAt: "desc" }, take });
}
