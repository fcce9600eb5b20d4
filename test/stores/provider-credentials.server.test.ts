import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { textIn } from "~/lib/words/reason-said";
import { zhCN } from "~/lib/words/zh-CN";
import {
  credentialsSummary,
  forgetProviderCredentials,
  readCredentialsSummary,
  readProviderCredentials,
  saveProviderCredentials,
  saveRefreshedTokens,
  UnreadableProviderCredentials,
  type ProviderCredentials,
} from "~/stores/shops/provider-credentials.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
const key = randomBytes(32);
const TOKEN = "sk_live_9f8e7d6c5b4a39281706abcd";

const oauth: ProviderCredentials = {
  kind: "oauth",
  accessToken: "access-token-one-0123456789",
  accessTokenExpiresAt: new Date("2026-11-22T12:00:00Z"),
  accessTokenIssuedAt: new Date("2026-11-22T10:00:00Z"),
  refreshToken: "refresh-token-one-0123456789",
  refreshTokenExpiresAt: new Date("2026-12-22T10:00:00Z"),
  customerId: "C-1001",
  connectedAt: new Date("2026-11-22T10:00:00Z"),
};

const stored = async () => (await db.shop.findUniqueOrThrow({ where: { domain: shop } })).providerCredentialsCiphertext ?? "";

beforeEach(async () => {
  await db.shop.deleteMany();
});

describe("provider credentials at rest", () => {
  it("read back as saved, a static token and an OAuth connection alike", async () => {
    expect(await readProviderCredentials(db, shop, { key })).toBeNull();
    const token: ProviderCredentials = { kind: "staticToken", token: TOKEN, savedAt: new Date("2026-11-20T08:00:00Z") };
    await saveProviderCredentials(db, shop, token, { key });
    expect(await readProviderCredentials(db, shop, { key })).toEqual(token);
    await saveProviderCredentials(db, shop, oauth, { key });
    expect(await readProviderCredentials(db, shop, { key })).toEqual(oauth);
    await forgetProviderCredentials(db, shop);
    expect(await readProviderCredentials(db, shop, { key })).toBeNull();
  });

  it("leave no secret, nor any recognisable part of one, in the stored column", async () => {
    await saveProviderCredentials(db, shop, { kind: "staticToken", token: TOKEN, savedAt: new Date() }, { key });
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    for (const needle of [
      TOKEN,
      TOKEN.slice(-8),
      "staticToken",
      Buffer.from(TOKEN).toString("base64").slice(0, 12),
      Buffer.from(TOKEN).toString("base64url").slice(0, 12),
    ]) {
      expect(sealed).not.toContain(needle);
    }
    await saveProviderCredentials(db, shop, oauth, { key });
    const sealedOAuth = await stored();
    for (const needle of [oauth.accessToken, oauth.refreshToken ?? "", "C-1001", "refresh"]) expect(sealedOAuth).not.toContain(needle);
    // Sealed again, the same credentials look different (a fresh IV each time).
    await saveProviderCredentials(db, shop, oauth, { key });
    expect(await stored()).not.toBe(sealedOAuth);
  });

  it("refuse altered ciphertext with a clear error, naming no secret", async () => {
    await saveProviderCredentials(db, shop, { kind: "staticToken", token: TOKEN, savedAt: new Date() }, { key });
    const [format, keyId, iv, ciphertext, tag] = (await stored()).split(".");
    const flipped = Buffer.from(ciphertext ?? "", "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    await db.shop.update({
      where: { domain: shop },
      data: { providerCredentialsCiphertext: [format, keyId, iv, flipped.toString("base64url"), tag].join(".") },
    });
    const read = readProviderCredentials(db, shop, { key });
    await expect(read).rejects.toThrow(UnreadableProviderCredentials);
    await expect(read).rejects.toThrow(
      /have been altered or belong to another shop\. Connect the provider again in Settings > Provider connection/,
    );
    const summary = await readCredentialsSummary(db, shop, { key });
    expect(summary).toMatchObject({ kind: "unreadable" });
    // Settings > Provider connection says why in the admin's language.
    if (summary.kind !== "unreadable") throw new Error("expected unreadable credentials");
    expect(textIn(zhCN.jobErrors, summary)).toBe(zhCN.jobErrors.credentialsAltered(shop));
  });

  it("do not open for another shop: a row copied elsewhere is refused", async () => {
    await saveProviderCredentials(db, shop, oauth, { key });
    await db.shop.create({ data: { domain: "b.myshopify.com", providerCredentialsCiphertext: await stored() } });
    await expect(readProviderCredentials(db, "b.myshopify.com", { key })).rejects.toThrow(
      /b\.myshopify\.com have been altered or belong to another shop/,
    );
  });

  it("say so when read with another key than they were saved with", async () => {
    await saveProviderCredentials(db, shop, oauth, { key });
    const read = readProviderCredentials(db, shop, { key: randomBytes(32) });
    await expect(read).rejects.toThrow(
      /were encrypted with another key \(key id [0-9a-f]{12}; PROVIDER_CREDENTIALS_KEY is key id [0-9a-f]{12}\)/,
    );
  });

  it("keep refreshed tokens, unless the merchant connected again meanwhile", async () => {
    await saveProviderCredentials(db, shop, oauth, { key });
    const next = {
      accessToken: "access-token-two-0123456789",
      accessTokenExpiresAt: new Date("2026-11-22T14:00:00Z"),
      accessTokenIssuedAt: new Date("2026-11-22T12:00:00Z"),
      refreshToken: "refresh-token-two-0123456789",
      refreshTokenExpiresAt: new Date("2026-12-22T12:00:00Z"),
      customerId: null,
    };
    expect(await saveRefreshedTokens(db, shop, oauth.refreshToken, next, { key })).toBe(true);
    expect(await readProviderCredentials(db, shop, { key })).toEqual({ ...oauth, ...next, customerId: "C-1001" });
    // A late refresh from the first pair does not overwrite the newer one.
    expect(await saveRefreshedTokens(db, shop, oauth.refreshToken, { ...next, accessToken: "stale" }, { key })).toBe(false);
    expect(await readProviderCredentials(db, shop, { key })).toMatchObject({ accessToken: next.accessToken });
  });

  it("are summarised for the settings page without the token", () => {
    const savedAt = new Date("2026-11-20T08:00:00Z");
    expect(credentialsSummary({ kind: "staticToken", token: TOKEN, savedAt })).toEqual({
      kind: "staticToken",
      since: savedAt.toISOString(),
      tokenEnding: "abcd",
    });
    expect(credentialsSummary({ kind: "staticToken", token: "short-token", savedAt })).toEqual({
      kind: "staticToken",
      since: savedAt.toISOString(),
      tokenEnding: null,
    });
    expect(JSON.stringify(credentialsSummary(oauth))).not.toContain("token-one");
  });
});
