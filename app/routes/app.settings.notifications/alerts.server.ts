/**
 * The alert channels on Settings > Notifications, on the server: what the page shows of them (never
 * a secret), what only the server can check (a webhook to turn on with no address saved, whether an
 * address is public), and saving them through the channels' store.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import prisma from "~/db.server";
import { alertChannelsOf, saveEmailChannel, saveWebhookChannel, type AlertChannels } from "~/stores/alerts/channels.server";
import { alertAddressRefusal } from "~/wiring/alerts.server";
import { addressRefusalIn } from "~/lib/public-address.server";
import type { Words } from "~/lib/words";
import type { NestedSaid } from "~/lib/words/reason-said";
import { channelFailureText } from "~/lib/words/channel-failure-said";
import { alertsFields, type AlertChannelsView, type AlertsValues } from "./alerts-form";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function alertChannelsView(shop: string, words: Words): Promise<AlertChannelsView> {
  const { email, webhook } = await alertChannelsOf(prisma, shop);
  const state = (channel: NonNullable<AlertChannels["email"] | AlertChannels["webhook"]>) => ({
    enabled: channel.enabled,
    schedule: channel.schedule,
    language: channel.language,
    failingSince: iso(channel.failingSince),
    // The app's refusal in the admin's words; a server's own as it said it.
    lastError: channel.lastError === null ? null : channelFailureText(words, { message: channel.lastError, say: channel.lastErrorSay }),
    lastSentAt: iso(channel.lastSentAt),
  });
  return {
    webhook: webhook ? { ...state(webhook), host: webhook.host } : null,
    email: email
      ? {
          ...state(email),
          host: email.settings?.host ?? "",
          port: email.settings ? String(email.settings.port) : "",
          security: email.settings?.security ?? "STARTTLS",
          user: email.settings?.user ?? "",
          sender: email.settings?.sender ?? "",
          recipients: email.settings?.recipients.join(", ") ?? "",
          hasPassword: email.hasPassword,
        }
      : null,
  };
}

/** The checked alert fields, or errors at them; `save` stores them (nothing when the page sent none). */
export type AlertsReading = { ok: true; save: () => Promise<void> } | { ok: false; fieldErrors: Record<string, string[]> };

export async function readAlertChannels(shop: string, form: FormData, words: Words): Promise<AlertsReading> {
  const submission = parseWithZod(form, { schema: z.object({ alerts: alertsFields(words) }), disableAutoCoercion: true });
  // The page's form was checked whole before (form.ts): a failure here is one that check reported.
  if (submission.status !== "success") return { ok: false, fieldErrors: {} };
  const values = submission.value.alerts;
  if (values === undefined) return { ok: true, save: async () => {} };
  const stored = await alertChannelsOf(prisma, shop);
  const fieldErrors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (fieldErrors[`alerts.${field}`] = [message]);
  // An address the app may not send to, said in the admin's language (the address as typed).
  const refuseAddress = (field: string, refusal: NestedSaid | null) => refusal && refuse(field, addressRefusalIn(words, refusal));

  const { webhook, email } = values;
  if (webhook.url !== null) {
    refuseAddress("webhook.url", await alertAddressRefusal(new URL(webhook.url)));
  } else if (webhook.enabled && stored.webhook?.host === undefined) {
    refuse("webhook.url", words.notifications.errors.requiredForWebhook);
  }
  if (email.host !== null) {
    refuseAddress("email.host", await alertAddressRefusal(new URL(`https://${email.host}`), { mailServer: true }));
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, save: () => saveChannels(shop, values, stored) };
}

async function saveChannels(shop: string, { webhook, email }: AlertsValues, stored: AlertChannels): Promise<void> {
  // A channel never set up and left off and blank is not written: there is nothing to keep.
  if (stored.webhook !== null || webhook.enabled || webhook.url !== null)
    await saveWebhookChannel(prisma, shop, {
      enabled: webhook.enabled,
      schedule: webhook.schedule,
      language: webhook.language,
      ...(webhook.url === null ? {} : { url: webhook.url }),
    });
  const emailSet = email.host !== null && email.port !== null && email.sender !== null && email.recipients.length > 0;
  if (stored.email !== null || emailSet)
    await saveEmailChannel(prisma, shop, {
      enabled: email.enabled,
      schedule: email.schedule,
      language: email.language,
      settings: emailSet
        ? {
            host: email.host ?? "",
            port: email.port ?? 587,
            security: email.security,
            user: email.user,
            sender: email.sender ?? "",
            recipients: email.recipients,
          }
        : null,
      // No login: a saved password is forgotten; blank: kept; typed: replaced.
      password: email.user === "" ? null : email.password === "" ? undefined : email.password,
    });
}
