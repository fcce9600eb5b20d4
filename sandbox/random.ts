/**
 * Deterministic randomness. With `--seed` the same run gives the same ids, tokens, tracking numbers
 * and faults. Ids that must stay unique across restarts are derived from the seed plus the persisted
 * sequence number, never from a generator's position (which restarts with the process).
 */
import { createHash } from "node:crypto";

/** mulberry32: small, fast and good enough for choosing faults and ticket ids. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` decimal digits derived from the inputs. */
export function digitsFor(count: number, ...parts: (string | number)[]): string {
  let digits = "";
  for (let round = 0; digits.length < count; round++) {
    const hex = createHash("sha256")
      .update([...parts, round].join("|"))
      .digest("hex");
    for (let i = 0; i + 2 <= hex.length && digits.length < count; i += 2) {
      const byte = parseInt(hex.slice(i, i + 2), 16);
      // Bytes 250-255 would make 0-5 more likely than 6-9.
      if (byte < 250) digits += String(byte % 10);
    }
  }
  return digits;
}

/** An opaque token (authorization codes, access and refresh tokens) derived from the inputs. */
export function tokenFor(...parts: (string | number)[]): string {
  return createHash("sha256").update(parts.join("|")).digest("base64url").slice(0, 32);
}
