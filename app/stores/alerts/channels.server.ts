/**
 * A shop's alert channels (set in Settings > Notifications): e-mail over SMTP and a webhook taking
 * Slack-compatible JSON, each on its schedule. The SMTP password and the webhook's address (Slack's
 * carry their secret in the path) are sealed like the provider's credentials (envelope.server.ts,
 * decisions 0008 and 0014), the shop and the channel bound in so a copied row does not open.
 */
import type { AlertChannel } from "@prisma/client";
import { z } from "zod";
import { sayOf, type Say } from "~/lib/words/reason-said";
import type { DatabaseOrTransaction } from "../database/database.server";
import { EnvelopeError, keyIdOf, keysOf, open, seal, type KeyOption } from "../shops/envelope.server";
import type { ResealPage } from "../shops/provider-credentials.server";

export const ChannelName = z.enum(["EMAIL", "WEBHOOK"]);
export type ChannelName = z.infer<typeof ChannelName>;
/** At once (a few alerts close together are one message), or at most one message an hour or a day. */
export const AlertSchedule = z.enum(["AT_ONCE", "HOURLY", "DAILY"]);
export type AlertSchedule = z.infer<typeof AlertSchedule>;
/** STARTTLS on a plain connection (port 587), TLS from the start (465), or none (a relay on the same network). */
export const SmtpSecurity = z.enum(["STARTTLS", "TLS", "NONE"]);
export type SmtpSecurity = z.infer<typeof SmtpSecurity>;
/** The languages a channel's messages are written in (lib/words' catalogues). */
export const AlertLanguage = z.enum(["en", "zh-CN"]);
export type AlertLanguage = z.infer<typeof AlertLanguage>;

export const EmailSettings = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535),
  security: SmtpSecurity,
  /** Blank: the server takes mail without a login. */
  user: z.string(),
  sender: z.string().min(1),
  recipients: z.array(z.string().min(1)).min(1),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

/** What the page shows of a webhook without opening its address: where it goes. */
const WebhookSettings = z.object({ host: z.string() });

export interface ChannelState {
  enabled: boolean;
  schedule: AlertSchedule;
  language: AlertLanguage;
  failingSince: Date | null;
  lastError: string | null;
  /** The last failure's sentence, when the app said it (lib/words/channel-failure-said.ts says it again). */
  lastErrorSay: Say | null;
  lastSentAt: Date | null;
}

export interface AlertChannels {
  email: (ChannelState & { settings: EmailSettings | null; hasPassword: boolean }) | null;
  webhook: (ChannelState & { host: string }) | null;
}

const associatedData = (shop: string, channel: ChannelName) => `alert-channel v1 ${shop} ${channel}`;

function stateOf(row: AlertChannel): ChannelState {
  return {
    enabled: row.enabled,
    schedule: AlertSchedule.catch("AT_ONCE").parse(row.schedule),
    language: AlertLanguage.catch("en").parse(row.language),
    failingSince: row.failingSince,
    lastError: row.lastError,
    lastErrorSay: sayOf(row.lastErrorSay) ?? null,
    lastSentAt: row.lastSentAt,
  };
}

