/**
 * A big merchant in a migrated database, written in batches (createMany, a few thousand rows a
 * statement): shipments across the state machine over a year with their timelines, variants with
 * and without registered SKUs, warehouse stock across the age bands, and the runs the Stock page and
 * Home read. Deterministic (a seeded generator), so two runs measure the same shop.
 */
import type { Prisma, ShipmentState } from "@prisma/client";
import type { Database } from "~/stores/database/database.server";
import { AGE_BANDS } from "~/connector/inventory-age";
import { monthCostsOf, type MonthCurrencyCosts } from "~/connector/shipping-costs";
import { restateVariantsNotWorkedOut } from "~/stores/catalogue/product-states.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { bandColumn } from "~/stores/stock/warehouse-stock.server";

export interface BigMerchant {
  shipments: number;
  variants: number;
  /** SKUs with stock at the warehouses (all at US01, half of them at DE01 too). */
  skusInStock: number;
}

const DAY_MS = 24 * 60 * 60_000;
const CHUNK = 2_000;

/** mulberry32: a small seeded generator, so every run seeds the same shop. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** The shipments' costs summed per month and currency, for ShippingCostMonth. */
function monthTotals() {
  const totals = new Map<string, MonthCurrencyCosts>();
  return {
    add(part: MonthCurrencyCosts) {
      const key = `${part.month} ${part.currency}`;
      const total = totals.get(key) ?? { ...part, amount: 0, costLines: 0, shipments: 0 };
      total.amount += part.amount;
      total.costLines += part.costLines;
      total.shipments += part.shipments;
      totals.set(key, total);
    },
    rows: (shop: string): Prisma.ShippingCostMonthCreateManyInput[] =>
      [...totals.values()].map((total) => ({ shop, ...total, amount: BigInt(total.amount) })),
  };
}

/** Share of each state, out of 1,000: most parcels delivered, a few in every other state. */
const STATE_SHARES: readonly [ShipmentState, number][] = [
  ["DELIVERED", 620],
  ["FULFILLED", 140],
  ["CREATED", 50],
  ["SUBMITTED", 30],
  ["READY", 10],
  ["HELD", 40],
  ["FAILED", 30],
  ["CANCELLED", 50],
  ["ENDED", 30],
];
const FINAL: readonly ShipmentState[] = ["DELIVERED", "CANCELLED", "ENDED"];

const FIRST_NAMES = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Mia",
  "Lucas",
  "Sofia",
  "Mateo",
  "Chloé",
  "Jürgen",
  "Aiko",
  "Wei",
  "Priya",
  "Ahmed",
  "Zoë",
  "Łukasz",
  "Inès",
  "Kenji",
  "Freya",
  "Santiago",
];
const LAST_NAMES = [
  "Smith",
  "Müller",
  "García",
  "Rossi",
  "Dubois",
  "Tanaka",
  "Chen",
  "Kowalski",
  "Johansson",
  "O'Brien",
  "Nguyen",
  "Silva",
  "Novak",
  "Jensen",
  "Yilmaz",
  "Patel",
  "Schmidt",
  "Martin",
  "Kim",
  "Costa",
];
const COMPANIES = ["", "", "", "Northwind Ltd", "Acme GmbH", "Blue Harbor Co", "Studio Verde"];
const COUNTRIES = ["US", "CA", "GB", "DE", "FR", "IT", "ES", "NL", "JP", "AU"];
const HOLD_REASONS = [
  {
    field: "ShipToAddress.PostCode",
    message: "Postcode is missing: the provider needs one for this country. Add it to the order's shipping address in Shopify.",
  },
  { field: "Sku", message: "SKU is missing: a variant without a SKU cannot be sent to the provider. Give it one in Shopify." },
  { field: "ShipToAddress.Street1", message: "Street is longer than 100 characters: shorten the order's shipping address in Shopify." },
];
const FAILURES = [
  "Insufficient stock for SKU",
  "Service does not serve destination country",
  "Address could not be verified by the carrier",
];
const ENDINGS = ["RETURNED", "LOST", "NO_NEWS", "EXCEPTION"];
const PRODUCTS = [
  "Ceramic mug",
  "Organic T-shirt",
  "Steel bottle",
  "Phone case",
  "Wool socks",
  "Linen apron",
  "Tote bag",
  "Notebook",
  "Scented candle",
  "Desk lamp",
];
const COLOURS = ["White", "Black", "Grey", "Green", "Blue"];
const SIZES = ["S", "M", "L", "XL"];

