/**
 * Where the tests' alerts arrive: a real SMTP server (smtp-server) and a real HTTP receiver, both
 * on loopback, each keeping what it was sent; the receiver can be told to fail, the mail server
 * can be stopped and started again on the same port.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { ChannelRefused, channelFailureOf, type ChannelFailure } from "~/flows/alerts/send.server";
import { channelRefusals } from "~/lib/words/en/channel-refusals";
import { saidFrom } from "~/lib/words/reason-said";
import type { EmailChannelInput } from "~/stores/alerts/channels.server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  user: string | null;
}

export interface MailServer {
  port: number;
  mails: ReceivedMail[];
  /** The logins it accepted, user and password. */
  logins: { user: string; password: string }[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startMailServer(credentials = { user: "alerts", password: "s3cret-pass" }): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const logins: { user: string; password: string }[] = [];
  let port = 0;
  let server: SMTPServer;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to make, so the tests' channel says security NONE.
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ user: auth.username ?? "", password: auth.password ?? "" });
        if (auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            user: typeof session.user === "string" ? session.user : null,
          });
          callback();
        });
      },
    });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    mails,
    logins,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: listen,
  };
}

export interface ReceivedPost {
  contentType: string | undefined;
  body: unknown;
}

export interface HttpReceiver {
  url: string;
  posts: ReceivedPost[];
  /** The status it answers with (200 unless told otherwise); failed posts are not kept. */
  status: number;
  close(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const receiver = { posts: [] as ReceivedPost[], status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (receiver.status === 200)
        receiver.posts.push({ contentType: request.headers["content-type"], body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      response.writeHead(receiver.status).end(receiver.status === 200 ? "ok" : "unavailable");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A mail's body as text (quoted-printable soft breaks joined, =XX decoded). */
export function mailText(mail: ReceivedMail): string {
  const split = mail.raw.indexOf("\r\n\r\n");
  const body = mail.raw.slice(split + 4);
  // Text mostly outside ASCII (Chinese) is sent as base64, the rest as quoted-printable.
  if (/^Content-Transfer-Encoding: base64/im.test(mail.raw.slice(0, split)))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8").replace(/\r\n/g, "\n");
  return body
    .replace(/=\r\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"))
    .replace(/\r\n/g, "\n");
}

/** The subject as a mail client shows it: folded lines joined, RFC 2047 words (`=?UTF-8?Q?…?=`, `?B?`) decoded. */
export function mailSubject(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail.raw)?.[1]?.replace(/\r\n[ \t]/g, " ") ?? "";
  const encoded = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;
  // Space between two encoded words is folding, not text: the decoded bytes are joined, then read as UTF-8.
  return header.replace(/(?:=\?utf-8\?[QB]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(encoded)].map(([, kind, text = ""]) =>
      kind?.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ),
    );
    return Buffer.concat(bytes).toString("utf8") + (/\s$/.test(run) ? " " : "");
  });
}

/**
 * An e-mail channel on this SMTP server with the login it expects (startMailServer's default), at
 * once, from `sender` to `recipients`: what each alert test starts with.
 */
export function emailChannelOn(mail: MailServer, addresses: { sender: string; recipients: string[] }): EmailChannelInput {
  return {
    enabled: true,
    schedule: "AT_ONCE",
    settings: { host: "127.0.0.1", port: mail.port, security: "NONE", user: "alerts", ...addresses },
    password: "s3cret-pass",
  };
}

/** How a channel records a webhook that answered `status`: the app's own refusal, kept as its sentence. */
export function webhookAnswered(status: number): ChannelFailure {
  return channelFailureOf(new ChannelRefused(saidFrom(channelRefusals)("webhookAnswered", String(status))));
}
