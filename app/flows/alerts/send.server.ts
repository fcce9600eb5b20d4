/**
 * Sending one alert message: by e-mail (nodemailer over SMTP) or to a webhook as Slack-compatible
 * JSON (`{"text": …}`). Both addresses are the merchant's input, so both are held to the provider
 * address's rules (lib/public-address.server.ts): public addresses only, pinned per connection, no
 * redirects; the webhook https only.
 */
import nodemailer from "nodemailer";
import { describeError } from "~/lib/log.server";
import { AddressRefused, checkAddress, guardedFetch, type AddressPolicy, type Lookup } from "~/lib/public-address.server";
import { channelRefusals } from "~/lib/words/en/channel-refusals";
import { saidFrom, type Said, type Say } from "~/lib/words/reason-said";
import type { ChannelForSending } from "~/stores/alerts/channels.server";

/** Longest a send may take: a slow server is a failure, tried again later. */
const SEND_TIMEOUT_MS = 15_000;

export interface OutgoingMessage {
  /** Names the message, so a receiver that sees it twice can tell (e-mail's Message-ID). */
  id: string;
  subject: string;
  text: string;
}

export interface AlertSender {
  send(channel: ChannelForSending, message: OutgoingMessage): Promise<void>;
}

const refusal = saidFrom(channelRefusals);

/** Why a channel cannot send, as a sentence for the merchant (no secret in it). */
export class ChannelRefused extends Error {
  override readonly name = "ChannelRefused";
  constructor(readonly said: Said) {
    super(said.message);
  }
}

/**
 * Why a send failed, as the channel records it: the app's own refusals keep their sentence (said
 * again in the reader's language: lib/words/channel-failure-said.ts); what a mail server or the
 * network said is kept in its own words.
 */
export interface ChannelFailure {
  message: string;
  say: Say | null;
}

export function channelFailureOf(error: unknown): ChannelFailure {
  if (error instanceof ChannelRefused || error instanceof AddressRefused) return { message: error.said.message, say: error.said.say };
  return { message: describeError(error, 500), say: null };
}

/**
 * Where the app may send alerts: `policy` says whether plain http and loopback are allowed (the
 * stack's and the tests' receivers on 127.0.0.1; never in a deployment).
 */
export function alertSender(policy: AddressPolicy, lookup?: Lookup): AlertSender {
  const post = guardedFetch({ policy, ...(lookup ? { lookup } : {}), maxBodyBytes: 64 * 1024 });
  return {
    async send(channel, message) {
      if (channel.channel === "WEBHOOK") {
        if (channel.secret === null) throw new ChannelRefused(refusal("noWebhookAddress"));
        const response = await post(channel.secret, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text: `*${message.subject}*\n\n${message.text}` }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (response.status >= 300 && response.status < 400) throw new ChannelRefused(refusal("webhookRedirects", String(response.status)));
        if (!response.ok) throw new ChannelRefused(refusal("webhookAnswered", String(response.status)));
        return;
      }
      const email = channel.email;
      if (email === null) throw new ChannelRefused(refusal("noMailServer"));
      // Checked as an https address would be (the scheme aside), then connected to as checked.
      const address = await checkAddress(new URL(`https://${email.host}`), { ...policy, allowHttp: true }, lookup);
      const transport = nodemailer.createTransport({
        host: address.address,
        port: email.port,
        secure: email.security === "TLS",
        requireTLS: email.security === "STARTTLS",
        ignoreTLS: email.security === "NONE",
        // The certificate is checked against the name typed in, not the address connected to.
        tls: { servername: email.host },
        ...(email.user !== "" ? { auth: { user: email.user, pass: channel.secret ?? "" } } : {}),
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      });
      try {
        await transport.sendMail({
          from: email.sender,
          to: email.recipients,
          subject: message.subject,
          text: message.text,
          messageId: `<alert-${message.id}@${email.host}>`,
        });
      } finally {
        transport.close();
      }
    },
  };
}
