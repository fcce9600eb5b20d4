/**
 * The body of a signed delivery (webhooks and the fulfillment-service callback), read the way a
 * stranger's request must be: bounded before the HMAC is known to be good (413, before anything is
 * written), the HMAC computed over the bytes as sent, and the JSON judged without anything that could
 * throw its way to a 500. Why: docs/decisions/0014-hardening-intake-keys-and-addresses.md.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Decision 0014: far above the largest real payload (an order of 500 lines with its refunds is about 2 MB). */
export const WEBHOOK_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** Shopify's payloads nest about 6 deep; JSON.stringify and the compliance report recurse, so depth is bounded well before the stack is. */
export const JSON_DEPTH_LIMIT = 64;

const refuse = (status: 413, statusText: string) => new Response(undefined, { status, statusText });

/**
 * The body's bytes, or a thrown 413 once more than `limit` bytes are declared or sent. The rest is
 * left unread here (cancelling the stream would destroy the socket before the 413 could be sent):
 * the server drops it and cuts the connection if the client goes on (server/serve.mjs).
 */
export async function readBoundedBody(request: Request, limit = WEBHOOK_BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw refuse(413, "Payload Too Large");
  if (request.body === null) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw refuse(413, "Payload Too Large");
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Constant-time, so the comparison does not tell an attacker how much of a forged HMAC was right. */
export function hmacMatches(secret: string, body: Buffer, hmac: string): boolean {
  const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("base64"));
  const given = Buffer.from(hmac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type ReadPayload = { ok: true; text: string; payload: unknown } | { ok: false; text: string; reason: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

/**
 * True when the JSON text opens more than `limit` arrays or objects inside each other (strings
 * skipped). A string is crossed with indexOf to its closing quote, not a character at a time: most
 * of an order's text is strings, and this runs on every delivery.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) i = closingQuote(text, i);
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** The index of the quote that closes the string opened at `open` (one not escaped), or the text's end. */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * The body as JSON, or why it cannot be read as such (the text is then what a person can read of it).
 * A signed body that is not UTF-8, not JSON, or nested deeper than JSON_DEPTH_LIMIT is Shopify's (or
 * signed with the app's secret) all the same: it is handed on as unreadable with the reason, for the
 * intake to keep REJECTED and answer 200, rather than thrown.
 */
export function readJsonPayload(body: Buffer): ReadPayload {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false, text: lenientUtf8.decode(body), reason: "The body is not UTF-8 text" };
  }
  if (nestedDeeperThan(text, JSON_DEPTH_LIMIT))
    return { ok: false, text, reason: `The body nests arrays or objects more than ${JSON_DEPTH_LIMIT} deep` };
  try {
    return { ok: true, text, payload: JSON.parse(text) };
  } catch (error) {
    return { ok: false, text, reason: `The body is not JSON (${short(error instanceof Error ? error.message : String(error))})` };
  }
}

/**
 * What is stored of a body that could not be read: how long it was. Such a body may still be an
 * order, and its customer's fields can neither be told apart nor found by redaction, so none of it
 * is kept (decision 0038); the receipt's reason says what was wrong with it.
 */
export function keptOfUnreadable(text: string): string {
  return `[${text.length} characters not kept: a body that cannot be read as JSON may hold customer data that cannot be told apart]`;
}
