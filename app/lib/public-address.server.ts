/**
 * Requests to an address someone else typed in (a merchant's "provider address"), made so that the
 * address cannot reach inside: not loopback, not private ranges, not cloud metadata. A refusal is an
 * AddressRefused, raised before any connection is made: no request reaches a refused address, so no
 * error can echo what one answered. Why: docs/decisions/0014-hardening-intake-keys-and-addresses.md.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Words } from "./words";
import { publicAddress } from "./words/en/public-address";
import { saidFrom, sentenceIn, type NestedSaid, type Said } from "./words/reason-said";

/** A refusal of an address, in English and by its key (lib/words' `publicAddress`). */
export const addressSaid = saidFrom(publicAddress);

/**
 * The address is not one the app may send to; the message says why, naming no secret, and `said`
 * keeps the sentence, so a page says it in the admin's language.
 */
export class AddressRefused extends Error {
  override readonly name = "AddressRefused";
  constructor(readonly said: Said) {
    super(said.message);
  }
}

/** A host the resolver could not find (the DNS error checkAddress lets through), with its error's code when it gave one. */
export function hostNotFound(host: string, error: unknown): Said {
  return error instanceof Error && "code" in error
    ? addressSaid("notFound", host, String(error.code))
    : addressSaid("notFoundNoAnswer", host);
}

/** A refusal of an address in these words; its English when this version cannot say it. */
export function addressRefusalIn(words: Words, refusal: NestedSaid): string {
  return sentenceIn(words.publicAddress, refusal.say) ?? refusal.message;
}

export interface AddressPolicy {
  /** Plain http allowed (never in live mode). */
  allowHttp: boolean;
  /** Loopback allowed: the stack's sandbox on 127.0.0.1, nowhere else. */
  allowLoopback: boolean;
}

/** Ranges that are not the public internet (IANA special-purpose registries), loopback apart. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16], // link-local: cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7], // unique local: cloud metadata too (fd00:ec2::254)
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/**
 * Whether the app may connect to `address` under `policy`. BlockList judges an IPv4-mapped IPv6
 * address (`::ffff:7f00:1`, as URL writes `[::ffff:127.0.0.1]`) by the IPv4 rules and an IPv4
 * address by the mapped IPv6 rules: so no `::ffff:0:0/96` rule here, it would refuse all of IPv4.
 */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (loopback.check(address, family)) return policy.allowLoopback;
  return !notPublic.check(address, family);
}

export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The host as an IP literal (`[::1]` without brackets), or null for a name. */
function literalOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(bare) === 0 ? null : bare;
}

/**
 * Checks `url` under `policy` and returns the address to connect to (the first the host resolves
 * to, once every one is allowed). Throws AddressRefused, or the DNS error for a name that does not resolve.
 * The URL's scheme must be allowed (https only, unless told otherwise) and its host resolve to
 * public addresses only, every one of them (an IP literal is judged as it is).
 */
export async function checkAddress(url: URL, policy: AddressPolicy, lookup: Lookup = systemLookup): Promise<LookupAddress> {
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) {
    throw new AddressRefused(addressSaid("notHttps", url.origin));
  }
  if (url.username !== "" || url.password !== "") throw new AddressRefused(addressSaid("carriesLogin", url.host));
  const literal = literalOf(url.hostname);
  const addresses = literal === null ? await lookup(url.hostname) : [{ address: literal, family: isIP(literal) }];
  const refused = addresses.find((candidate) => !addressAllowed(candidate.address, policy));
  if (refused !== undefined) {
    throw new AddressRefused(
      literal === null ? addressSaid("resolvesToNotPublic", url.hostname, refused.address) : addressSaid("notPublic", url.hostname),
    );
  }
  const [first] = addresses;
  if (first === undefined) throw new AddressRefused(addressSaid("resolvesToNothing", url.hostname));
  return first;
}

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  lookup?: Lookup;
  /** Answers longer than this are cut off with an error (a provider's pages are a few hundred KB). */
  maxBodyBytes?: number;
}

/** A lookup that answers with the checked address whatever it is asked: the connection's address is the one checked. */
function pinned(address: LookupAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
}

function readAll(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy(new Error(`The answer is longer than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.once("end", () => resolve(Buffer.concat(chunks)));
    response.once("error", reject);
    // Aborted (the caller's deadline) or cut off: closed without an end, which must not hang the caller.
    response.once("close", () => {
      if (!response.complete) reject(new Error("The answer was cut off before its end"));
    });
  });
}

const headersOf = (response: IncomingMessage) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
};

/**
 * `fetch(url, init)` for string bodies (what the provider client sends), guarded: it checks the
 * address on every request and connects to the very address it checked (the lookup is pinned for
 * the connection, so a second DNS answer cannot switch it to another one), follows no redirect (a
 * 3xx comes back as it is, without its body), and reads at most `maxBodyBytes` of an answer.
 */
export function guardedFetch({
  policy,
  lookup = systemLookup,
  maxBodyBytes = 32 * 1024 * 1024,
}: GuardedFetchOptions): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const target = new URL(url);
    const address = await checkAddress(target, policy, lookup);
    const headers = new Headers(init.headers);
    const body = typeof init.body === "string" ? init.body : undefined;
    if (init.body != null && body === undefined) throw new TypeError("guardedFetch sends string bodies only");
    if (body !== undefined) headers.set("Content-Length", String(Buffer.byteLength(body)));
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = send(
        target,
        {
          method: init.method ?? "GET",
          headers: Object.fromEntries(headers),
          lookup: pinned(address),
          // The certificate is checked against the name typed in, not the address connected to.
          servername: literalOf(target.hostname) === null ? target.hostname : undefined,
          signal: init.signal ?? undefined,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          // Not followed, and its body not read: only the status and where it pointed say what happened.
          if (status >= 300 && status < 400) {
            response.resume();
            resolve(
              new Response(null, { status, headers: { ...(response.headers.location ? { Location: response.headers.location } : {}) } }),
            );
            return;
          }
          readAll(response, maxBodyBytes).then(
            (bytes) =>
              resolve(
                new Response(status === 204 || status === 304 ? null : new Uint8Array(bytes), { status, headers: headersOf(response) }),
              ),
            reject,
          );
        },
      );
      outgoing.once("error", reject);
      outgoing.end(body);
    });
  };
}
