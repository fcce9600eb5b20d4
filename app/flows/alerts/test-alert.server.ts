/**
 * "Send a test alert" on Settings > Notifications: one message now, through the same sender the
 * outbox uses, to the channel as saved; not through the outbox (nothing waits, nothing is retried),
 * and the channel's failing state and schedule are left to real messages.
 */
import { randomUUID } from "node:crypto";
import { channelForSending, type ChannelName } from "~/stores/alerts/channels.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { composeTestMessage } from "./compose";
import type { AlertDeps } from "./deliver.server";
import { channelFailureOf, type ChannelFailure } from "./send.server";

export type TestAlertOutcome = { sent: true } | { sent: false; error: ChannelFailure } | { sent: false; notSaved: true };

export async function sendTestAlert(
  db: DatabaseOrTransaction,
  shop: string,
  channelName: ChannelName,
  deps: Pick<AlertDeps, "sender" | "appHandle">,
): Promise<TestAlertOutcome> {
  const channel = await channelForSending(db, shop, channelName);
  if (channel === null) return { sent: false, notSaved: true };
  try {
    await deps.sender.send(channel, { id: randomUUID(), ...composeTestMessage({ shop, appHandle: deps.appHandle }, channel.language) });
    return { sent: true };
  } catch (error) {
    // The words the channel's failures are recorded in (deliver.server.ts), so Home and this answer agree.
    return { sent: false, error: channelFailureOf(error) };
  }
}
