/**
 * Isolation, proven route by route: signed in as one shop (the stack's, "B"), every loader and
 * action of every admin route (app/routes/app.*, and api.* that admin extensions call) is asked for another shop's ("A") records, by id,
 * warehouse, SKU and reference. Each answers 404 where it names a record, and otherwise only B's own
 * data: nothing of A's (its markers, its domain, its record ids) in any answer, and A's rows, every
 * table, exactly as they were before B's requests.
 *
 * The routes are read from app/routes, so a route added later without an entry in REQUESTS fails
 * the first test.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { saveWebhookChannel } from "~/stores/alerts/channels.server";
import { saveInboundShipment } from "~/stores/inbound/inbound-shipments.server";
import { saveLadingOrder } from "~/stores/lading/lading-orders.server";
import { createConnectionAttempt, holdProviderTokens } from "~/stores/shops/provider-connection-attempts.server";
import { saveProviderCredentials } from "~/stores/shops/provider-credentials.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { PROJECT_ROOT } from "../../dev/stack/build";
import { seedCatalogue } from "../support/catalogue";
import { useStack, type TestStack } from "../support/stack";
import { adminData } from "./support";

process.env.PROVIDER_CLIENT_ID = "connector-test-client";
process.env.PROVIDER_CLIENT_SECRET = "connector-test-secret";

const stack = useStack({ worker: false });

/** Shop A's identifiers (SKUs, references, package ids) start with this; B names them in its requests. */
const MARK = "ISOA";
/** Everything else of A's (names, messages, errors, tokens, payloads) carries this; B never sends it. */
const SECRET = "SECRETA";
const SHOP_A = "isolation-a.myshopify.com";

interface Request {
  method: "GET" | "POST";
  path: string;
  form?: Record<string, string>;
  /** 404: the request names one of A's records. Otherwise any answer below 500 without A's data. */
  notFound?: boolean;
}

interface SeededA {
  shipmentId: string;
  inboundId: string;
  ladingId: string;
  jobId: string;
  dataRequestId: string;
  returnId: string;
  runId: string;
  /** A provider login shop A's staff member "42" (the same sub as B's) approved, waiting for their confirmation in A. */
  connectionAttempt: string;
  recordIds: string[];
}

