/**
 * The merchant's Settings page in the built app, over HTTP as the embedded admin reaches it: it
 * loads the shop's settings and Shopify locations, saves a valid form whole, refuses an invalid one
 * field by field and saves nothing, never sends the API token back, shows nothing of another
 * shop, refuses a request without a session token, and connects the provider through its login
 * (the sandbox's OAuth endpoints) with a state that works once.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parkProviderAnswer } from "~/stores/shops/provider-credentials-connection.server";
import { createOAuthState } from "~/stores/shops/provider-credentials-oauth-state.server";
import { readProviderCredentials, saveProviderCredentials } from "~/stores/shops/provider-credentials.server";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { MERCHANT_LOCATION } from "../emulator/seed";
import { useStack } from "../support/stack";
import { adminData, adminDocument, BROWSER_USER_AGENT, sessionToken } from "./support";

// The app's OAuth client at the provider (the sandbox accepts any); the app processes inherit them.
process.env.PROVIDER_CLIENT_ID = "connector-test-client";
process.env.PROVIDER_CLIENT_SECRET = "connector-test-secret";

const stack = useStack({ worker: false });

const ROUTE = "routes/app.settings";
const OTHER_SHOP = "other-shop.myshopify.com";
const TOKEN = "sk_live_settings_test_4c1d9e0b7a2f";

const LoaderData = z.object({
  form: z.object({ mode: z.string(), dropShip: z.object({ handlingLocation: z.string() }) }).loose(),
  connection: z.object({ kind: z.string() }).loose(),
  locations: z.array(z.object({ id: z.string(), name: z.string(), fulfillmentService: z.boolean() })),
});
const Answer = z.object({
  ok: z.boolean(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});

async function studioId(): Promise<string> {
  const response = await adminData(stack(), "/app/settings", ROUTE);
  const studio = LoaderData.parse(await response.json()).locations.find((location) => location.name === MERCHANT_LOCATION);
  if (!studio) throw new Error(`the demo shop has no ${MERCHANT_LOCATION}`);
  return studio.id;
}

/** A complete, valid settings form, as the page submits it. */
const validForm = (studio: string): Record<string, string> => ({
  intent: "save",
  mode: "live",
  providerBaseUrl: "",
  "warehouses.0.warehouseId": "US01",
  "warehouses.0.enabled": "on",
  "warehouses.0.defaultService": "US01-EXP",
  "warehouses.0.byCountry.0.country": "US",
  "warehouses.0.byCountry.0.service": "US01-STD",
  "dropShip.enabled": "on",
  "dropShip.handlingLocation": "SZ-HUB",
  "dropShip.merchantLocationIds": studio,
  "dropShip.defaultService": "DE01-EXP",
  "customs.declareNameEn": "Home goods",
  "customs.hsCode": "691200",
  "customs.declaredValueCurrency": "PRESENTMENT",
  "taxIds.ioss": "IM2760000001",
  "taxIds.euVatNumber": "",
  "taxIds.ukVatNumber": "GB123456789",
  "skus.strict": "on",
  "skuDefaults.lengthCm": "20",
  "skuDefaults.widthCm": "15.5",
  "skuDefaults.heightCm": "8",
  "skuDefaults.declaredValueFrom": "COST",
  "stockSync.enabled": "on",
  "stockSync.intervalMinutes": "30",
  codGatewayNames: "Pay at the door",
  pushPolicy: "holdForReview",
});

