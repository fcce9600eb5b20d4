/**
 * The envelope every secret the app stores is sealed in: AES-256-GCM with Node's crypto, with
 * associated data naming what the secret is and whose it is, so a sealed value copied to another row
 * or another shop does not open. Keys rotate: the current key seals, every configured key opens what
 * it sealed (found by the key id in the envelope), and the re-encryption job moves every row to the
 * current key. Format and why: docs/decisions/0008-provider-credentials-encrypted-at-rest.md and 0014.
 * The same keys make keyed digests of customer data the app compares but need not keep (decision 0038).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { credentialsKeys, env, type CredentialsKeys } from "~/env.server";

const FORMAT = "v1";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
/** GCM's full tag: Node would otherwise check a shortened one (4 bytes) against its first bytes. */
const TAG_BYTES = 16;

/** Names a key without revealing it, so "sealed with another key" can be told from "altered". */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("provider-credentials key id\0").update(key).digest("hex").slice(0, 12);
}

/** The keys a value may be sealed and opened with: the app's (PROVIDER_CREDENTIALS_KEY and its old keys) unless given. */
export interface KeyOption {
  /** One key that seals and opens (tests). */
  key?: Buffer;
  /** A key ring (tests of rotation). */
  keys?: CredentialsKeys;
}

export function keysOf(options: KeyOption = {}): CredentialsKeys {
  if (options.keys) return options.keys;
  if (options.key) return { current: options.key, all: [options.key] };
  return credentialsKeys(env);
}

/** Why a sealed value did not open. */
export class EnvelopeError extends Error {
  override readonly name = "EnvelopeError";
  constructor(
    readonly reason: "format" | "unknown-key" | "altered",
    /** The key id the envelope names, when it names one. */
    readonly keyId: string | null,
  ) {
    super(reason);
  }
}

export function seal(keys: CredentialsKeys, associatedData: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keys.current, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    FORMAT,
    keyIdOf(keys.current),
    iv.toString("base64url"),
    ciphertext.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

const ENVELOPE = /^v1\.([0-9a-f]{12})\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/;

/** The key id of a sealed value, or null when the text is not an envelope at all. */
export function sealedKeyId(text: string): string | null {
  return ENVELOPE.exec(text)?.[1] ?? null;
}

/** The value sealed with any of `keys` for `associatedData`; EnvelopeError otherwise. */
export function open(keys: CredentialsKeys, associatedData: string, sealed: string): string {
  const parts = sealed.split(".");
  const [format, keyId, iv, ciphertext, tag] = parts;
  if (parts.length !== 5 || format !== FORMAT || !keyId || !iv || ciphertext === undefined || !tag) throw new EnvelopeError("format", null);
  const key = keys.all.find((candidate) => keyIdOf(candidate) === keyId);
  if (key === undefined) throw new EnvelopeError("unknown-key", keyId);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // GCM's tag check: the text, the tag or what it was sealed for differ.
    throw new EnvelopeError("altered", keyId);
  }
}

/** The key ids configured, for messages: which key sealed a value that no configured key opens. */
export function configuredKeyIds(keys: CredentialsKeys): string {
  return keys.all.map(keyIdOf).join(", ");
}

const DIGEST_FORMAT = "d1";

/**
 * A keyed one-way digest of `text` for `purpose` (HMAC-SHA-256 under a key derived from the current
 * one): the same text gives the same digest under the same key, and without the key the digest tells
 * nothing of the text, which a plain hash of a name or a street would (they are easy to guess). It
 * names its key: digests made under different keys cannot be compared (digestKeyId).
 */
export function keyedDigest(keys: CredentialsKeys, purpose: string, text: string): string {
  const keyId = keyIdOf(keys.current);
  return [
    DIGEST_FORMAT,
    keyId,
    createHmac("sha256", digestKey(keys.current, keyId, purpose))
      .update(text, "utf8")
      .digest("base64url"),
  ].join(".");
}

/** Derived once per key and purpose: the intake makes a digest for every order event. */
const digestKeys = new Map<string, Buffer>();
function digestKey(key: Buffer, keyId: string, purpose: string): Buffer {
  const name = `${keyId}\0${purpose}`;
  let derived = digestKeys.get(name);
  if (derived === undefined) {
    derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `digest\0${purpose}`, 32));
    digestKeys.set(name, derived);
  }
  return derived;
}

/** The id of the key a digest was made with; null when the text is not a digest. */
export function digestKeyId(digest: string): string | null {
  return /^d1\.([0-9a-f]{12})\.[A-Za-z0-9_-]+$/.exec(digest)?.[1] ?? null;
}
