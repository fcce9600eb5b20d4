/**
 * The alerts' outbox (decision 0044): each alert waits per channel until a message carries it. A
 * message is composed once, from everything waiting for its channel, with its words fixed then, so
 * a channel that is down gets the same message later and a burst of alerts is one message.
 */
import type { Alert, AlertMessage, Prisma } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { AlertSchedule, type ChannelName } from "./channels.server";

export interface WaitingChannel {
  shop: string;
  channel: ChannelName;
  schedule: AlertSchedule;
  /** When its oldest alert waiting was recorded. */
  oldest: Date;
  lastSentAt: Date | null;
  /** A message composed and not sent yet (its channel was down). */
  unsent: boolean;
}

/** The channels with alerts waiting or a message not sent yet, across shops (the sweep's work). */
export async function waitingChannels(db: DatabaseOrTransaction): Promise<WaitingChannel[]> {
  const waiting = await db.alertDelivery.groupBy({ by: ["shop", "channel"], where: { messageId: null }, _min: { createdAt: true } });
  const unsent = await db.alertMessage.findMany({ where: { status: "PENDING" }, select: { shop: true, channel: true, createdAt: true } });
  const keyOf = (shop: string, channel: string) => `${shop}\n${channel}`;
  const found = new Map<string, { shop: string; channel: string; oldest: Date; unsent: boolean }>();
  for (const row of waiting) found.set(keyOf(row.shop, row.channel), { ...row, oldest: row._min.createdAt ?? new Date(), unsent: false });
  for (const row of unsent) found.set(keyOf(row.shop, row.channel), { ...row, oldest: row.createdAt, unsent: true });
  if (found.size === 0) return [];
  const channels = await db.alertChannel.findMany({ where: { shop: { in: [...new Set([...found.values()].map((f) => f.shop))] } } });
  return [...found.values()].flatMap((entry) => {
    const row = channels.find((channel) => channel.shop === entry.shop && channel.channel === entry.channel);
    if (row === undefined || (row.channel !== "EMAIL" && row.channel !== "WEBHOOK")) return [];
    return [
      {
        shop: entry.shop,
        channel: row.channel,
        schedule: AlertSchedule.catch("AT_ONCE").parse(row.schedule),
        oldest: entry.oldest,
        lastSentAt: row.lastSentAt,
        unsent: entry.unsent,
      },
    ];
  });
}

export interface MessageWords {
  subject: string;
  text: string;
}

/**
 * The message to send to the channel: the one composed earlier and not sent yet, else a new one
 * carrying every alert waiting for the channel (`words` writes it from them, the oldest first).
 * Null when nothing waits.
 */
export function messageToSend(
  db: DatabaseOrTransaction,
  shop: string,
  channel: ChannelName,
  words: (alerts: readonly Alert[]) => MessageWords,
  now: Date,
): Promise<AlertMessage | null> {
  return inTransaction(db, async (tx) => {
    const unsent = await tx.alertMessage.findFirst({ where: { shop, channel, status: "PENDING" }, orderBy: { createdAt: "asc" } });
    if (unsent !== null) return unsent;
    const waiting = await tx.alertDelivery.findMany({
      where: { shop, channel, messageId: null },
      include: { alert: true },
      orderBy: { createdAt: "asc" },
    });
    if (waiting.length === 0) return null;
    const { subject, text } = words(waiting.map((delivery) => delivery.alert));
    const message = await tx.alertMessage.create({
      data: { shop, channel, status: "PENDING", subject, text, alertCount: waiting.length, createdAt: now },
    });
    await tx.alertDelivery.updateMany({
      where: { id: { in: waiting.map((delivery) => delivery.id) }, messageId: null },
      data: { messageId: message.id },
    });
    return message;
  });
}

/** The message went: its text is not kept (it may name orders), the alerts it carried are done. */
export async function markMessageSent(db: DatabaseOrTransaction, messageId: string, now: Date): Promise<void> {
  await db.alertMessage.updateMany({ where: { id: messageId, status: "PENDING" }, data: { status: "SENT", text: "", sentAt: now } });
}

export async function markMessageFailed(db: DatabaseOrTransaction, messageId: string, error: string): Promise<AlertMessage> {
  return db.alertMessage.update({ where: { id: messageId }, data: { attempts: { increment: 1 }, lastError: error.slice(0, 1_000) } });
}

/**
 * Nothing more goes to the shop's channels: what waits is forgotten and a message not sent yet is
 * dropped. The app was uninstalled, or the merchant turned the channel off.
 */
export async function stopAlerts(db: DatabaseOrTransaction, shop: string, channel?: ChannelName): Promise<number> {
  return inTransaction(db, async (tx) => {
    const where = { shop, ...(channel ? { channel } : {}) };
    const { count } = await tx.alertDelivery.deleteMany({ where: { ...where, messageId: null } });
    const dropped = await tx.alertMessage.updateMany({ where: { ...where, status: "PENDING" }, data: { status: "DROPPED", text: "" } });
    return count + dropped.count;
  });
}

/**
 * customers/redact: the alerts about the customer's orders are erased, and a message not sent yet
 * that carried one is composed again without it (its other alerts wait again). Sent messages keep no
 * text. The number of alerts erased.
 */
export function eraseAlertsOfOrders(db: DatabaseOrTransaction, shop: string, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return Promise.resolve(0);
  return eraseAlerts(db, { shop, orderId: { in: [...orderIds] } });
}

/** eraseAlertsOfOrders for the alerts of jobs that gave up (their reason may quote the customer's data). */
export function eraseAlertsOfJobs(db: DatabaseOrTransaction, shop: string, jobIds: readonly string[]): Promise<number> {
  if (jobIds.length === 0) return Promise.resolve(0);
  return eraseAlerts(db, { shop, OR: jobIds.map((id) => ({ key: { startsWith: `job:${id}:` } })) });
}

function eraseAlerts(db: DatabaseOrTransaction, where: Prisma.AlertWhereInput): Promise<number> {
  return inTransaction(db, async (tx) => {
    const alerts = await tx.alert.findMany({ where, select: { id: true } });
    if (alerts.length === 0) return 0;
    const ids = alerts.map((alert) => alert.id);
    const carriers = await tx.alertDelivery.findMany({
      where: { alertId: { in: ids }, message: { status: "PENDING" } },
      select: { messageId: true },
    });
    const messageIds = [...new Set(carriers.flatMap((row) => (row.messageId === null ? [] : [row.messageId])))];
    // Deleting the message puts its other alerts back in the outbox (messageId set null).
    if (messageIds.length > 0) await tx.alertMessage.deleteMany({ where: { id: { in: messageIds }, status: "PENDING" } });
    const { count } = await tx.alert.deleteMany({ where: { id: { in: ids } } });
    return count;
  });
}