/** Per route id, what B asks for; `a` is what was seeded for shop A. */
const REQUESTS: Record<string, (a: SeededA) => Request[]> = {
  "routes/app": (): Request[] => [{ method: "GET", path: "/app" }],
  "routes/app._index": (): Request[] => [
    { method: "GET", path: "/app" },
    { method: "POST", path: "/app?index", form: { intent: "find-open-orders", shop: SHOP_A } },
  ],
  "routes/app.shipments._index": (a): Request[] => [
    { method: "GET", path: "/app/shipments" },
    { method: "GET", path: "/app/shipments?filter=attention" },
    { method: "GET", path: `/app/shipments?q=${MARK}&shop=${SHOP_A}&id=${a.shipmentId}` },
    { method: "POST", path: "/app/shipments?index", form: { intent: "send-held", shop: SHOP_A } },
    { method: "POST", path: "/app/shipments?index", form: { intent: "retry-failed", shop: SHOP_A } },
    { method: "POST", path: "/app/shipments?index", form: { intent: "retry-selected", id: a.shipmentId } },
    { method: "POST", path: "/app/shipments?index", form: { intent: "retry-job", jobId: a.jobId } },
  ],
  "routes/app.shipments.$id": (a): Request[] => [
    { method: "GET", path: `/app/shipments/${a.shipmentId}`, notFound: true },
    { method: "POST", path: `/app/shipments/${a.shipmentId}`, form: { intent: "handled" }, notFound: true },
    { method: "POST", path: `/app/shipments/${a.shipmentId}`, form: { intent: "retry" }, notFound: true },
    {
      method: "POST",
      path: `/app/shipments/${a.shipmentId}`,
      form: { intent: "declare", weight: "500", "lines.0.declareNameEn": "Ceramic mug", "lines.0.declareValue": "6.5" },
      notFound: true,
    },
  ],
  "routes/app.returns": (a): Request[] => [
    { method: "GET", path: "/app/returns" },
    { method: "GET", path: "/app/returns?filter=attention" },
    { method: "GET", path: `/app/returns?id=${a.returnId}` },
  ],
  "routes/app.inbound._index": (): Request[] => [{ method: "GET", path: "/app/inbound" }],
  "routes/app.inbound.$id": (a): Request[] => [
    { method: "GET", path: `/app/inbound/${a.inboundId}`, notFound: true },
    { method: "POST", path: `/app/inbound/${a.inboundId}`, form: { intent: "check" }, notFound: true },
    {
      method: "POST",
      path: `/app/inbound/${a.inboundId}`,
      form: { intent: "boxes", "boxes.0.lines.0.sku": `${MARK}-SKU-1`, "boxes.0.lines.0.quantity": "1" },
      notFound: true,
    },
  ],
  "routes/app.inbound.new": (): Request[] => [
    { method: "GET", path: "/app/inbound/new" },
    {
      method: "POST",
      path: "/app/inbound/new",
      // A's reference, A's only warehouse, A's SKU.
      form: {
        reference: `${MARK}-IN-1`,
        warehouseId: "JP09",
        shippingType: "Air",
        "boxes.0.lines.0.sku": `${MARK}-SKU-1`,
        "boxes.0.lines.0.quantity": "1",
      },
    },
  ],
  "routes/app.lading._index": (): Request[] => [{ method: "GET", path: "/app/lading" }],
  "routes/app.lading.$id": (a): Request[] => [{ method: "GET", path: `/app/lading/${a.ladingId}`, notFound: true }],
  "routes/app.lading.new": (): Request[] => [
    { method: "GET", path: "/app/lading/new" },
    {
      method: "POST",
      path: "/app/lading/new",
      // A's reference, A's only warehouse, A's SKU.
      form: {
        reference: `${MARK}-LD-1`,
        warehouseId: "JP09",
        serviceCode: "JP09-STD",
        reservationDate: "2099-01-01",
        contact: "Receiving",
        street1: "1 Dock Road",
        city: "Osaka",
        country: "JP",
        "packages.0.lines.0.sku": `${MARK}-SKU-1`,
        "packages.0.lines.0.quantity": "1",
      },
    },
  ],
  "routes/app.inventory-age": (): Request[] => [
    { method: "GET", path: "/app/inventory-age" },
    { method: "GET", path: "/app/inventory-age?warehouse=JP09" },
    { method: "GET", path: `/app/inventory-age?warehouse=US01&q=${MARK}` },
    { method: "POST", path: "/app/inventory-age", form: { intent: "readAgain", warehouse: "JP09" } },
  ],
  "routes/app.data-requests": (): Request[] => [{ method: "GET", path: "/app/data-requests" }],
  "routes/app.data-requests.$id.report": (a): Request[] => [
    { method: "GET", path: `/app/data-requests/${a.dataRequestId}/report`, notFound: true },
  ],
  "routes/app.inventory-age.export": (): Request[] => [
    { method: "GET", path: "/app/inventory-age/export?warehouse=JP09", notFound: true },
    { method: "GET", path: `/app/inventory-age/export?warehouse=US01&q=${MARK}` },
  ],
  "routes/app.pricing": (): Request[] => [
    { method: "GET", path: "/app/pricing" },
    {
      method: "POST",
      path: "/app/pricing",
      form: { intent: "quote", warehouseId: "JP09", country: "US", "lines.0.sku": `${MARK}-SKU-1`, "lines.0.quantity": "1" },
    },
    {
      method: "POST",
      path: "/app/pricing",
      form: { intent: "service", warehouseId: "JP09", country: "US", "lines.0.sku": `${MARK}-SKU-1`, "lines.0.quantity": "1" },
    },
  ],
  "routes/app.products._index": (a): Request[] => [
    { method: "GET", path: "/app/products" },
    { method: "GET", path: `/app/products?q=${MARK}&filter=missing&run=${a.runId}` },
    { method: "POST", path: "/app/products?index", form: { intent: "register", sku: `${MARK}-SKU-1` } },
    { method: "POST", path: "/app/products?index", form: { intent: "registerMissing" } },
    { method: "POST", path: "/app/products?index", form: { intent: "refresh" } },
  ],
  // A's SKU is no variant of B's: its entry page is not found, and B cannot give it an entry.
  "routes/app.products.$sku": (): Request[] => [
    { method: "GET", path: `/app/products/${MARK}-SKU-1`, notFound: true },
    { method: "POST", path: `/app/products/${MARK}-SKU-1`, form: { providerSku: "Taken over", lengthCm: "10" }, notFound: true },
  ],
  "routes/app.products.$sku_.kit": (): Request[] => [
    { method: "GET", path: `/app/products/${MARK}-SKU-1/kit`, notFound: true },
    {
      method: "POST",
      path: `/app/products/${MARK}-SKU-1/kit`,
      form: { "components.0.sku": "MUG-CER-350-WHT", "components.0.quantity": "2" },
      notFound: true,
    },
    { method: "POST", path: `/app/products/${MARK}-SKU-1/kit`, form: { intent: "remove" }, notFound: true },
  ],
  "routes/app.stock": (a): Request[] => [
    { method: "GET", path: "/app/stock" },
    { method: "POST", path: "/app/stock", form: { run: a.runId, shop: SHOP_A } },
  ],
  // The order page block's route: A's order is no order of B's, and A's shipment is not on B's orders.
  "routes/api.orders.$orderId.shipments": (a): Request[] => [
    { method: "GET", path: "/api/orders/990001/shipments", notFound: true },
    { method: "POST", path: "/api/orders/990001/shipments", form: { shipmentId: a.shipmentId, action: "retry" }, notFound: true },
    { method: "POST", path: "/api/orders/990001/shipments", form: { shipmentId: a.shipmentId, action: "send" }, notFound: true },
  ],
  "routes/app.settings._index": (): Request[] => [{ method: "GET", path: "/app/settings" }],
  "routes/app.settings.provider": (a): Request[] => [
    { method: "GET", path: "/app/settings/provider" },
    { method: "POST", path: "/app/settings/provider", form: { intent: "disconnect", shop: SHOP_A } },
    {
      method: "POST",
      path: "/app/settings/provider",
      form: { intent: "saveToken", token: "sk_live_isolation_b_0123456789", shop: SHOP_A },
    },
    { method: "POST", path: "/app/settings/provider", form: { intent: "connect", shop: SHOP_A } },
    { method: "POST", path: "/app/settings/provider", form: { intent: "save", mode: "sandbox", shop: SHOP_A } },
    { method: "GET", path: `/app/settings/provider?provider_attempt=${a.connectionAttempt}` },
    { method: "POST", path: "/app/settings/provider", form: { intent: "confirmConnection", attempt: a.connectionAttempt, shop: SHOP_A } },
    { method: "POST", path: "/app/settings/provider", form: { intent: "declineConnection", attempt: a.connectionAttempt, shop: SHOP_A } },
  ],
  "routes/app.settings.routing": (): Request[] => [
    { method: "GET", path: "/app/settings/routing" },
    { method: "POST", path: "/app/settings/routing", form: { intent: "suggestServices" } },
    { method: "POST", path: "/app/settings/routing", form: { intent: "save", shop: SHOP_A } },
  ],
  "routes/app.settings.customs": (): Request[] => [
    { method: "GET", path: "/app/settings/customs" },
    { method: "POST", path: "/app/settings/customs", form: { intent: "save", "customs.declaredValueCurrency": "SHOP", shop: SHOP_A } },
  ],
  "routes/app.settings.catalogue": (): Request[] => [
    { method: "GET", path: "/app/settings/catalogue" },
    {
      method: "POST",
      path: "/app/settings/catalogue",
      form: { intent: "save", "skuDefaults.declaredValueFrom": "PRICE", "stockSync.intervalMinutes": "15", shop: SHOP_A },
    },
  ],
  "routes/app.settings.orders": (): Request[] => [
    { method: "GET", path: "/app/settings/orders" },
    { method: "POST", path: "/app/settings/orders", form: { intent: "save", pushPolicy: "autoPush", shop: SHOP_A } },
  ],
  "routes/app.settings.notifications": (): Request[] => [
    { method: "GET", path: "/app/settings/notifications" },
    { method: "POST", path: "/app/settings/notifications", form: { intent: "save", notifyCustomer: "on", shop: SHOP_A } },
    // A test alert goes through the session's shop's channel, never A's.
    { method: "POST", path: "/app/settings/notifications", form: { intent: "testAlert", channel: "WEBHOOK", shop: SHOP_A } },
  ],
  // Checkout rates act on the session's shop only: A's flat rates and carrier service stay as they are.
  "routes/app.settings.checkout-rates": (): Request[] => [
    { method: "GET", path: "/app/settings/checkout-rates" },
    {
      method: "POST",
      path: "/app/settings/checkout-rates",
      form: {
        intent: "checkoutRatesSave",
        shop: SHOP_A,
        "flatRates.0.serviceName": "Taken over",
        "flatRates.0.amount": "1",
        "flatRates.0.currency": "USD",
        cacheMinutes: "5",
      },
    },
    { method: "POST", path: "/app/settings/checkout-rates", form: { intent: "checkoutRatesOn", shop: SHOP_A } },
    {
      method: "POST",
      path: "/app/settings/checkout-rates",
      form: { intent: "checkoutRatesOff", shop: SHOP_A, id: "gid://shopify/DeliveryCarrierService/990001" },
    },
  ],
};

