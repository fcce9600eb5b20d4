/**
 * The merchant's Settings pages in the built app, over HTTP as the embedded admin reaches them: they
 * load the shop's settings and Shopify locations, each saves its own fields (the others as they
 * were), refuse what is invalid field by field and save nothing, never send the API token back,
 * show nothing of another shop, refuse a request without a session token, and connect the provider
 * through its login (the sandbox's OAuth endpoints) bound to the browser that started it, each step
 * once, for the staff member who pressed Connect only (decision 0037).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createConnectionAttempt, holdProviderTokens, type ConnectionOffer } from "~/stores/shops/provider-connection-attempts.server";
import { readProviderCredentials, saveProviderCredentials } from "~/stores/shops/provider-credentials.server";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { MERCHANT_LOCATION } from "../emulator/seed";
import { useStack, type TestStack } from "../support/stack";
import { adminData, adminDocument, BROWSER_USER_AGENT, sessionToken } from "./support";

// The app's OAuth client at the provider (the sandbox accepts any); the app processes inherit them.
process.env.PROVIDER_CLIENT_ID = "connector-test-client";
process.env.PROVIDER_CLIENT_SECRET = "connector-test-secret";

const stack = useStack({ worker: false });

/** A Settings page's path and route id. */
const page = (name: string) => ({ path: `/app/settings/${name}`, route: `routes/app.settings.${name}` });
const PROVIDER = page("provider");
const ROUTING = page("routing");
const OTHER_SHOP = "other-shop.myshopify.com";
const TOKEN = "sk_live_settings_test_4c1d9e0b7a2f";

const LoaderData = z.object({
  form: z.object({ mode: z.string(), dropShip: z.object({ handlingLocation: z.string() }) }).loose(),
  locations: z.array(z.object({ id: z.string(), name: z.string(), fulfillmentService: z.boolean() })),
});
const ProviderData = z.object({ form: z.object({ mode: z.string() }).loose(), connection: z.object({ kind: z.string() }).loose() });
const Answer = z.object({
  ok: z.boolean(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});

/** The shop's stored credentials, sealed, as the database holds them. */
const storedCredentials = async (s: TestStack) =>
  (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.providerCredentialsCiphertext ?? null;

/** A top-level request as a browser makes it: no redirect followed, with `cookie` when given. */
const get = (url: URL, cookie?: string) =>
  fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT, ...(cookie === undefined ? {} : { Cookie: cookie }) } });

/**
 * Connect pressed on the provider page, posted as the page posts it (to its own address, the
 * admin's query and session token on it): the start page the top window is sent to.
 */
async function pressConnect(s: TestStack, user?: string, locale?: string): Promise<URL> {
  const page = new URL(PROVIDER.path, s.appUrl);
  page.searchParams.set("embedded", "1");
  page.searchParams.set("shop", s.shop);
  // The admin's language, as Shopify's admin puts it in the embedded page's address.
  if (locale !== undefined) page.searchParams.set("locale", locale);
  page.searchParams.set("id_token", sessionToken(s.shop, s.apiKey, s.apiSecret, user));
  const connect = await adminData(s, `${page.pathname}${page.search}`, PROVIDER.route, { form: { intent: "connect" }, user });
  expect(connect.status, s.logs().slice(-3_000)).toBe(401);
  return new URL(connect.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? "");
}

/** The start page opened in a browser: the cookie it sets (as the browser sends it back) and the provider's login. */
async function openStartPage(start: URL): Promise<{ setCookie: string; cookie: string; authorization: URL }> {
  const answer = await get(start);
  expect(answer.status, await answer.clone().text()).toBe(302);
  const setCookie = answer.headers.get("Set-Cookie") ?? "";
  return { setCookie, cookie: setCookie.split(";")[0] ?? "", authorization: new URL(answer.headers.get("Location") ?? "") };
}

/** The sandbox's login approves at once: the callback address it sends the browser to. */
async function approveAtProvider(authorization: URL): Promise<URL> {
  const approved = await fetch(authorization, { redirect: "manual" });
  expect(approved.status, await approved.clone().text()).toBe(302);
  return new URL(approved.headers.get("Location") ?? "");
}

