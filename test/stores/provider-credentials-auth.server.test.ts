import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { useTestDatabase } from "../support/database";
import { codeChallengeOf, createProviderOAuth, newCodeVerifier, type ProviderOAuth } from "~/fulfilment";
import { authFromCredentials, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import { readProviderCredentials, saveProviderCredentials, type ProviderCredentials } from "~/stores/shops/provider-credentials.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
const key = randomBytes(32);
let sandbox: Sandbox;
let oauth: ProviderOAuth;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, log: () => {} });
  oauth = createProviderOAuth({
    baseUrl: sandbox.url,
    clientId: "connector",
    clientSecret: "secret",
    redirectUri: "http://127.0.0.1:9/provider-oauth/callback",
  });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await db.shop.deleteMany();
});

/** A fresh connection, as the callback stores it. */
async function connect(): Promise<ProviderCredentials> {
  const verifier = newCodeVerifier();
  const approved = await fetch(oauth.authorizationUrl({ state: "s", codeChallenge: codeChallengeOf(verifier) }), { redirect: "manual" });
  const code = new URL(approved.headers.get("Location") ?? "").searchParams.get("code") ?? "";
  await saveProviderCredentials(
    db,
    shop,
    { kind: "oauth", ...(await oauth.exchangeCode(code, verifier)), connectedAt: new Date() },
    { key },
  );
  const stored = await readProviderCredentials(db, shop, { key });
  if (stored === null) throw new Error("not stored");
  return stored;
}

describe("the stored credentials as the client's auth", () => {
  it("sends a static token as it is", async () => {
    const auth = authFromCredentials(db, shop, { kind: "staticToken", token: "pasted-token", savedAt: new Date() }, null, { key });
    expect(await auth.getAccessToken()).toBe("pasted-token");
  });

  it("refreshes an OAuth connection and stores the new pair before using it", async () => {
    const connected = await connect();
    if (connected.kind !== "oauth") throw new Error("not OAuth");
    const auth = authFromCredentials(db, shop, connected, oauth, { key });
    expect(await auth.getAccessToken()).toBe(connected.accessToken);

    auth.invalidate?.(connected.accessToken); // the provider said 401
    const renewed = await auth.getAccessToken();
    expect(renewed).not.toBe(connected.accessToken);
    const stored = await readProviderCredentials(db, shop, { key });
    expect(stored).toMatchObject({ kind: "oauth", accessToken: renewed, connectedAt: connected.connectedAt });
    expect(stored?.kind === "oauth" && stored.refreshToken).not.toBe(connected.refreshToken);
  });

  it("adopts the pair another process stored when the refresh token it holds is already spent", async () => {
    const connected = await connect();
    if (connected.kind !== "oauth") throw new Error("not OAuth");
    const here = authFromCredentials(db, shop, connected, oauth, { key });
    const elsewhere = authFromCredentials(db, shop, connected, oauth, { key });
    elsewhere.invalidate?.(connected.accessToken);
    const theirs = await elsewhere.getAccessToken();

    // This process refreshes with the spent refresh token: refused, then the stored pair is used.
    here.invalidate?.(connected.accessToken);
    expect(await here.getAccessToken()).toBe(theirs);
  });

  it("cannot renew an OAuth connection without the app's client, and says what to do", async () => {
    const connected = await connect();
    expect(() => authFromCredentials(db, shop, connected, null, { key })).toThrow(ProviderNotConnected);
    expect(() => authFromCredentials(db, shop, connected, null, { key })).toThrow(
      /PROVIDER_CLIENT_ID[\s\S]*Settings > Provider connection/,
    );
  });
});
