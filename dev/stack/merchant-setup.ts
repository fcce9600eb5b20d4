/**
 * The demo shop set up as a merchant sets it up, through the app's own admin pages (HTTP, with the
 * session token the embedded admin sends): Settings saved (warehouses US01 and DE01 with their
 * countries and services, the studio as drop-ship), the warehouses' fulfillment services and
 * locations created by the app, the catalogue read, the missing SKUs registered, the provider's stock
 * put into Shopify by the stock sync. The stack prints READY, and the demo places orders, only once
 * this is done, so an order placed then reaches a warehouse with nothing else written by hand.
 */
import { z } from "zod";
import { BROWSER_USER_AGENT, sessionToken } from "../../test/admin/support";

export interface AppAccess {
  appUrl: string;
  shop: string;
  apiKey: string;
  apiSecret: string;
}

export interface MerchantSetup {
  /** The Settings form as the page submits it (field name → value), studio location filled in by `studioLocation`. */
  settingsForm(studioLocation: string): Record<string, string>;
  /** The merchant location shipped through drop-ship, by its name. */
  studioName: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** The provider's handling location the demo shop's studio ships through (drop-ship). */
export const DEMO_HANDLING_LOCATION = "SZ-HUB";

/**
 * The demo shop's Settings form as its merchant fills it in (field names as the page sends them):
 * warehouses US01 and DE01 with their services by country, the studio shipping through the
 * provider's handling location, customs defaults, a default size for SKU registration.
 */
export function demoShopSettingsForm(studio: string): Record<string, string> {
  const services = (prefix: string, byCountry: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(byCountry).flatMap(([country, service], row) => [
        [`${prefix}.byCountry.${row}.country`, country],
        [`${prefix}.byCountry.${row}.service`, service],
      ]),
    );
  return {
    mode: "sandbox",
    providerBaseUrl: "",
    "warehouses.0.warehouseId": "US01",
    "warehouses.0.country": "US",
    "warehouses.0.enabled": "on",
    "warehouses.0.defaultService": "US01-EXP",
    ...services("warehouses.0", {
      US: "US01-STD",
      CA: "US01-ECO",
      GB: "US01-INT",
      JP: "US01-INT",
      AU: "US01-INT",
      FR: "US01-INT",
      DE: "US01-INT",
      NL: "US01-INT",
      IT: "US01-INT",
      ES: "US01-INT",
    }),
    "warehouses.1.warehouseId": "DE01",
    "warehouses.1.country": "DE",
    "warehouses.1.enabled": "on",
    "warehouses.1.defaultService": "DE01-EXP",
    ...services("warehouses.1", {
      DE: "DE01-STD",
      AT: "DE01-STD",
      FR: "DE01-ECO",
      IT: "DE01-ECO",
      ES: "DE01-ECO",
      NL: "DE01-ECO",
      GB: "DE01-INT",
      US: "DE01-INT",
      JP: "DE01-INT",
      AU: "DE01-INT",
      CA: "DE01-INT",
    }),
    "dropShip.enabled": "on",
    "dropShip.handlingLocation": DEMO_HANDLING_LOCATION,
    "dropShip.merchantLocationIds": studio,
    "dropShip.defaultService": "US01-EXP",
    ...services("dropShip", { US: "US01-EXP", DE: "DE01-EXP", FR: "DE01-EXP" }),
    "customs.declareNameEn": "Home goods",
    "customs.hsCode": "",
    "customs.declaredValueCurrency": "PRESENTMENT",
    "skuDefaults.lengthCm": "20",
    "skuDefaults.widthCm": "15",
    "skuDefaults.heightCm": "10",
    "skuDefaults.declaredValueFrom": "PRICE",
    "stockSync.enabled": "on",
    "stockSync.intervalMinutes": "15",
    codGatewayNames: "",
    notifyCustomer: "on",
    pushPolicy: "autoPush",
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A route's data (Remix `_data`), or its action's answer, as the embedded admin asks for it. */
async function routeData(app: AppAccess, path: string, routeId: string, form?: Record<string, string>): Promise<unknown> {
  const url = new URL(path, app.appUrl);
  url.searchParams.set("_data", routeId);
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    headers: { "User-Agent": BROWSER_USER_AGENT, Authorization: `Bearer ${sessionToken(app.shop, app.apiKey, app.apiSecret)}` },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${form ? "POST" : "GET"} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as unknown;
}

const SettingsData = z.object({
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  form: z.object({ warehouses: z.array(z.object({ warehouseId: z.string(), shopifyLocationId: z.string().nullable() })) }),
});
const Run = z
  .object({
    id: z.string(),
    kind: z.string(),
    status: z.string(),
    message: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .nullable();
const ProductsData = z.object({ run: Run, missingCount: z.number().int(), catalogueReadAt: z.string().nullable() });
const StockData = z.object({ run: Run, lastSyncedAt: z.string().nullable() });
const Answer = z.object({ ok: z.boolean(), message: z.string() });
const SaveAnswer = Answer.extend({ errors: z.array(z.object({ label: z.string(), message: z.string() })).default([]) });

/**
 * How long the whole setup may take: seconds when the machine is idle (about 10 s here), minutes
 * when it is busy (a CI run beside other test files took over 120 s); generous, as every wait on a
 * condition is.
 */
const SETUP_TIMEOUT_MS = 300_000;

async function until<T>(what: string, deadline: number, check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`The merchant's setup timed out waiting for ${what}`);
    await sleep(150);
  }
}

/** Which Settings page a field is on (app/routes/app.settings.*), by the start of its name. */
const PAGE_OF_FIELD: readonly [RegExp, string][] = [
  [/^(mode|providerBaseUrl)$/, "provider"],
  [/^(warehouses|dropShip)\./, "routing"],
  [/^(customs|taxIds)\./, "customs"],
  [/^(skus|skuDefaults|stockSync)\./, "catalogue"],
  [/^(orders\.|afterSending\.|pushPolicy$|codGatewayNames$)/, "orders"],
  [/^notifyCustomer$/, "notifications"],
];

/**
 * Saves settings as the pages do: each Settings page the fields are on gets its own form (a page
 * none of the fields is on is left alone); throws with the page's reasons when one is refused.
 */
export async function saveSettingsThroughTheApp(app: AppAccess, form: Record<string, string>): Promise<void> {
  const pages = new Map<string, Record<string, string>>();
  for (const [field, value] of Object.entries(form)) {
    const page = PAGE_OF_FIELD.find(([pattern]) => pattern.test(field))?.[1];
    if (page === undefined) throw new Error(`No Settings page has the field ${field}`);
    pages.set(page, { ...pages.get(page), [field]: value });
  }
  for (const [page, fields] of pages) {
    const answer = SaveAnswer.parse(
      await routeData(app, `/app/settings/${page}`, `routes/app.settings.${page}`, { intent: "save", ...fields }),
    );
    if (!answer.ok)
      throw new Error(
        `Settings > ${page} were refused: ${answer.message} ${answer.errors.map((e) => `${e.label} ${e.message}`).join("; ")}`,
      );
  }
}

/** Does the merchant's setup; returns the warehouses' Shopify locations and the studio's. */
export async function setUpShopThroughTheApp(
  app: AppAccess,
  setup: MerchantSetup,
): Promise<{ locations: Record<string, string>; studio: string }> {
  const log = setup.log ?? (() => {});
  const deadline = Date.now() + (setup.timeoutMs ?? SETUP_TIMEOUT_MS);

  // Settings: the page lists the shop's locations; the merchant picks the studio for drop-ship.
  const settings = SettingsData.parse(await routeData(app, "/app/settings/routing", "routes/app.settings.routing"));
  const studio = settings.locations.find((location) => location.name === setup.studioName)?.id;
  if (studio === undefined) throw new Error(`The shop has no location named ${setup.studioName}`);
  await saveSettingsThroughTheApp(app, setup.settingsForm(studio));
  log("[setup] settings saved through the app");

  // The app creates each warehouse's fulfillment service and location.
  const locations = await until("the warehouses' Shopify locations", deadline, async () => {
    const warehouses = SettingsData.parse(await routeData(app, "/app/settings/routing", "routes/app.settings.routing")).form.warehouses;
    return warehouses.every((warehouse) => warehouse.shopifyLocationId !== null)
      ? Object.fromEntries(warehouses.map((warehouse) => [warehouse.warehouseId, warehouse.shopifyLocationId ?? ""]))
      : undefined;
  });
  log(
    `[setup] warehouse locations created by the app: ${Object.entries(locations)
      .map(([id, location]) => `${id} ${location}`)
      .join(", ")}`,
  );

  // The catalogue read the app starts once the locations exist, then the missing SKUs registered.
  const read = await until("the catalogue read", deadline, async () => {
    const products = ProductsData.parse(await routeData(app, "/app/products", "routes/app.products._index"));
    return products.catalogueReadAt !== null && products.run?.status !== "RUNNING" ? products : undefined;
  });
  log(`[setup] catalogue read: ${read.run?.message ?? "done"}`);
  if (read.missingCount > 0) {
    const asked = Date.now();
    Answer.parse(await routeData(app, "/app/products?index", "routes/app.products._index", { intent: "registerMissing" }));
    const registered = await until("the SKU registration", deadline, async () => {
      const run = ProductsData.parse(await routeData(app, "/app/products", "routes/app.products._index")).run;
      return run?.kind === "SKU_REGISTER" && run.status !== "RUNNING" && Date.parse(run.startedAt) >= asked - 1_000 ? run : undefined;
    });
    log(`[setup] SKU registration: ${registered.message ?? registered.status}`);
  }

  // And the provider's stock into Shopify, now that every SKU is known.
  const asked = new Date();
  Answer.parse(await routeData(app, "/app/stock", "routes/app.stock", {}));
  const synced = await until("the stock sync", deadline, async () => {
    const stock = StockData.parse(await routeData(app, "/app/stock", "routes/app.stock"));
    // Finished since, not started since: a sync already waiting for the catalogue read when asked
    // takes the request in (the queue keeps one per shop), started before it and writes after it.
    return stock.run !== null &&
      stock.run.status === "DONE" &&
      stock.run.finishedAt !== null &&
      Date.parse(stock.run.finishedAt) >= asked.getTime()
      ? stock.run
      : undefined;
  });
  log(`[setup] stock sync: ${synced.message ?? "done"}`);
  return { locations, studio };
}
