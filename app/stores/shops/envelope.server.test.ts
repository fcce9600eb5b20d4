import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { digestKeyId, EnvelopeError, keyedDigest, keyIdOf, open, seal } from "./envelope.server";

const key = randomBytes(32);
const keys = { current: key, all: [key] };

/** The envelope with its GCM tag cut to `bytes` bytes (v1.keyId.iv.ciphertext.tag). */
function withTagOf(sealed: string, bytes: number): string {
  const parts = sealed.split(".");
  parts[4] = Buffer.from(parts[4] ?? "", "base64url")
    .subarray(0, bytes)
    .toString("base64url");
  return parts.join(".");
}

describe("the envelope", () => {
  it("opens what it sealed, for what it was sealed for only", () => {
    const sealed = seal(keys, "token of a.myshopify.com", "secret");
    expect(open(keys, "token of a.myshopify.com", sealed)).toBe("secret");
    expect(() => open(keys, "token of b.myshopify.com", sealed)).toThrow(EnvelopeError);
  });

  it("refuses a GCM tag shorter than 16 bytes, which Node would otherwise check on its first 4", () => {
    const sealed = seal(keys, "token of a.myshopify.com", "secret");
    for (const bytes of [4, 8, 12, 15]) {
      const truncated = withTagOf(sealed, bytes);
      expect(() => open(keys, "token of a.myshopify.com", truncated), `a ${bytes}-byte tag`).toThrow(
        expect.objectContaining({ reason: "altered" }),
      );
    }
  });
});

describe("keyed digests", () => {
  it("are equal for equal texts under one key and purpose, differ otherwise, and name their key but hold nothing of the text", () => {
    const address = "jane doe | 1 elm st | ottawa | on | k1a 0b1 | ca";
    const digest = keyedDigest(keys, "shipping address", address);
    expect(keyedDigest(keys, "shipping address", address)).toBe(digest);
    expect(keyedDigest(keys, "shipping address", address.replace("1 elm", "2 elm"))).not.toBe(digest);
    expect(keyedDigest(keys, "another purpose", address)).not.toBe(digest);
    const other = randomBytes(32);
    expect(keyedDigest({ current: other, all: [other, key] }, "shipping address", address)).not.toBe(digest);
    expect(digestKeyId(digest)).toBe(keyIdOf(key));
    expect(digest).not.toMatch(/jane|elm|ottawa/i);
    expect(digestKeyId("jane doe")).toBeNull();
  });
});
