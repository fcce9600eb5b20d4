/**
 * Sending one alert message: by e-mail (nodemailer over SMTP) or to a webhook as Slack-compatible
 * JSON (`{"text": …}`). Both addresses are the merchant's input, so both are held to the provider
 * address's rules (lib/public-address.server.ts): public addresses only, pinned per connection, no
 * redirects; the webhook https only.
 */
import nodemailer from "nodemailer";
import { checkAddress, guardedFetch, type AddressPolicy, type Lookup } from "~/lib/public-address.server";
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

/** Why a channel cannot send, in words for the merchant (no secret in them). */
export class ChannelRefused extends Error {
  override readonly name = "ChannelRefused";
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
        if (channel.secret === null) throw new ChannelRefused("no webhook address is saved");
        const response = await post(channel.secret, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text: `*${message.subject}*\n\n${message.text}` }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (response.status >= 300 && response.status < 400)
          throw new ChannelRefused(`the webhook redirects (${response.status}), which is not followed`);
        if (!response.ok) throw new ChannelRefused(`the webhook answered ${response.status}`);
        return;
      }
      const email = channel.email;
      if (email === null) throw new ChannelRefused("no mail server is saved");
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
