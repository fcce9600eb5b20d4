/**
 * Alerts on their way (decision 0044). The sweep looks at the outbox every little while and queues
 * a delivery for each channel whose alerts are due: at once (after a short window, so a burst is one
 * message), or at most one message an hour or a day. A delivery sends one message carrying every
 * alert waiting for its channel; a channel that is down keeps the message and gets it later, with
 * backoff, never a second message for the same alerts.
 */
import type { Database } from "~/stores/database/database.server";
import { RetryLater, type JobContext } from "~/jobs/handler";
import { backoffDelayMs, type BackoffPolicy } from "~/lib/backoff";
import { channelForSending, markChannelFailing, markChannelWorking, type ChannelName } from "~/stores/alerts/channels.server";
import {
  markMessageFailed,
  markMessageSent,
  messageToSend,
  stopAlerts,
  waitingChannels,
  type WaitingChannel,
} from "~/stores/alerts/outbox.server";
import { enqueue } from "../queue/jobs.server";
import { composeMessage } from "./compose";
import { channelFailureOf, type AlertSender } from "./send.server";

export interface AlertPolicy {
  /** Between two looks at the outbox. */
  sweepMs: number;
  /** How long an "at once" alert waits for others to go with it. */
  windowMs: number;
  hourlyMs: number;
  dailyMs: number;
  /** A channel that is down is tried again after this backoff, for as long as it takes. */
  retry: BackoffPolicy;
}

export const ALERT_POLICY: AlertPolicy = {
  sweepMs: 30_000,
  windowMs: 60_000,
  hourlyMs: 60 * 60_000,
  dailyMs: 24 * 60 * 60_000,
  retry: { baseDelayMs: 30_000, maxDelayMs: 60 * 60_000 },
};

/** The stack's and the demo's pace (PIPELINE_POLICY=fast), never a real shop's. */
export const FAST_ALERT_POLICY: AlertPolicy = {
  sweepMs: 1_000,
  windowMs: 2_000,
  hourlyMs: 60_000,
  dailyMs: 5 * 60_000,
  retry: { baseDelayMs: 1_000, maxDelayMs: 10_000 },
};

export interface AlertDeps {
  sender: AlertSender;
  /** The app's handle in admin links (its client id). */
  appHandle: string;
  policy: AlertPolicy;
  now(): Date;
  random?: () => number;
}

const SWEEP_KEY = "alerts.sweep";
export const deliveryKey = (shop: string, channel: ChannelName) => `alerts.deliver:${shop}:${channel}`;

/** Whether the channel's waiting alerts go now: their window passed, and its schedule allows a message. */
export function isDue(waiting: WaitingChannel, now: Date, policy: AlertPolicy): boolean {
  if (waiting.unsent) return true;
  if (now.getTime() - waiting.oldest.getTime() < policy.windowMs) return false;
  const every = waiting.schedule === "HOURLY" ? policy.hourlyMs : waiting.schedule === "DAILY" ? policy.dailyMs : 0;
  return waiting.lastSentAt === null || now.getTime() - waiting.lastSentAt.getTime() >= every;
}

/** alerts.sweep: a delivery queued per due channel (one live per channel), and the next sweep. */
export async function sweepAlerts(ctx: JobContext, deps: AlertDeps): Promise<void> {
  const now = deps.now();
  for (const waiting of await waitingChannels(ctx.db)) {
    if (!isDue(waiting, now, deps.policy)) continue;
    await enqueue(ctx.db, {
      kind: "alerts.deliver",
      shop: waiting.shop,
      payload: { shop: waiting.shop, channel: waiting.channel },
      dedupeKey: deliveryKey(waiting.shop, waiting.channel),
    });
  }
  await ctx.complete((tx) =>
    enqueue(tx, { kind: "alerts.sweep", payload: {}, dedupeKey: SWEEP_KEY, runAt: new Date(now.getTime() + deps.policy.sweepMs) }),
  );
}

/** Queued by each worker as it starts: runs now unless a sweep is already waiting or under way. */
export async function queueAlertSweep(db: Database): Promise<void> {
  await enqueue(db, { kind: "alerts.sweep", payload: {}, dedupeKey: SWEEP_KEY });
}

/** alerts.deliver: the channel's message sent once, or kept and tried again later. */
export async function deliverAlerts(ctx: JobContext, deps: AlertDeps, shop: string, channelName: ChannelName): Promise<void> {
  const now = deps.now();
  const installed = await ctx.db.shop.findUnique({ where: { domain: shop }, select: { uninstalledAt: true, timeZone: true } });
  const channel = await channelForSending(ctx.db, shop, channelName);
  // Uninstalled, or the channel turned off since: nothing more goes there.
  if (installed?.uninstalledAt != null || channel === null || !channel.enabled) {
    await ctx.complete((tx) => stopAlerts(tx, shop, channelName));
    return;
  }
  const message = await messageToSend(
    ctx.db,
    shop,
    channelName,
    // Dates in the shop's time zone as the admin last read it (flows/install/time-zone.server.ts).
    (alerts) => composeMessage(alerts, { shop, appHandle: deps.appHandle }, channel.language, installed?.timeZone ?? undefined),
    now,
  );
  if (message === null) return;
  try {
    await deps.sender.send(channel, { id: message.id, subject: message.subject, text: message.text });
  } catch (error) {
    const failure = channelFailureOf(error);
    const reason = failure.message;
    const failed = await ctx.db.$transaction(async (tx) => {
      await markChannelFailing(tx, shop, channelName, failure, now);
      return markMessageFailed(tx, message.id, reason);
    });
    const delay = backoffDelayMs(failed.attempts, deps.policy.retry, deps.random ?? Math.random);
    ctx.logger.warn(
      { shop, channel: channelName, attempts: failed.attempts, error: reason },
      "An alert message could not be sent; it is tried again later",
    );
    // Not an attempt of the job: a channel down for a day still gets its message, never DEAD.
    throw new RetryLater(new Date(now.getTime() + Math.max(delay, 1_000)), `The ${channelName} channel fails: ${reason}`);
  }
  await ctx.complete(async (tx) => {
    await markMessageSent(tx, message.id, deps.now());
    await markChannelWorking(tx, shop, channelName, deps.now());
  });
  ctx.logger.info({ shop, channel: channelName, alerts: message.alertCount }, "Alert message sent");
}