/** The page's whole HTML (scripts included: they carry the loader's data), as the admin first loads it. */
async function rawDocument(path: string): Promise<string> {
  const s = stack();
  const url = new URL(path, s.appUrl);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", s.shop);
  url.searchParams.set("host", Buffer.from(`admin.shopify.com/store/${s.shop.replace(".myshopify.com", "")}`).toString("base64url"));
  url.searchParams.set("id_token", sessionToken(s.shop, s.apiKey, s.apiSecret));
  const response = await fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the settings page", () => {
  it("loads the shop's settings, its connection and its Shopify locations, and renders every section", async () => {
    const s = stack();
    const response = await adminData(s, "/app/settings", ROUTE);
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const data = LoaderData.parse(await response.json());
    expect(data.form.mode).toBe("sandbox");
    expect(data.connection).toEqual({ kind: "none" });
    expect(data.locations).toContainEqual(expect.objectContaining({ name: MERCHANT_LOCATION, fulfillmentService: false }));

    const page = await adminDocument(s, "/app/settings");
    expect(page.status).toBe(200);
    for (const section of [
      "Provider connection",
      "Routing",
      "Warehouses",
      "Drop-ship",
      "Customs and tax numbers",
      "SKUs",
      "Cash on delivery",
      "Notifications",
      "Push policy",
    ]) {
      expect(page.text).toContain(section);
    }
    expect(page.text).toContain("Not connected");
  });

  it("saves a valid form whole, and queues the warehouses' fulfillment services", async () => {
    const s = stack();
    const studio = await studioId();
    const response = await adminData(s, "/app/settings", ROUTE, { form: validForm(studio) });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    expect(Answer.parse(await response.json())).toMatchObject({ ok: true, message: "Settings saved." });

    expect(await getShopSettings(s.db, s.shop)).toMatchObject({
      mode: "live",
      warehouses: [{ warehouseId: "US01", enabled: true, services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" } } }],
      dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [studio], services: { defaultService: "DE01-EXP", byCountry: {} } },
      customs: { declareNameEn: "Home goods", hsCode: "691200" },
      taxIds: { ioss: "IM2760000001", euVatNumber: null, ukVatNumber: "GB123456789" },
      skus: { strict: true, bySku: {} },
      skuDefaults: { size: { lengthCm: 20, widthCm: 15.5, heightCm: 8 }, declaredValueFrom: "COST" },
      stockSync: { enabled: true, intervalMinutes: 30 },
      codGatewayNames: ["Pay at the door"],
      notifyCustomer: false,
      pushPolicy: "holdForReview",
    });
    expect(await s.db.job.count({ where: { shop: s.shop, kind: "install.fulfillment-services" } })).toBe(1);

    // And the page shows what was saved.
    const page = await adminDocument(s, "/app/settings");
    expect(page.text).toContain("Warehouse US01");
    expect(page.text).toContain("created by the app after you save");
  });

  it("refuses an invalid form field by field, naming each field, and saves nothing", async () => {
    const s = stack();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null;
    const response = await adminData(s, "/app/settings", ROUTE, {
      form: {
        ...validForm(await studioId()),
        "warehouses.0.byCountry.0.service": "US01 STD",
        "taxIds.ioss": "IM12",
        "skuDefaults.widthCm": "",
        "stockSync.intervalMinutes": "2",
        mode: "sandbox",
      },
    });
    expect(response.status).toBe(400);
    const answer = Answer.parse(await response.json());
    expect(answer).toMatchObject({ ok: false, message: "The settings were not saved: correct the fields below." });
    expect(answer.errors).toEqual([
      {
        field: "warehouses.0.byCountry.0.service",
        label: "Service for US (warehouse US01)",
        message: "may contain only letters, digits, hyphen (-) and underscore (_)",
      },
      { field: "taxIds.ioss", label: "IOSS number", message: "must be IM followed by 10 digits" },
      { field: "stockSync.intervalMinutes", label: "Sync every (minutes)", message: "must be at least 5" },
      { field: "skuDefaults.widthCm", label: "Default width", message: "is required with the other two sizes" },
    ]);
    expect((await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null).toBe(before);
  });

  it("refuses a provider address that reaches inside (loopback, private, link-local, metadata) or plain http in live mode, naming the field, and saves nothing", async () => {
    const s = stack();
    const studio = await studioId();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null;
    const refusal = async (mode: string, address: string) => {
      const response = await adminData(s, "/app/settings", ROUTE, { form: { ...validForm(studio), mode, providerBaseUrl: address } });
      expect(response.status, `${mode} ${address}`).toBe(400);
      const answer = Answer.parse(await response.json());
      expect(answer.message).toBe("The settings were not saved: correct the fields below.");
      expect(answer.errors?.map(({ field, label }) => ({ field, label }))).toEqual([
        { field: "providerBaseUrl", label: "Provider address" },
      ]);
      return answer.errors?.[0]?.message ?? "";
    };
    expect(await refusal("live", "https://169.254.169.254/latest/meta-data/")).toBe(
      "169.254.169.254 is not a public internet address (live mode sends your provider token only to a public https address)",
    );
    expect(await refusal("live", "https://10.0.0.5/")).toContain("10.0.0.5 is not a public internet address");
    expect(await refusal("live", "https://[::ffff:192.168.1.1]:8443/")).toContain("is not a public internet address");
    expect(await refusal("live", "https://localhost:4010/")).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), which is not a public internet address/,
    );
    // The stack's own sandbox on loopback: not in live mode (http, loopback), whatever the stack allows.
    expect(await refusal("live", s.sandboxUrl)).toBe(
      `${new URL(s.sandboxUrl).origin} is not an https address: only https is allowed here (live mode sends your provider token only to a public https address)`,
    );
    expect(await refusal("live", "http://api.example.com/")).toContain("is not an https address");
    // Sandbox mode: http is allowed, the inside still is not.
    expect(await refusal("sandbox", "http://169.254.169.254/")).toBe("169.254.169.254 is not a public internet address");
    expect(await refusal("sandbox", "http://192.168.0.10:4010/")).toBe("192.168.0.10 is not a public internet address");
    expect((await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null).toBe(before);

    // In the stack (and only there: the Shopify emulator is configured), sandbox mode may use the sandbox on loopback.
    const saved = await adminData(s, "/app/settings", ROUTE, {
      form: { ...validForm(studio), mode: "sandbox", providerBaseUrl: s.sandboxUrl },
    });
    expect(saved.status, s.logs().slice(-3_000)).toBe(200);
    expect(await getShopSettings(s.db, s.shop)).toMatchObject({ mode: "sandbox", providerBaseUrl: s.sandboxUrl });
  });

  it("checks the stored provider address again when it connects: one written past the form is refused before any request", async () => {
    const s = stack();
    // Saved before the check existed, or by a name that resolved elsewhere then: the app refuses it when it connects.
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: "http://169.254.169.254/" });
    const response = await adminData(s, "/app/settings", ROUTE, { form: { intent: "suggestServices" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const { suggestions } = z.object({ suggestions: z.object({ problem: z.string().nullable() }) }).parse(await response.json());
    expect(suggestions.problem).toBe(
      "The provider address in Settings > Provider connection cannot be used: 169.254.169.254 is not a public internet address. Correct it, then retry.",
    );
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: null });
  });

  it("stores the API token encrypted and never sends it back, in data or page", async () => {
    const s = stack();
    const response = await adminData(s, "/app/settings", ROUTE, { form: { intent: "saveToken", token: TOKEN } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answerText = await response.text();
    expect(answerText).not.toContain(TOKEN);
    expect(Answer.parse(JSON.parse(answerText))).toMatchObject({ ok: true });

    const row = await s.db.shop.findUniqueOrThrow({ where: { domain: s.shop } });
    expect(row.providerCredentialsCiphertext).not.toContain(TOKEN);
    expect(await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey })).toMatchObject({ kind: "staticToken", token: TOKEN });

    const data = await (await adminData(s, "/app/settings", ROUTE)).text();
    expect(data).not.toContain(TOKEN);
    expect(data).not.toContain(TOKEN.slice(0, -4));
    const html = await rawDocument("/app/settings");
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain(TOKEN.slice(0, -4));
    const page = await adminDocument(s, "/app/settings");
    expect(page.text).toMatch(/Connected with an API token since \d{4}-\d\d-\d\d \d\d:\d\d UTC \(token ending 7a2f\)/);

    // A token with spaces is refused, naming the field, and the saved one stays.
    const bad = await adminData(s, "/app/settings", ROUTE, { form: { intent: "saveToken", token: "two words" } });
    expect(bad.status).toBe(400);
    expect(Answer.parse(await bad.json()).errors).toEqual([
      { field: "token", label: "API token", message: "may contain only letters, digits and symbols, without spaces" },
    ]);
    expect(await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey })).toMatchObject({ token: TOKEN });
  });

  it("shows nothing of another shop's settings or connection, and leaves them alone", async () => {
    const s = stack();
    await saveShopSettings(s.db, OTHER_SHOP, {
      mode: "live",
      dropShip: { handlingLocation: "OTHER-HUB", merchantLocationIds: ["gid://shopify/Location/999"] },
    });
    await saveProviderCredentials(
      s.db,
      OTHER_SHOP,
      { kind: "staticToken", token: "other-shop-token-0123456zqxw", savedAt: new Date() },
      { key: s.credentialsKey },
    );
    const otherBefore = await s.db.shop.findUniqueOrThrow({ where: { domain: OTHER_SHOP } });

    const data = await (await adminData(s, "/app/settings", ROUTE)).text();
    expect(data).not.toContain("OTHER-HUB");
    expect(data).not.toContain("zqxw");
    const saved = await adminData(s, "/app/settings", ROUTE, {
      form: { ...validForm(await studioId()), "dropShip.handlingLocation": "MINE-HUB" },
    });
    expect(saved.status).toBe(200);
    const disconnected = await adminData(s, "/app/settings", ROUTE, { form: { intent: "disconnect" } });
    expect(disconnected.status).toBe(200);

    const otherAfter = await s.db.shop.findUniqueOrThrow({ where: { domain: OTHER_SHOP } });
    expect(otherAfter.settings).toBe(otherBefore.settings);
    expect(otherAfter.providerCredentialsCiphertext).toBe(otherBefore.providerCredentialsCiphertext);
    expect((await getShopSettings(s.db, s.shop)).dropShip?.handlingLocation).toBe("MINE-HUB");
    expect(await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey })).toBeNull();
  });

  it("is neither shown nor saved without a session token", async () => {
    const s = stack();
    const before = await s.db.shop.findUnique({ where: { domain: s.shop } });
    const load = await adminData(s, "/app/settings", ROUTE, { signedIn: false });
    expect(load.status).toBe(204);
    expect(load.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    const save = await adminData(s, "/app/settings", ROUTE, {
      signedIn: false,
      form: { ...validForm(await studioId()), "dropShip.handlingLocation": "INTRUDER" },
    });
    expect(save.status).not.toBe(200);
    const token = await adminData(s, "/app/settings", ROUTE, {
      signedIn: false,
      form: { intent: "saveToken", token: "intruder-token-0123456789" },
    });
    expect(token.status).not.toBe(200);
    const after = await s.db.shop.findUnique({ where: { domain: s.shop } });
    expect(after?.settings).toBe(before?.settings);
    expect(after?.providerCredentialsCiphertext).toBe(before?.providerCredentialsCiphertext);
  });

  it("connects through the provider's login: finished in the admin by the staff member who pressed Connect, once", async () => {
    const s = stack();
    const stored = async () => (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.providerCredentialsCiphertext ?? null;
    // Connect: out of the admin's frame to the provider's authorization page (App Bridge follows the header).
    const connect = await adminData(s, "/app/settings", ROUTE, { form: { intent: "connect" } });
    expect(connect.status, s.logs().slice(-3_000)).toBe(401);
    const before = await stored();
    const authorization = new URL(connect.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? "");
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${s.sandboxUrl}/oauth2/authorization`);
    expect(authorization.searchParams.get("client_id")).toBe("connector-test-client");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${s.appUrl}/provider-oauth/callback`);

    // The sandbox approves at once and sends the merchant back with a code and the state.
    const approved = await fetch(authorization, { redirect: "manual" });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get("Location") ?? "");
    expect(callback.searchParams.get("state")).toBe(authorization.searchParams.get("state"));

    // A state altered to name another shop is refused before the code is spent.
    const state = callback.searchParams.get("state") ?? "";
    const [payload = "", signature = ""] = state.split(".");
    const forged = Buffer.from(Buffer.from(payload, "base64url").toString().replace(s.shop, OTHER_SHOP)).toString("base64url");
    const forgedUrl = new URL(callback);
    forgedUrl.searchParams.set("state", `${forged}.${signature}`);
    const refused = await fetch(forgedUrl, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("not issued by the app");

    // The callback stores nothing: it carries the sealed answer (not the code) into the shop's admin.
    const back = await fetch(callback, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(back.status, s.logs().slice(-3_000)).toBe(302);
    const settingsUrl = new URL(back.headers.get("Location") ?? "");
    expect(`${settingsUrl.origin}${settingsUrl.pathname}`).toBe(
      `https://admin.shopify.com/store/${s.shop.replace(".myshopify.com", "")}/apps/${s.apiKey}/app/settings`,
    );
    const parked = settingsUrl.searchParams.get("provider_connection") ?? "";
    expect(parked).not.toContain(callback.searchParams.get("code") ?? "(none)");
    expect(await stored()).toBe(before);

    // Another staff member of the shop (whoever's browser approved) cannot finish it.
    const pendingPath = `/app/settings?provider_connection=${encodeURIComponent(parked)}`;
    const asOther = (await (await adminData(s, pendingPath, ROUTE, { user: "7" })).json()) as {
      pendingConnection: { ok: boolean; problem?: string };
    };
    expect(asOther.pendingConnection).toMatchObject({ ok: false, problem: expect.stringContaining("another staff member") });
    const otherFinish = await adminData(s, "/app/settings", ROUTE, { user: "7", form: { intent: "finishConnect", parked } });
    expect(otherFinish.status).toBe(400);
    expect(((await otherFinish.json()) as { message: string }).message).toContain("another staff member");
    expect(await stored()).toBe(before);

    // The one who pressed Connect is offered to finish it, and finishing stores the connection.
    const asStarter = (await (await adminData(s, pendingPath, ROUTE)).json()) as { pendingConnection: { ok: boolean } };
    expect(asStarter.pendingConnection).toMatchObject({ ok: true });
    const finish = await adminData(s, "/app/settings", ROUTE, { form: { intent: "finishConnect", parked } });
    expect(finish.status, s.logs().slice(-3_000)).toBe(204);
    expect(finish.headers.get("X-Remix-Redirect")).toContain("/app/settings?connected=oauth");
    const credentials = await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey });
    expect(credentials).toMatchObject({ kind: "oauth", refreshToken: expect.any(String) });
    expect(credentials?.kind === "oauth" && credentials.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());

    // The same answer again is refused, at the callback and in the admin: the state was good once.
    const again = await adminData(s, "/app/settings", ROUTE, { form: { intent: "finishConnect", parked } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toContain("has been used");
    const replay = await fetch(callback, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("has been used");

    const page = await adminDocument(s, "/app/settings");
    expect(page.text).toContain("Connected through the provider's login since");
    expect(page.text).not.toContain(credentials?.kind === "oauth" ? credentials.accessToken : "(none)");
  });

  it("does not finish another store's connection: an answer parked for one shop opens for no other", async () => {
    const s = stack();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.providerCredentialsCiphertext ?? null;
    // Shop B's staff member pressed Connect and approved; the sealed answer reaches this shop's admin.
    const otherCiphertext = (await s.db.shop.findUnique({ where: { domain: OTHER_SHOP } }))?.providerCredentialsCiphertext ?? null;
    const otherState = createOAuthState({ shop: OTHER_SHOP, user: "42", secret: s.apiSecret, currentCiphertext: otherCiphertext });
    const { parked } = await parkProviderAnswer(
      s.db,
      { code: "code-for-other-shop", state: otherState },
      { SHOPIFY_API_SECRET: s.apiSecret },
      { key: s.credentialsKey },
    );
    const load = (await (await adminData(s, `/app/settings?provider_connection=${encodeURIComponent(parked)}`, ROUTE)).json()) as {
      pendingConnection: { ok: boolean; problem?: string };
    };
    expect(load.pendingConnection).toMatchObject({ ok: false, problem: expect.stringContaining("not started in this store") });
    const finish = await adminData(s, "/app/settings", ROUTE, { form: { intent: "finishConnect", parked } });
    expect(finish.status).toBe(400);
    expect((await s.db.shop.findUnique({ where: { domain: s.shop } }))?.providerCredentialsCiphertext ?? null).toBe(before);
    expect((await s.db.shop.findUnique({ where: { domain: OTHER_SHOP } }))?.providerCredentialsCiphertext ?? null).toBe(otherCiphertext);
  });

  it("answers a refusal from the provider's login with fixed words, echoing nothing of the address", async () => {
    const s = stack();
    const url = new URL("/provider-oauth/callback", s.appUrl);
    url.searchParams.set("error", "access_denied");
    url.searchParams.set("error_description", "Your account is locked: call +1 555 0100 or visit evil.example to unlock it");
    const answer = await fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain("The provider did not approve the connection. Press Connect in the app&#39;s settings to try again.");
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("access_denied");
  });
});