interface AdminRoute {
  id: string;
  loader: boolean;
  action: boolean;
}

/** Every admin route in app/routes, with whether it exports a loader and an action. */
function adminRoutes(): AdminRoute[] {
  const dir = path.join(PROJECT_ROOT, "app/routes");
  return (
    readdirSync(dir)
      // The admin's pages, and the app's API for its admin extensions (api.*).
      .filter((name) => name === "app.tsx" || name.startsWith("app.") || name.startsWith("api."))
      .map((name) => {
        const full = path.join(dir, name);
        const isDir = statSync(full).isDirectory();
        const file = isDir ? readdirSync(full).find((entry) => /^route\.tsx?$/.test(entry)) : name;
        if (file === undefined) throw new Error(`${name} has no route file`);
        const source = readFileSync(isDir ? path.join(full, file) : full, "utf8");
        const exports = (what: string) => new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${what}\\b`).test(source);
        return { id: `routes/${isDir ? name : name.replace(/\.tsx?$/, "")}`, loader: exports("loader"), action: exports("action") };
      })
  );
}

async function seedShopA(s: TestStack): Promise<SeededA> {
  const db = s.db;
  await saveShopSettings(db, SHOP_A, {
    warehouses: [{ warehouseId: "JP09" }, { warehouseId: "US01" }],
    checkoutRates: {
      enabled: true,
      carrierServiceId: "gid://shopify/DeliveryCarrierService/990001",
      flatRates: [{ serviceName: `${SECRET} rate`, amount: 4.5, currency: "USD" }],
    },
  });
  await saveProviderCredentials(
    db,
    SHOP_A,
    { kind: "staticToken", token: `${SECRET}-token-0123456789abc`, savedAt: new Date() },
    { key: s.credentialsKey },
  );
  await seedCatalogue(db, SHOP_A, [{ sku: `${MARK}-SKU-1`, name: `${SECRET} product` }]);
  // A's alert channel: B's test alert must neither send through it nor mark it failing.
  await saveWebhookChannel(
    db,
    SHOP_A,
    { enabled: true, schedule: "AT_ONCE", url: `https://${SECRET.toLowerCase()}.example.com/hooks/alerts` },
    { key: s.credentialsKey },
  );
  // A's kit, which B's kit page must neither show nor change.
  await db.kitComponent.create({
    data: { shop: SHOP_A, kitSku: `${MARK}-SKU-1`, componentSku: `${MARK}-SKU-1`, quantity: 2, position: 0 },
  });
  await db.providerSku.create({
    data: {
      shop: SHOP_A,
      sku: `${MARK}-SKU-1`,
      record: JSON.stringify({ sku: `${MARK}-SKU-1`, name: SECRET }),
      approvalStatus: "APPROVED",
      readAt: new Date(),
    },
  });
  for (const warehouseId of ["JP09", "US01"]) {
    await db.warehouseStock.create({
      data: {
        shop: SHOP_A,
        warehouseId,
        sku: `${MARK}-SKU-1`,
        storageNo: `${SECRET}-A1`,
        total: 7,
        to30Days: 7,
        readAt: new Date(),
      },
    });
  }
  const shipment = await db.shipment.create({
    data: {
      shop: SHOP_A,
      kind: "OUTBOUND",
      state: "HELD",
      fulfillmentOrderId: "gid://shopify/FulfillmentOrder/990001",
      orderId: "gid://shopify/Order/990001",
      orderName: `#${MARK}-1`,
      packageId: `${MARK}-PKG-1`,
      warehouseCode: "US01",
      lastErrorCode: "HELD",
      lastErrorText: `${SECRET} held for a reason`,
      holdReasons: JSON.stringify([{ field: "Postal code", message: `${SECRET} postal code` }]),
      events: { create: [{ type: "NOTE", message: `${SECRET} event` }] },
      checkpoints: { create: [{ key: `${MARK}-cp`, status: "IN_TRANSIT", message: `${SECRET} checkpoint` }] },
    },
  });
  const inbound = await saveInboundShipment(db, SHOP_A, {
    reference: `${MARK}-IN-1`,
    providerId: `${MARK}-IB-1`,
    warehouseId: "JP09",
    shippingType: "Air",
    plannedArrival: null,
    remark: `${SECRET} remark`,
    boxes: [
      {
        label: `${SECRET}-BOX`,
        weightGrams: 1000,
        lengthCm: 10,
        widthCm: 10,
        heightCm: 10,
        lines: [{ sku: `${MARK}-SKU-1`, providerSku: `${MARK}-SKU-1`, quantity: 3 }],
      },
    ],
  });
  const lading = await saveLadingOrder(db, SHOP_A, {
    reference: `${MARK}-LD-1`,
    shipmentId: `${MARK}-FBA-1`,
    warehouseId: "JP09",
    serviceCode: "JP09-STD",
    reservationDate: new Date("2099-01-01T00:00:00Z"),
    shipTo: {
      contact: `${SECRET} contact`,
      company: null,
      phone: null,
      email: null,
      street1: `${SECRET} street`,
      street2: null,
      city: "Osaka",
      province: null,
      postcode: null,
      country: "JP",
    },
    packages: [{ lines: [{ sku: `${MARK}-SKU-1`, providerSku: `${MARK}-SKU-1`, quantity: 2 }] }],
  });
  const customerReturn = await db.customerReturn.create({
    data: {
      shop: SHOP_A,
      state: "FAILED",
      returnId: "gid://shopify/Return/990001",
      returnName: `#${MARK}-R1`,
      orderId: "gid://shopify/Order/990001",
      orderName: `#${MARK}-1`,
      warehouseCode: "US01",
      locationId: "gid://shopify/Location/1",
      packageId: `RT-${MARK}-US01`,
      lines: JSON.stringify([
        { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/1", sku: `${MARK}-SKU-1`, title: `${SECRET} mug`, quantity: 1 },
      ]),
      units: 1,
      lastErrorText: `${SECRET} return problem`,
    },
  });
  const runs = await Promise.all(
    ["CATALOGUE_READ", "SKU_REGISTER", "STOCK_SYNC"].map((kind) =>
      db.syncRun.create({
        data: {
          shop: SHOP_A,
          kind,
          status: "FAILED",
          trigger: "MERCHANT",
          total: 1,
          failed: 1,
          message: `${SECRET} run failed`,
          finishedAt: new Date(),
          items: { create: [{ key: `${MARK}-SKU-1`, status: "FAILED", message: `${SECRET} item` }] },
        },
      }),
    ),
  );
  const job = await db.job.create({
    data: {
      id: `${MARK}-job-1`,
      shop: SHOP_A,
      kind: "stock.sync",
      payload: JSON.stringify({ shop: SHOP_A }),
      status: "DEAD",
      maxAttempts: 1,
      attempts: 1,
      runAt: new Date(),
      lastError: `${SECRET} job error`,
    },
  });
  const pending = await db.job.create({
    data: {
      id: `${MARK}-job-2`,
      shop: SHOP_A,
      kind: "stock.sync",
      payload: JSON.stringify({ shop: SHOP_A }),
      status: "PENDING",
      maxAttempts: 5,
      runAt: new Date(Date.now() + 3_600_000),
    },
  });
  const connectionAttempt = await createConnectionAttempt(db, { shop: SHOP_A, staffMember: "42" }, `${SECRET}-verifier`, {
    key: s.credentialsKey,
  });
  await db.providerConnectionAttempt.update({ where: { id: connectionAttempt }, data: { startedAt: new Date(), answeredAt: new Date() } });
  await holdProviderTokens(
    db,
    connectionAttempt,
    SHOP_A,
    {
      accessToken: `${SECRET}-access`,
      accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
      refreshToken: `${SECRET}-refresh`,
      refreshTokenExpiresAt: null,
      customerId: `${SECRET}-account`,
    },
    { key: s.credentialsKey },
  );
  const receipt = await db.webhookReceipt.create({
    data: {
      shop: SHOP_A,
      topic: "orders/create",
      webhookId: `${MARK}-wh-1`,
      eventId: `${MARK}-ev-1`,
      apiVersion: "2026-10",
      status: "REJECTED",
      reason: `${SECRET} rejected`,
      payload: JSON.stringify({ note: SECRET }),
    },
  });
  const dataRequest = await db.complianceRequest.create({
    data: {
      shop: SHOP_A,
      kind: "CUSTOMER_DATA_REQUEST",
      customerId: "gid://shopify/Customer/990001",
      orderIds: JSON.stringify(["gid://shopify/Order/990001"]),
      shopifyRequestId: `${MARK}-DR-1`,
      receiptId: receipt.id,
      receivedAt: new Date(),
      completedAt: new Date(),
      report: JSON.stringify({ customer: `${SECRET} customer` }),
    },
  });
  return {
    shipmentId: shipment.id,
    inboundId: inbound.id,
    ladingId: lading.id,
    jobId: job.id,
    dataRequestId: dataRequest.id,
    returnId: customerReturn.id,
    runId: runs[0]!.id,
    connectionAttempt,
    recordIds: [
      shipment.id,
      inbound.id,
      lading.id,
      dataRequest.id,
      customerReturn.id,
      ...runs.map((run) => run.id),
      job.id,
      pending.id,
      receipt.id,
    ],
  };
}

/**
 * Every row of shop A, in every table: by its `shop` (or the Shop row's `domain`), and child rows
 * through their foreign key to such a table. A table it cannot place is taken whole.
 */
async function rowsOfShopA(s: TestStack): Promise<Record<string, unknown[]>> {
  const db = s.db;
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const columnsOf = async (table: string) =>
    (await db.$queryRawUnsafe<{ name: string }[]>(`PRAGMA table_info("${table}")`)).map((column) => column.name);
  const ownerColumn = async (table: string) => {
    const columns = await columnsOf(table);
    return columns.includes("shop") ? "shop" : table === "Shop" ? "domain" : null;
  };
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const owner = await ownerColumn(name);
    let rows: unknown[];
    if (owner !== null) {
      rows = await db.$queryRawUnsafe(`SELECT * FROM "${name}" WHERE "${owner}" = ? ORDER BY rowid`, SHOP_A);
    } else {
      const keys = await db.$queryRawUnsafe<{ table: string; from: string; to: string }[]>(`PRAGMA foreign_key_list("${name}")`);
      const key = (await Promise.all(keys.map(async (fk) => ({ fk, parentOwner: await ownerColumn(fk.table) })))).find(
        (candidate) => candidate.parentOwner !== null,
      );
      rows = key
        ? await db.$queryRawUnsafe(
            `SELECT * FROM "${name}" WHERE "${key.fk.from}" IN (SELECT "${key.fk.to}" FROM "${key.fk.table}" WHERE "${key.parentOwner}" = ?) ORDER BY rowid`,
            SHOP_A,
          )
        : await db.$queryRawUnsafe(`SELECT * FROM "${name}" ORDER BY rowid`);
    }
    snapshot[name] = JSON.parse(
      JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
    ) as unknown[];
  }
  return snapshot;
}

describe("isolation between shops", () => {
  it("has requests for every loader and action of every admin route", () => {
    const routes = adminRoutes();
    expect(routes.map((route) => route.id)).toContain("routes/app.shipments.$id");
    const a: SeededA = {
      shipmentId: "a",
      inboundId: "a",
      ladingId: "a",
      jobId: "a",
      dataRequestId: "a",
      returnId: "a",
      runId: "a",
      connectionAttempt: "a",
      recordIds: [],
    };
    for (const route of routes) {
      const requests = REQUESTS[route.id];
      expect(requests, `${route.id} is not covered by REQUESTS in test/admin/isolation.test.ts`).toBeDefined();
      const methods = new Set((requests?.(a) ?? []).map((request) => request.method));
      if (route.loader) expect(methods.has("GET"), `${route.id}'s loader is not requested`).toBe(true);
      if (route.action) expect(methods.has("POST"), `${route.id}'s action is not requested`).toBe(true);
    }
    for (const id of Object.keys(REQUESTS))
      expect(
        routes.map((route) => route.id),
        `${id} in REQUESTS is no route`,
      ).toContain(id);
  });

  it("as another shop, every admin route answers 404 or nothing of the shop's data, and changes none of it", async () => {
    const s = stack();
    expect(s.shop).not.toBe(SHOP_A);
    // B has a warehouse and a catalogue of its own, so its pages have something to show.
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    await seedCatalogue(s.db, s.shop);
    const a = await seedShopA(s);
    const before = await rowsOfShopA(s);
    // The snapshot does hold A's data (a wrong query would compare two empty sets).
    expect(before.Shipment).toHaveLength(1);
    expect(before.ShipmentCheckpoint).toHaveLength(1);
    expect(before.SyncRunItem).toHaveLength(3);
    expect(before.Job).toHaveLength(2);

    const leaks = [SECRET, MARK, SHOP_A, ...a.recordIds];
    const failures: string[] = [];
    let requested = 0;
    for (const route of adminRoutes()) {
      for (const request of REQUESTS[route.id]!(a)) {
        requested += 1;
        const response = await adminData(s, request.path, route.id, request.form ? { form: request.form } : {});
        const body = await response.text();
        const what = `${request.method} ${request.path} (${route.id})${request.form ? ` ${JSON.stringify(request.form)}` : ""}`;
        if (request.notFound ? response.status !== 404 : response.status >= 500)
          failures.push(`${what}: ${response.status} ${body.slice(0, 300)}`);
        // What B sent (A's id in the path, A's SKU in a form) may be echoed back, as any input is;
        // anything else of A's in the answer is a leak. A's contents are never sent, so always checked.
        const sent = request.path + JSON.stringify(request.form ?? {});
        const leaked = leaks.filter((leak) => !sent.includes(leak) && body.includes(leak));
        if (leaked.length > 0) failures.push(`${what}: the answer holds ${leaked.join(", ")}: ${body.slice(0, 300)}`);
      }
    }
    expect(failures, s.logs().slice(-3_000)).toEqual([]);
    expect(requested).toBeGreaterThan(30);
    expect(await rowsOfShopA(s)).toEqual(before);
  }, 60_000);
});