/** What the provider page's loader offers `user` (the page's own user unless given). */
async function offerSeenBy(s: TestStack, path: string, user?: string): Promise<ConnectionOffer | null> {
  const data = (await (await adminData(s, path, PROVIDER.route, { user })).json()) as { pendingConnection: ConnectionOffer | null };
  return data.pendingConnection;
}

const messageOf = async (answer: Response) => ((await answer.json()) as { message: string }).message;

async function studioId(): Promise<string> {
  const response = await adminData(stack(), ROUTING.path, ROUTING.route);
  const studio = LoaderData.parse(await response.json()).locations.find((location) => location.name === MERCHANT_LOCATION);
  if (!studio) throw new Error(`the demo shop has no ${MERCHANT_LOCATION}`);
  return studio.id;
}

/** A complete, valid set of settings, as the pages submit them (saveSettings sends each page its own). */
const validForm = (studio: string): Record<string, string> => ({
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

/** Which page a field is on, by the start of its name. */
const PAGE_OF_FIELD: readonly [RegExp, string][] = [
  [/^(mode|providerBaseUrl)$/, "provider"],
  [/^(warehouses|dropShip)\./, "routing"],
  [/^(customs|taxIds)\./, "customs"],
  [/^(skus|skuDefaults|stockSync)\./, "catalogue"],
  [/^(orders\.|afterSending\.|pushPolicy$|codGatewayNames$)/, "orders"],
  [/^notifyCustomer$/, "notifications"],
];

/** Saves `form` as the pages do, each page its own fields; the answers by page. */
async function saveSettings(form: Record<string, string>, options: { signedIn?: boolean } = {}): Promise<Map<string, Response>> {
  // Every page is saved, as a merchant saving each would: a checkbox left off sends no field.
  const pages = new Map<string, Record<string, string>>(PAGE_OF_FIELD.map(([, name]) => [name, {}]));
  for (const [field, value] of Object.entries(form)) {
    const name = PAGE_OF_FIELD.find(([pattern]) => pattern.test(field))?.[1] ?? "unknown";
    pages.set(name, { ...pages.get(name), [field]: value });
  }
  const answers = new Map<string, Response>();
  for (const [name, fields] of pages) {
    const { path, route } = page(name);
    answers.set(name, await adminData(stack(), path, route, { ...options, form: { intent: "save", ...fields } }));
  }
  return answers;
}

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
  it("lists a page per thing to set up, and each loads the shop's settings, its connection and its Shopify locations", async () => {
    const s = stack();
    const index = await adminDocument(s, "/app/settings");
    expect(index.status).toBe(200);
    for (const title of [
      "Provider connection",
      "Warehouses and routing",
      "Customs and tax numbers",
      "Catalogue and stock",
      "Orders and after sending",
      "Notifications",
      "Checkout rates",
    ])
      expect(index.text).toContain(title);
    expect(index.text).toContain("Nothing set up yet: no warehouse, no drop-ship.");

    const provider = await adminData(s, PROVIDER.path, PROVIDER.route);
    expect(provider.status, s.logs().slice(-3_000)).toBe(200);
    const data = ProviderData.parse(await provider.json());
    expect(data.form.mode).toBe("sandbox");
    expect(data.connection).toEqual({ kind: "none" });
    const routing = LoaderData.parse(await (await adminData(s, ROUTING.path, ROUTING.route)).json());
    expect(routing.locations).toContainEqual(expect.objectContaining({ name: MERCHANT_LOCATION, fulfillmentService: false }));

    for (const [name, sections] of [
      ["provider", ["Mode and address", "Credentials", "Not connected"]],
      ["routing", ["Warehouses", "Drop-ship"]],
      ["customs", ["Customs", "Tax numbers"]],
      ["catalogue", ["SKUs", "Stock"]],
      ["orders", ["Orders that wait", "Cash on delivery", "After sending"]],
      ["notifications", ["Customers", "Email the customer when tracking is added"]],
    ] as const) {
      const html = await adminDocument(s, `/app/settings/${name}`);
      expect(html.status, name).toBe(200);
      for (const section of sections) expect(html.text, name).toContain(section);
    }
  });

  it("saves each page's fields, the others as they were, and queues the warehouses' fulfillment services", async () => {
    const s = stack();
    const studio = await studioId();
    // Live mode checks the warehouses with the merchant's own account: connect it first.
    const token = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "saveToken", token: TOKEN } });
    expect(token.status, s.logs().slice(-3_000)).toBe(200);
    for (const [name, response] of await saveSettings(validForm(studio))) {
      expect(response.status, `${name}: ${s.logs().slice(-3_000)}`).toBe(200);
      expect(Answer.parse(await response.json())).toMatchObject({ ok: true, message: "Settings saved." });
    }

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
    const routing = await adminDocument(s, ROUTING.path);
    expect(routing.text).toContain("Warehouse US01");
    expect(routing.text).toContain("created by the app after you save");

    // One page saved again leaves every other page's settings as they were.
    const customs = await adminData(s, "/app/settings/customs", "routes/app.settings.customs", {
      form: { intent: "save", "customs.declareNameEn": "Ceramics", "customs.hsCode": "", "customs.declaredValueCurrency": "SHOP" },
    });
    expect(customs.status).toBe(200);
    expect(await getShopSettings(s.db, s.shop)).toMatchObject({
      mode: "live",
      warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-EXP" } }],
      customs: { declareNameEn: "Ceramics", hsCode: "" },
      taxIds: { ioss: null, euVatNumber: null, ukVatNumber: null },
      stockSync: { enabled: true, intervalMinutes: 30 },
      pushPolicy: "holdForReview",
    });
  });

  it("refuses an invalid field on each page, naming the field, and saves nothing", async () => {
    const s = stack();
    const before = await getShopSettings(s.db, s.shop);
    const answers = await saveSettings({
      ...validForm(await studioId()),
      "warehouses.0.byCountry.0.service": "US01 STD",
      "taxIds.ioss": "IM12",
      "skuDefaults.widthCm": "",
      "stockSync.intervalMinutes": "2",
      mode: "sandbox",
    });
    const errorsOf = async (name: string) => {
      const response = answers.get(name);
      expect(response?.status, name).toBe(400);
      const answer = Answer.parse(await response?.json());
      expect(answer).toMatchObject({ ok: false, message: "The settings were not saved: correct the fields below." });
      return answer.errors;
    };
    expect(await errorsOf("routing")).toEqual([
      {
        field: "warehouses.0.byCountry.0.service",
        label: "Service for US (warehouse US01)",
        message: "may contain only letters, digits, hyphen (-) and underscore (_)",
      },
    ]);
    expect(await errorsOf("customs")).toEqual([
      { field: "taxIds.ioss", label: "IOSS number", message: "must be IM followed by 10 digits" },
    ]);
    expect(await errorsOf("catalogue")).toEqual([
      { field: "stockSync.intervalMinutes", label: "Sync every (minutes)", message: "must be at least 5" },
      { field: "skuDefaults.widthCm", label: "Default width", message: "is required with the other two sizes" },
    ]);
    // The refused pages changed nothing.
    const after = await getShopSettings(s.db, s.shop);
    expect(after.warehouses).toEqual(before.warehouses);
    expect(after.taxIds).toEqual(before.taxIds);
    expect(after.stockSync).toEqual(before.stockSync);
  });

  it("answers an admin in Chinese in Chinese: each wrong field named with its rule, and the save", async () => {
    const s = stack();
    const before = await getShopSettings(s.db, s.shop);
    const orders = page("orders");
    const refused = await adminData(s, `${orders.path}?locale=zh-CN`, orders.route, {
      form: { intent: "save", pushPolicy: "sometimes", "afterSending.failedPackages": "hold", "afterSending.noNewsDays": "0" },
    });
    expect(refused.status).toBe(400);
    expect(Answer.parse(await refused.json())).toMatchObject({
      ok: false,
      message: "设置未保存：请更正下列字段。",
      errors: [
        { field: "pushPolicy", label: "新的发货单", message: "必须是“立即发送”或“待审核”" },
        { field: "afterSending.noNewsDays", label: "多少天没有物流更新后停止跟踪包裹", message: "不能小于 1" },
      ],
    });
    expect((await getShopSettings(s.db, s.shop)).afterSending).toEqual(before.afterSending);

    const saved = await adminData(s, `${orders.path}?locale=zh-CN`, orders.route, {
      form: { intent: "save", pushPolicy: "autoPush", "afterSending.failedPackages": "hold", "afterSending.noNewsDays": "30" },
    });
    expect(Answer.parse(await saved.json())).toMatchObject({ ok: true, message: "设置已保存。" });
  });

  it("answers an admin in Chinese about warehouses, drop-ship and the catalogue's sizes in Chinese, each field with its rule", async () => {
    const s = stack();
    const before = await getShopSettings(s.db, s.shop);
    const routing = await adminData(s, `${ROUTING.path}?locale=zh-CN`, ROUTING.route, {
      form: {
        intent: "save",
        "warehouses.0.warehouseId": "",
        "warehouses.0.country": "USA",
        "warehouses.0.defaultService": "US01 EXP",
        "warehouses.0.byCountry.0.country": "GB",
        "warehouses.0.byCountry.0.service": "",
        "dropShip.maxBoxKg": "heavy",
      },
    });
    expect(routing.status).toBe(400);
    expect(Answer.parse(await routing.json())).toMatchObject({
      message: "设置未保存：请更正下列字段。",
      errors: [
        { field: "warehouses.0.warehouseId", label: "仓库代码（仓库 第 1 行）", message: "必填" },
        { field: "warehouses.0.country", label: "国家/地区（仓库 第 1 行）", message: "必须是两个字母的国家/地区代码，例如 US" },
        {
          field: "warehouses.0.defaultService",
          label: "默认物流服务（仓库 第 1 行）",
          message: "只能包含字母、数字、连字符（-）和下划线（_）",
        },
        { field: "warehouses.0.byCountry.0.service", label: "GB 的物流服务（仓库 第 1 行）", message: "必填" },
        { field: "dropShip.maxBoxKg", label: "每箱最多装（千克）", message: "必须是数字，例如 12.5" },
      ],
    });

    const catalogue = page("catalogue");
    const sizes = await adminData(s, `${catalogue.path}?locale=zh-CN`, catalogue.route, {
      form: {
        intent: "save",
        "skuDefaults.lengthCm": "-4",
        "skuDefaults.widthCm": "1.234",
        "skuDefaults.heightCm": "2000000",
        "skuDefaults.declaredValueFrom": "PRICE",
        "stockSync.intervalMinutes": "15",
      },
    });
    expect(sizes.status).toBe(400);
    expect(Answer.parse(await sizes.json()).errors).toEqual([
      { field: "skuDefaults.lengthCm", label: "默认长度", message: "必须大于 0" },
      { field: "skuDefaults.widthCm", label: "默认宽度", message: "最多保留 2 位小数" },
      { field: "skuDefaults.heightCm", label: "默认高度", message: "必须小于 1,000,000（小数点前最多 6 位）" },
    ]);
    expect(await getShopSettings(s.db, s.shop)).toEqual(before);
  });

  it("says in Chinese what the provider said of a warehouse and a service it does not have there", async () => {
    const s = stack();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null;
    const response = await adminData(s, `${ROUTING.path}?locale=zh-CN`, ROUTING.route, {
      form: {
        intent: "save",
        "warehouses.0.warehouseId": "ZZ99",
        "warehouses.0.enabled": "on",
        "warehouses.1.warehouseId": "US01",
        "warehouses.1.enabled": "on",
        "warehouses.1.defaultService": "NOPE-1",
      },
    });
    expect(response.status).toBe(400);
    const { errors } = Answer.parse(await response.json());
    expect(errors?.[0]).toEqual({
      field: "warehouses.0.warehouseId",
      label: "仓库代码（仓库 ZZ99）",
      message: "不是您服务商账户下的仓库：请从 US01, DE01 中选择",
    });
    expect(errors?.[1]?.message).toMatch(/^不是仓库 US01 的物流服务：该仓库提供 .*US01-EXP/);
    expect((await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null).toBe(before);
  });

  it("never drops a warehouse row that is half filled in: its empty ID is an error at the field", async () => {
    const s = stack();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null;
    const response = await adminData(s, ROUTING.path, ROUTING.route, {
      form: {
        intent: "save",
        "warehouses.3.warehouseId": "",
        "warehouses.3.country": "US",
        "warehouses.3.enabled": "on",
        "warehouses.3.defaultService": "US01-EXP",
      },
    });
    expect(response.status).toBe(400);
    expect(Answer.parse(await response.json()).errors).toEqual([
      { field: "warehouses.3.warehouseId", label: "Warehouse ID (warehouse row 4)", message: "is required" },
    ]);
    expect((await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null).toBe(before);
  });

  it("asks the provider before saving a warehouse: one it does not have, or a service it does not offer there, is refused at its field", async () => {
    const s = stack();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null;
    const unknown = await adminData(s, ROUTING.path, ROUTING.route, {
      form: { intent: "save", "warehouses.0.warehouseId": "ZZ99", "warehouses.0.enabled": "on", "warehouses.0.defaultService": "US01-EXP" },
    });
    expect(unknown.status, s.logs().slice(-3_000)).toBe(400);
    const refusedId = z.object({ errors: Answer.shape.errors, knownWarehouses: z.array(z.string()) }).parse(await unknown.json());
    expect(refusedId.errors).toEqual([
      {
        field: "warehouses.0.warehouseId",
        label: "Warehouse ID (warehouse ZZ99)",
        message: "is not a warehouse of your provider account: choose one of US01, DE01",
      },
    ]);
    // The page offers the provider's warehouses as the choices.
    expect(refusedId.knownWarehouses).toEqual(["US01", "DE01"]);

    const service = await adminData(s, ROUTING.path, ROUTING.route, {
      form: { intent: "save", "warehouses.0.warehouseId": "US01", "warehouses.0.enabled": "on", "warehouses.0.defaultService": "NOPE-1" },
    });
    expect(service.status).toBe(400);
    const refusedService = Answer.parse(await service.json()).errors ?? [];
    expect(refusedService.map(({ field, label }) => ({ field, label }))).toEqual([
      { field: "warehouses.0.defaultService", label: "Default service (warehouse US01)" },
    ]);
    expect(refusedService[0]?.message).toMatch(/^is not a service of warehouse US01: it offers .*US01-EXP/);
    expect((await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null).toBe(before);
  });

  it("refuses a provider address that reaches inside (loopback, private, link-local, metadata) or plain http in live mode, naming the field, and saves nothing", async () => {
    const s = stack();
    const before = (await s.db.shop.findUnique({ where: { domain: s.shop } }))?.settings ?? null;
    const refusal = async (mode: string, address: string) => {
      const response = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "save", mode, providerBaseUrl: address } });
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

    // Live mode refuses the stack's own address on loopback: the field's help does not offer it either.
    await saveShopSettings(s.db, s.shop, { mode: "live" });
    const livePage = await adminDocument(s, PROVIDER.path);
    expect(livePage.status, s.logs().slice(-4_000)).toBe(200);
    expect(livePage.text).toContain("public https address, for example https://openapi.example.com.");
    expect(livePage.text).not.toContain("Leave empty for");
    await saveShopSettings(s.db, s.shop, { mode: "sandbox" });
    expect((await adminDocument(s, PROVIDER.path)).text).toContain(`Leave empty for ${s.sandboxUrl}`);

    // In the stack (and only there: the Shopify emulator is configured), sandbox mode may use the sandbox on loopback.
    const saved = await adminData(s, PROVIDER.path, PROVIDER.route, {
      form: { intent: "save", mode: "sandbox", providerBaseUrl: s.sandboxUrl },
    });
    expect(saved.status, s.logs().slice(-3_000)).toBe(200);
    expect(await getShopSettings(s.db, s.shop)).toMatchObject({ mode: "sandbox", providerBaseUrl: s.sandboxUrl });
  });

  it("checks the stored provider address again when it connects: one written past the form is refused before any request", async () => {
    const s = stack();
    // Saved before the check existed, or by a name that resolved elsewhere then: the app refuses it when it connects.
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: "http://169.254.169.254/" });
    const response = await adminData(s, ROUTING.path, ROUTING.route, { form: { intent: "suggestServices" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const { suggestions } = z.object({ suggestions: z.object({ problem: z.string().nullable() }) }).parse(await response.json());
    expect(suggestions.problem).toBe(
      "The provider address in Settings > Provider connection cannot be used: 169.254.169.254 is not a public internet address. Correct it, then retry.",
    );
    await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: null });
  });

  it("stores the API token encrypted and never sends it back, in data or page", async () => {
    const s = stack();
    const response = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "saveToken", token: TOKEN } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const answerText = await response.text();
    expect(answerText).not.toContain(TOKEN);
    expect(Answer.parse(JSON.parse(answerText))).toMatchObject({ ok: true });

    const row = await s.db.shop.findUniqueOrThrow({ where: { domain: s.shop } });
    expect(row.providerCredentialsCiphertext).not.toContain(TOKEN);
    expect(await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey })).toMatchObject({ kind: "staticToken", token: TOKEN });

    const data = await (await adminData(s, PROVIDER.path, PROVIDER.route)).text();
    expect(data).not.toContain(TOKEN);
    expect(data).not.toContain(TOKEN.slice(0, -4));
    const html = await rawDocument(PROVIDER.path);
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain(TOKEN.slice(0, -4));
    const page = await adminDocument(s, PROVIDER.path);
    expect(page.text).toMatch(
      /Connected with an API token since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M P[DS]T \(token ending 7a2f\)/,
    );

    // A token with spaces is refused, naming the field, and the saved one stays.
    const bad = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "saveToken", token: "two words" } });
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

    for (const name of ["provider", "routing", "customs", "catalogue", "orders", "notifications", "checkout-rates"]) {
      const data = await (await adminData(s, page(name).path, page(name).route)).text();
      expect(data, name).not.toContain("OTHER-HUB");
      expect(data, name).not.toContain("zqxw");
    }
    const saved = (await saveSettings({ ...validForm(await studioId()), "dropShip.handlingLocation": "MINE-HUB" })).get("routing");
    expect(saved?.status).toBe(200);
    const disconnected = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "disconnect" } });
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
    const load = await adminData(s, ROUTING.path, ROUTING.route, { signedIn: false });
    expect(load.status).toBe(204);
    expect(load.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    for (const [name, save] of await saveSettings(
      { ...validForm(await studioId()), "dropShip.handlingLocation": "INTRUDER" },
      { signedIn: false },
    ))
      expect(save.status, name).not.toBe(200);
    const token = await adminData(s, PROVIDER.path, PROVIDER.route, {
      signedIn: false,
      form: { intent: "saveToken", token: "intruder-token-0123456789" },
    });
    expect(token.status).not.toBe(200);
    const after = await s.db.shop.findUnique({ where: { domain: s.shop } });
    expect(after?.settings).toBe(before?.settings);
    expect(after?.providerCredentialsCiphertext).toBe(before?.providerCredentialsCiphertext);
  });

  it("connects through the provider's login in the browser that pressed Connect, asked of the staff member who did, each step once", async () => {
    const s = stack();
    const before = await storedCredentials(s);
    // Connect: the top window to the app's own start page (App Bridge follows the header), naming the
    // attempt and the admin's language and nothing else, though the page's address carries the
    // admin's query and session token.
    const start = await pressConnect(s);
    expect(`${start.origin}${start.pathname}`).toBe(`${s.appUrl}/provider-oauth/start`);
    expect([...start.searchParams.entries()]).toEqual([
      ["attempt", expect.any(String)],
      ["locale", "en"],
    ]);
    const attempt = start.searchParams.get("attempt") ?? "";

    // The start page: a __Host- cookie for this browser, then the provider's login with the attempt
    // as state and an S256 challenge. Opened a second time (a link passed on), it is refused.
    const { cookie, authorization, setCookie } = await openStartPage(start);
    expect(setCookie).toMatch(/^__Host-provider-connection=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; Secure; HttpOnly; SameSite=Lax$/);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${s.sandboxUrl}/oauth2/authorization`);
    expect(authorization.searchParams.get("client_id")).toBe("connector-test-client");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${s.appUrl}/provider-oauth/callback`);
    expect(authorization.searchParams.get("state")).toBe(attempt);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reopened = await get(start);
    expect(reopened.status).toBe(400);
    expect(await reopened.text()).toContain("This connection link has already been used.");

    // The provider approves; its answer replayed in another browser (no cookie, or another's) is refused.
    const callback = await approveAtProvider(authorization);
    for (const otherBrowser of [undefined, "__Host-provider-connection=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const replayed = await get(callback, otherBrowser);
      expect(replayed.status).toBe(400);
      expect(await replayed.text()).toContain("This connection was started in another browser.");
    }

    // In the browser that started it: back into the shop's admin with the attempt's id alone.
    const back = await get(callback, cookie);
    expect(back.status, s.logs().slice(-3_000)).toBe(302);
    const settingsUrl = new URL(back.headers.get("Location") ?? "");
    expect(`${settingsUrl.origin}${settingsUrl.pathname}`).toBe(
      `https://admin.shopify.com/store/${s.shop.replace(".myshopify.com", "")}/apps/${s.apiKey}/app/settings/provider`,
    );
    expect([...settingsUrl.searchParams.entries()]).toEqual([["provider_attempt", attempt]]);
    expect(back.headers.get("Set-Cookie")).toBe("__Host-provider-connection=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
    expect(await storedCredentials(s)).toBe(before);
    const again = await get(callback, cookie);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This connection link has already been used.");

    // Another staff member of the shop is asked nothing and confirms nothing.
    const pendingPath = `${PROVIDER.path}?provider_attempt=${attempt}`;
    expect(await offerSeenBy(s, pendingPath, "7")).toBeNull();
    const otherConfirms = await adminData(s, PROVIDER.path, PROVIDER.route, { user: "7", form: { intent: "confirmConnection", attempt } });
    expect(otherConfirms.status).toBe(400);
    expect(await messageOf(otherConfirms)).toContain("is not one the app is waiting for");
    await adminData(s, PROVIDER.path, PROVIDER.route, { user: "7", form: { intent: "declineConnection", attempt } });
    expect(await storedCredentials(s)).toBe(before);

    // The one who pressed Connect is asked, with the account's name, and confirming stores it, once.
    const offer = await offerSeenBy(s, pendingPath);
    expect(offer).toMatchObject({ ok: true, attemptId: attempt, providerAccount: expect.stringMatching(/^C\d{8}$/) });
    const account = offer?.ok === true ? offer.providerAccount : "(none)";
    expect((await adminDocument(s, pendingPath)).text).toContain(`Connect provider account ${account} to this store?`);
    const confirm = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "confirmConnection", attempt } });
    expect(confirm.status, s.logs().slice(-3_000)).toBe(204);
    expect(confirm.headers.get("X-Remix-Redirect")).toContain("/app/settings/provider?connected=oauth");
    const credentials = await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey });
    expect(credentials).toMatchObject({ kind: "oauth", customerId: account, refreshToken: expect.any(String) });
    expect(credentials?.kind === "oauth" && credentials.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());
    const twice = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "confirmConnection", attempt } });
    expect(twice.status).toBe(400);
    expect(await messageOf(twice)).toContain("This connection link has already been used.");

    const page = await adminDocument(s, PROVIDER.path);
    expect(page.text).toContain("Connected through the provider's login since");
    expect(page.text).not.toContain(credentials?.kind === "oauth" ? credentials.accessToken : "(none)");
  });

  it("opens the provider's login from an admin in Chinese with its language, so the start page refuses in Chinese", async () => {
    const s = stack();
    const start = await pressConnect(s, undefined, "zh-CN");
    expect(start.searchParams.get("locale")).toBe("zh-CN");
    await openStartPage(start);
    // Opened again (a link passed on): refused in the admin's language, whatever the browser's.
    const reopened = await fetch(start, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT, "Accept-Language": "en-US" } });
    expect(reopened.status).toBe(400);
    const html = await reopened.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain("此连接链接已被使用过。请在本应用的设置中点击“连接”重新开始。");
    expect(html).not.toContain("already been used");
  });

  it("refuses each step after the attempt's ten minutes: the start page, the provider's answer, the question and the confirmation", async () => {
    const s = stack();
    const before = await storedCredentials(s);
    const expire = (attempt: string) =>
      s.db.providerConnectionAttempt.update({ where: { id: attempt }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const EXPIRED = "This connection was not finished within the ten minutes it is good for.";

    const unopened = await pressConnect(s);
    await expire(unopened.searchParams.get("attempt") ?? "");
    const late = await get(unopened);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(EXPIRED);

    const unanswered = await pressConnect(s);
    const opened = await openStartPage(unanswered);
    const callback = await approveAtProvider(opened.authorization);
    await expire(unanswered.searchParams.get("attempt") ?? "");
    const lateAnswer = await get(callback, opened.cookie);
    expect(lateAnswer.status).toBe(400);
    expect(await lateAnswer.text()).toContain(EXPIRED);

    const unconfirmed = await pressConnect(s);
    const attempt = unconfirmed.searchParams.get("attempt") ?? "";
    const browser = await openStartPage(unconfirmed);
    expect((await get(await approveAtProvider(browser.authorization), browser.cookie)).status).toBe(302);
    await expire(attempt);
    expect(await offerSeenBy(s, `${PROVIDER.path}?provider_attempt=${attempt}`)).toEqual({
      ok: false,
      reason: "expired",
      problem: expect.stringContaining(EXPIRED),
    });
    const lateConfirm = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "confirmConnection", attempt } });
    expect(lateConfirm.status).toBe(400);
    expect(await messageOf(lateConfirm)).toContain(EXPIRED);
    expect(await storedCredentials(s)).toBe(before);
  });

  it("refuses a code the provider issued for another challenge, slipped into the callback of the browser that started", async () => {
    const s = stack();
    const before = await storedCredentials(s);
    const start = await pressConnect(s);
    const attempt = start.searchParams.get("attempt") ?? "";
    const { cookie, authorization } = await openStartPage(start);
    // Someone else's approval at the provider, under this attempt's state but with a challenge of their own.
    const theirs = new URL(authorization);
    theirs.searchParams.set(
      "code_challenge",
      createHash("sha256").update("their-own-verifier-0123456789-0123456789-abc").digest("base64url"),
    );
    const injected = await get(await approveAtProvider(theirs), cookie);
    expect(injected.status).toBe(400);
    expect(await injected.text()).toContain("The provider did not approve the connection.");
    expect(await offerSeenBy(s, `${PROVIDER.path}?provider_attempt=${attempt}`)).toBeNull();
    expect(await storedCredentials(s)).toBe(before);
  });

  it("shows another shop's waiting connection to no one here, and confirms or cancels nothing of it", async () => {
    const s = stack();
    const before = await storedCredentials(s);
    const otherBefore = (await s.db.shop.findUnique({ where: { domain: OTHER_SHOP } }))?.providerCredentialsCiphertext ?? null;
    // Shop B's staff member "42" (the same sub as this page's user) approved at the provider; B's attempt waits.
    const attempt = await createConnectionAttempt(s.db, { shop: OTHER_SHOP, staffMember: "42" }, "verifier-of-b", {
      key: s.credentialsKey,
    });
    await s.db.providerConnectionAttempt.update({ where: { id: attempt }, data: { startedAt: new Date(), answeredAt: new Date() } });
    await holdProviderTokens(
      s.db,
      attempt,
      OTHER_SHOP,
      {
        accessToken: "access-of-b",
        accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
        refreshToken: "refresh-of-b",
        refreshTokenExpiresAt: null,
        customerId: "C-OF-SHOP-B",
      },
      { key: s.credentialsKey },
    );
    const pendingPath = `${PROVIDER.path}?provider_attempt=${attempt}`;
    expect(await offerSeenBy(s, pendingPath)).toBeNull();
    expect((await adminDocument(s, pendingPath)).text).not.toContain("C-OF-SHOP-B");
    const confirm = await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "confirmConnection", attempt } });
    expect(confirm.status).toBe(400);
    expect(await messageOf(confirm)).toContain("is not one the app is waiting for");
    await adminData(s, PROVIDER.path, PROVIDER.route, { form: { intent: "declineConnection", attempt } });
    expect(await s.db.providerConnectionAttempt.findUniqueOrThrow({ where: { id: attempt } })).toMatchObject({
      finishedAt: null,
      tokensCiphertext: expect.stringMatching(/^v1\./),
    });
    expect(await storedCredentials(s)).toBe(before);
    expect((await s.db.shop.findUnique({ where: { domain: OTHER_SHOP } }))?.providerCredentialsCiphertext ?? null).toBe(otherBefore);
  });

  it("answers a refusal from the provider's login with fixed words, echoing nothing of the address", async () => {
    const s = stack();
    const url = new URL("/provider-oauth/callback", s.appUrl);
    url.searchParams.set("error", "access_denied");
    url.searchParams.set("error_description", "Your account is locked: call +1 555 0100 or visit evil.example to unlock it");
    const answer = await fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain("The provider did not approve the connection. Press Connect in the app&#x27;s settings to try again.");
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("access_denied");
  });
});