const settingsOf = <T>(schema: z.ZodType<T>, json: string): T | null => {
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The shop's channels as set (null: never set), without their secrets. */
export async function alertChannelsOf(db: DatabaseOrTransaction, shop: string): Promise<AlertChannels> {
  const rows = await db.alertChannel.findMany({ where: { shop } });
  const email = rows.find((row) => row.channel === "EMAIL");
  const webhook = rows.find((row) => row.channel === "WEBHOOK");
  return {
    email: email
      ? { ...stateOf(email), settings: settingsOf(EmailSettings, email.settings), hasPassword: email.secretCiphertext !== null }
      : null,
    webhook: webhook ? { ...stateOf(webhook), host: settingsOf(WebhookSettings, webhook.settings)?.host ?? "" } : null,
  };
}

export interface EmailChannelInput {
  enabled: boolean;
  schedule: AlertSchedule;
  /** The messages' language; left out, a new channel's are in English and a saved one's stay as set. */
  language?: AlertLanguage;
  settings: EmailSettings | null;
  /** A new password; undefined keeps the one saved, null forgets it. */
  password?: string | null;
}

export interface WebhookChannelInput {
  enabled: boolean;
  schedule: AlertSchedule;
  /** As for e-mail. */
  language?: AlertLanguage;
  /** A new address; undefined keeps the one saved. */
  url?: string;
}

function sealedOrKept(shop: string, channel: ChannelName, secret: string | null | undefined, options: KeyOption) {
  if (secret === undefined) return {};
  return { secretCiphertext: secret === null ? null : seal(keysOf(options), associatedData(shop, channel), secret) };
}

export async function saveEmailChannel(db: DatabaseOrTransaction, shop: string, input: EmailChannelInput, options: KeyOption = {}) {
  const data = {
    enabled: input.enabled,
    schedule: input.schedule,
    ...(input.language === undefined ? {} : { language: input.language }),
    settings: JSON.stringify(input.settings ?? {}),
    ...sealedOrKept(shop, "EMAIL", input.password, options),
  };
  await db.alertChannel.upsert({
    where: { shop_channel: { shop, channel: "EMAIL" } },
    create: { shop, channel: "EMAIL", ...data },
    update: data,
  });
}

export async function saveWebhookChannel(db: DatabaseOrTransaction, shop: string, input: WebhookChannelInput, options: KeyOption = {}) {
  const data = {
    enabled: input.enabled,
    schedule: input.schedule,
    ...(input.language === undefined ? {} : { language: input.language }),
    ...(input.url === undefined ? {} : { settings: JSON.stringify({ host: new URL(input.url).host }) }),
    ...sealedOrKept(shop, "WEBHOOK", input.url, options),
  };
  await db.alertChannel.upsert({
    where: { shop_channel: { shop, channel: "WEBHOOK" } },
    create: { shop, channel: "WEBHOOK", ...data },
    update: data,
  });
}

/** What a channel needs to send: its settings and its opened secret (null when it has none). */
export interface ChannelForSending {
  shop: string;
  channel: ChannelName;
  enabled: boolean;
  schedule: AlertSchedule;
  language: AlertLanguage;
  email: EmailSettings | null;
  secret: string | null;
}

/** The channel with its secret opened, for sending only; never for a page or a log. */
export async function channelForSending(
  db: DatabaseOrTransaction,
  shop: string,
  channel: ChannelName,
  options: KeyOption = {},
): Promise<ChannelForSending | null> {
  const row = await db.alertChannel.findUnique({ where: { shop_channel: { shop, channel } } });
  if (row === null) return null;
  return {
    shop,
    channel,
    enabled: row.enabled,
    schedule: AlertSchedule.catch("AT_ONCE").parse(row.schedule),
    language: AlertLanguage.catch("en").parse(row.language),
    email: channel === "EMAIL" ? settingsOf(EmailSettings, row.settings) : null,
    secret: row.secretCiphertext === null ? null : open(keysOf(options), associatedData(shop, channel), row.secretCiphertext),
  };
}

/** A message went: the channel works. */
export async function markChannelWorking(db: DatabaseOrTransaction, shop: string, channel: ChannelName, now: Date): Promise<void> {
  await db.alertChannel.updateMany({
    where: { shop, channel },
    data: { failingSince: null, lastError: null, lastErrorSay: null, lastSentAt: now },
  });
}

/**
 * A message did not go: since when the channel fails (kept from the first failure) and why, with
 * its sentence when the app said it (null: the server's own words, kept as they were).
 */
export async function markChannelFailing(
  db: DatabaseOrTransaction,
  shop: string,
  channel: ChannelName,
  failure: { message: string; say: Say | null },
  now: Date,
): Promise<void> {
  await db.alertChannel.updateMany({ where: { shop, channel, failingSince: null }, data: { failingSince: now } });
  await db.alertChannel.updateMany({
    where: { shop, channel },
    data: { lastError: failure.message.slice(0, 1_000), lastErrorSay: failure.say === null ? null : JSON.stringify(failure.say) },
  });
}

/**
 * Key rotation (decision 0014): re-seals with the current key a page of channels' secrets sealed
 * with an old one, compare and set (a save meanwhile wins), in (shop, channel) order after `after`
 * ("shop channel"). What no configured key opens stays as it is and is counted: such a channel
 * fails to send and says so on Home, and saving its secret again mends it.
 */
export async function resealAlertChannels(
  db: DatabaseOrTransaction,
  page: { after: string | null; limit: number },
  options: KeyOption = {},
): Promise<ResealPage> {
  const keys = keysOf(options);
  const [afterShop = "", afterChannel = ""] = page.after === null ? [] : page.after.split(" ");
  const rows = await db.alertChannel.findMany({
    where: {
      secretCiphertext: { not: null },
      NOT: { secretCiphertext: { startsWith: `v1.${keyIdOf(keys.current)}.` } },
      ...(page.after === null ? {} : { OR: [{ shop: { gt: afterShop } }, { shop: afterShop, channel: { gt: afterChannel } }] }),
    },
    select: { shop: true, channel: true, secretCiphertext: true },
    orderBy: [{ shop: "asc" }, { channel: "asc" }],
    take: page.limit,
  });
  let moved = 0;
  let unreadable = 0;
  for (const row of rows) {
    const sealed = row.secretCiphertext;
    const channel = ChannelName.safeParse(row.channel);
    if (sealed === null || !channel.success) continue;
    let secret: string;
    try {
      secret = open(keys, associatedData(row.shop, channel.data), sealed);
    } catch (error) {
      if (!(error instanceof EnvelopeError)) throw error;
      unreadable += 1;
      continue;
    }
    const { count } = await db.alertChannel.updateMany({
      where: { shop: row.shop, channel: row.channel, secretCiphertext: sealed },
      data: { secretCiphertext: seal(keys, associatedData(row.shop, channel.data), secret) },
    });
    moved += count;
  }
  const last = rows.at(-1);
  return { moved, unreadable, next: rows.length < page.limit || last === undefined ? null : `${last.shop} ${last.channel}` };
}