export const skuOf = (index: number) => `SKU-${String(index + 1).padStart(5, "0")}`;
export const orderNameOf = (index: number) => `#${1001 + index}`;

async function inChunks<T>(rows: Iterable<T>, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  let chunk: T[] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === CHUNK) {
      await write(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await write(chunk);
}

/** Seeds `shop` (settings, catalogue, stock, shipments); returns how long each part took, in ms. */
export async function seedBigMerchant(db: Database, shop: string, size: BigMerchant, now = new Date()): Promise<Record<string, number>> {
  const random = generator(20261129);
  const took: Record<string, number> = {};
  const timed = async (part: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    took[part] = performance.now() - started;
  };

  await saveShopSettings(db, shop, {
    mode: "sandbox",
    warehouses: [
      { warehouseId: "US01", shopifyLocationId: "gid://shopify/Location/9001" },
      { warehouseId: "DE01", shopifyLocationId: "gid://shopify/Location/9002" },
    ],
  });

  // Catalogue: products of four variants; one variant in fifty has no SKU; the first 60 % registered.
  await timed("catalogue", async () => {
    const readId = "bench-read";
    await inChunks(
      (function* () {
        for (let index = 0; index < size.variants; index++) {
          const product = Math.floor(index / 4);
          const productTitle = `${PRODUCTS[product % PRODUCTS.length] ?? "Product"} ${product + 1}`;
          const variantTitle = `${COLOURS[product % COLOURS.length] ?? "White"} / ${SIZES[index % 4] ?? "M"}`;
          yield {
            shop,
            variantId: `gid://shopify/ProductVariant/${100_000 + index}`,
            productId: `gid://shopify/Product/${50_000 + product}`,
            productTitle,
            variantTitle,
            displayName: `${productTitle} - ${variantTitle}`,
            sku: index % 50 === 49 ? null : skuOf(index),
            price: (5 + (index % 40)).toFixed(2),
            unitCost: (2 + (index % 20)).toFixed(2),
            inventoryItemId: `gid://shopify/InventoryItem/${200_000 + index}`,
            tracked: true,
            weightGrams: 100 + (index % 900),
            hsCode: "691200",
            countryOfOrigin: "CN",
            readId,
          } satisfies Prisma.CatalogueVariantCreateManyInput;
        }
      })(),
      (data) => db.catalogueVariant.createMany({ data }),
    );
    const registered = Math.floor(size.variants * 0.6);
    await inChunks(
      (function* () {
        for (let index = 0; index < registered; index++) {
          if (index % 50 === 49) continue;
          const record = {
            Sku: skuOf(index),
            ProductDescription: `${PRODUCTS[Math.floor(index / 4) % PRODUCTS.length] ?? "Product"} ${Math.floor(index / 4) + 1}`,
            DeclareName: "Household goods",
            DeclareValue: 5 + (index % 40),
            HsCode: "691200",
            Weight: 100 + (index % 900),
            Length: 10,
            Width: 10,
            Height: 10,
            ApprovalStatus: index % 10 === 0 ? "Pending" : "Approved",
          };
          yield { shop, sku: record.Sku, record: JSON.stringify(record), approvalStatus: record.ApprovalStatus, readAt: now };
        }
      })(),
      (data) => db.providerSku.createMany({ data }),
    );
    await db.syncRun.create({
      data: {
        shop,
        kind: "CATALOGUE_READ",
        status: "DONE",
        trigger: "SCHEDULE",
        total: size.variants,
        processed: size.variants,
        startedAt: new Date(now.getTime() - 3_600_000),
        finishedAt: new Date(now.getTime() - 3_500_000),
        message: `Read ${size.variants} variants.`,
      },
    });
  });

  // Stock: every SKU in stock at US01, every other one at DE01 too, units spread over the age bands.
  // What the migration leaves empty for rows written so, the Products page's first read works out (decision 0053).
  await timed("product states", () => restateVariantsNotWorkedOut(db, shop));

  await timed("stock", async () => {
    const readAt = new Date(now.getTime() - 600_000);
    const changes: { warehouseId: string; sku: string; variant: string; before: number | null; after: number }[] = [];
    await inChunks(
      (function* () {
        for (const warehouseId of ["US01", "DE01"]) {
          for (let index = 0; index < size.skusInStock; index++) {
            if (warehouseId === "DE01" && index % 2 === 1) continue;
            const bands = Object.fromEntries(AGE_BANDS.map((band) => [bandColumn(band), 0])) as Record<string, number>;
            let total = 0;
            for (let lot = 0; lot < 3; lot++) {
              const band = bandColumn(AGE_BANDS[random.int(AGE_BANDS.length)] ?? "To30Days");
              const units = 1 + random.int(200);
              bands[band] = (bands[band] ?? 0) + units;
              total += units;
            }
            if (changes.length < 500)
              changes.push({ warehouseId, sku: skuOf(index), variant: skuOf(index), before: total - 3, after: total });
            yield { shop, warehouseId, sku: skuOf(index), storageNo: `ST-${index}`, total, ...bands, readAt };
          }
        }
      })(),
      (data) => db.warehouseStock.createMany({ data }),
    );
    const stocked = size.skusInStock + Math.ceil(size.skusInStock / 2);
    const result = {
      warehouses: ["US01", "DE01"].map((warehouseId) => ({
        warehouseId,
        providerSkus: warehouseId === "US01" ? size.skusInStock : Math.ceil(size.skusInStock / 2),
        changed: 800,
        unchanged: 1_000,
        activated: 0,
        problem: null,
        providerUnits: 300 * size.skusInStock,
        stocked: warehouseId === "US01" ? size.skusInStock : Math.ceil(size.skusInStock / 2),
        checked: 1_800,
        mismatched: 0,
      })),
      mismatches: [],
      changes,
      changesLeftOut: 1_600 - changes.length,
      providerOnly: [],
      unknownToProvider: [],
      notTracked: [],
      sharedSkus: [],
      refused: [],
    };
    await db.syncRun.create({
      data: {
        shop,
        kind: "STOCK_SYNC",
        status: "DONE",
        trigger: "SCHEDULE",
        total: stocked,
        processed: stocked,
        startedAt: new Date(readAt.getTime() - 60_000),
        finishedAt: readAt,
        message: "Stock synced.",
        result: JSON.stringify(result),
      },
    });
  });

  // Shipments: order #1001 a year ago, the newest now; states by STATE_SHARES; 1 to 4 SKUs each.
  await timed("shipments", async () => {
    const span = 365 * DAY_MS;
    const stateOf = () => {
      let roll = random.int(1_000);
      for (const [state, share] of STATE_SHARES) {
        if (roll < share) return state;
        roll -= share;
      }
      return "DELIVERED" as const;
    };
    const costMonths = monthTotals();
    await inChunks(
      (function* () {
        for (let index = 0; index < size.shipments; index++) {
          const createdAt = new Date(now.getTime() - span + Math.floor((span * index) / size.shipments));
          const state = stateOf();
          const final = FINAL.includes(state);
          const lines = Array.from({ length: 1 + random.int(4) }, (_, line) => {
            const variant = random.int(size.variants);
            return {
              id: `gid://shopify/FulfillmentOrderLineItem/${index * 10 + line}`,
              quantity: 1 + random.int(3),
              product: `Product ${variant}`,
              sku: skuOf(variant),
            };
          });
          const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
          const company = random.pick(COMPANIES);
          const country = random.pick(COUNTRIES);
          const warehouse = random.next() < 0.7 ? "US01" : "DE01";
          const kind = random.next() < 0.85 ? ("OUTBOUND" as const) : ("DROPSHIP" as const);
          const packageId = `P${1001 + index}-${index}`;
          const sent = !["HELD", "READY"].includes(state);
          const tracked = ["CREATED", "FULFILLED", "DELIVERED", "ENDED"].includes(state);
          const request = {
            PackageId: packageId,
            WarehouseId: warehouse,
            ServiceCode: `${warehouse}-STD`,
            ShipToAddress: final
              ? { CountryCode: country }
              : {
                  Contact: name,
                  Company: company,
                  Street1: `${1 + random.int(400)} Main Street`,
                  City: "Springfield",
                  PostCode: "12345",
                  CountryCode: country,
                  Phone: "+1 555 0100",
                  Email: "buyer@example.com",
                },
            OrderItems: lines.map((line) => ({ Sku: line.sku, Quantity: line.quantity })),
          };
          const at = (days: number) => new Date(createdAt.getTime() + days * DAY_MS);
          const hold = state === "HELD" ? [random.pick(HOLD_REASONS)] : null;
          yield {
            shop,
            kind,
            state,
            fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${1_000_000 + index}`,
            orderId: `gid://shopify/Order/${500_000 + index}`,
            orderName: orderNameOf(index),
            packageId,
            warehouseCode: warehouse,
            serviceCode: `${warehouse}-STD`,
            requestSent: sent ? JSON.stringify(request) : null,
            svcPackageId: sent ? `SVC${index}` : null,
            trackingNumber: tracked ? `TRK${String(index).padStart(9, "0")}` : null,
            trackingCarrier: tracked ? "DHL" : null,
            trackingUrl: tracked ? `https://track.example.com/TRK${index}` : null,
            isFinalTracking: tracked,
            lastErrorCode: state === "HELD" ? "HELD" : state === "FAILED" ? "CreateFailed" : state === "ENDED" ? "ENDED" : null,
            lastErrorText:
              hold?.[0]?.message ??
              (state === "FAILED"
                ? random.pick(FAILURES)
                : state === "ENDED"
                  ? "The carrier reported the parcel as returned to sender."
                  : null),
            holdReasons: hold === null ? null : JSON.stringify(hold),
            attempts: sent ? 1 : 0,
            createdAt,
            updatedAt: at(2),
            submittedAt: sent ? at(0.01) : null,
            providerCreatedAt: tracked ? at(0.1) : null,
            fulfilledAt: ["FULFILLED", "DELIVERED"].includes(state) ? at(0.2) : null,
            deliveredAt: state === "DELIVERED" ? at(5) : null,
            failedAt: state === "FAILED" ? at(0.1) : null,
            cancelledAt: state === "CANCELLED" ? at(0.05) : null,
            endedReason: state === "ENDED" ? random.pick(ENDINGS) : null,
            endedAt: state === "ENDED" ? at(30) : null,
            lineItems: JSON.stringify(lines),
            searchText: lines.map((line) => line.sku.toLowerCase()).join("\n"),
            recipientSearchText: final
              ? null
              : [name, company]
                  .filter((part) => part !== "")
                  .join("\n")
                  .toLowerCase(),
            recipientRemovedAt: final ? at(31) : null,
            shippingCosts: tracked ? JSON.stringify([{ money: 4 + random.int(20), currency: "USD", type: "Freight", remark: "" }]) : null,
            shippingCostsAt: tracked ? at(0.2) : null,
            lastNewsAt: sent ? at(1) : null,
          } satisfies Prisma.ShipmentCreateManyInput;
        }
      })(),
      async (data) => {
        await db.shipment.createMany({ data });
        for (const row of data) for (const part of monthCostsOf(row)) costMonths.add(part);
      },
    );
    // Home's months of shipping costs, as writing each shipment's costs would have kept them.
    await db.shippingCostMonth.createMany({ data: costMonths.rows(shop) });
  });

  // Timelines: two to five events a shipment.
  await timed("timelines", async () => {
    const shipments = await db.shipment.findMany({
      where: { shop },
      select: { id: true, state: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    });
    await inChunks(
      (function* () {
        for (const shipment of shipments) {
          const steps = [
            ["planned", "Planned from the fulfillment order."],
            ["sent", "Sent to the provider."],
            ["provider_created", "The provider created the package: tracking TRK."],
            ["fulfilled", "Fulfilment written to Shopify with tracking."],
            ["checkpoint", "Delivered."],
          ] as const;
          const count = shipment.state === "HELD" || shipment.state === "READY" ? 2 : shipment.state === "DELIVERED" ? 5 : 3;
          for (let step = 0; step < count; step++) {
            const [type, message] = steps[step] ?? steps[0];
            yield { shipmentId: shipment.id, type, message, createdAt: new Date(shipment.createdAt.getTime() + step * 3_600_000) };
          }
        }
      })(),
      (data) => db.shipmentEvent.createMany({ data }),
    );
  });
  return took;
}
