import { describe, expect, it } from "vitest";
import { createOAuthState, OAUTH_STATE_TTL_MS, verifyOAuthState } from "./provider-credentials-oauth-state.server";

const secret = "app-secret";
const shop = "a.myshopify.com";
const user = "42";
const now = Date.UTC(2026, 10, 22, 10);
const stored = async () => null;

describe("the OAuth state", () => {
  it("names the shop and the staff member it was made for", async () => {
    const state = createOAuthState({ shop, user, secret, currentCiphertext: null, now });
    await expect(verifyOAuthState(state, { secret, currentCiphertextOf: stored, now: now + 60_000 })).resolves.toEqual({ shop, user });
  });

  it("is refused when altered, signed with another secret, or late", async () => {
    const state = createOAuthState({ shop, user, secret, currentCiphertext: null, now });
    const [payload, signature] = state.split(".");
    const otherShop = Buffer.from(
      Buffer.from(payload ?? "", "base64url")
        .toString()
        .replace(shop, "b.myshopify.com"),
    ).toString("base64url");
    await expect(verifyOAuthState(`${otherShop}.${signature}`, { secret, currentCiphertextOf: stored, now })).rejects.toThrow(
      /not issued by the app/,
    );
    await expect(verifyOAuthState(state, { secret: "another", currentCiphertextOf: stored, now })).rejects.toThrow(/not issued by the app/);
    await expect(verifyOAuthState("garbage", { secret, currentCiphertextOf: stored, now })).rejects.toThrow(/not issued by the app/);
    await expect(verifyOAuthState(state, { secret, currentCiphertextOf: stored, now: now + OAUTH_STATE_TTL_MS + 1 })).rejects.toThrow(
      /expired/,
    );
  });

  it("is good once: after the credentials change it is refused", async () => {
    const state = createOAuthState({ shop, user, secret, currentCiphertext: "v1.old", now });
    await expect(verifyOAuthState(state, { secret, currentCiphertextOf: async () => "v1.old", now })).resolves.toEqual({ shop, user });
    await expect(verifyOAuthState(state, { secret, currentCiphertextOf: async () => "v1.new", now })).rejects.toThrow(/has been used/);
  });
});
