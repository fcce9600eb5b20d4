/**
 * A shop's settings, stored as JSON in Shop.settings and parsed here on the way in and out.
 * Identifiers keep the provider's and Shopify's names (WarehouseId, location ids) so a merchant can
 * match them with both admins. Secrets never live here: see Shop.providerCredentialsCiphertext.
 */
import { z } from "zod";
import { CountryCode } from "~/connector/countries";
import { FlatRate } from "~/connector/checkout-rates";
import { ConnectorSettings, SkuEntry } from "~/connector/settings";
import { ShipOnTerms } from "~/connector/payment-terms";
import { code, declareName, emptyOrDigits, INT32_MAX, integer, textBetween } from "~/fulfilment/schemas/rules";

export const ShopifyLocationId = z
  .string()
  .regex(/^gid:\/\/shopify\/Location\/\d+$/, { error: "must be a Shopify location id (gid://shopify/Location/…)" });
export const ServiceCode = code(1, 30);

/** Which provider service ships a parcel: by the shipping method the customer paid for, else by its destination country. */
const ServicesByCountry = z.object({
  /** For destinations without their own entry; none means such parcels are held for a person. */
  defaultService: ServiceCode.nullable().default(null),
  byCountry: z.record(CountryCode, ServiceCode).default({}),
  /** The checkout's shipping method (its title or code, any case) → service: "Express" by the express service. */
  byShippingMethod: z
    .record(z.string().trim().min(1, { error: "must not be empty" }).max(100, { error: "must be at most 100 characters" }), ServiceCode)
    .default({}),
});

/** Which orders wait instead of going to the provider at once. */
const OrderRules = z.object({
  /** Ship orders not paid yet (pending, partly paid; an authorized payment counts as paid); false: they wait until Shopify marks them paid. */
  shipUnpaid: z.boolean().default(false),
  /** Ship orders Shopify's fraud analysis rates high risk; false: they wait for the merchant. */
  shipHighRisk: z.boolean().default(false),
  /** B2B orders on payment terms: which terms ship before they are paid; the others wait like unpaid orders (decision 0043). */
  shipOnTerms: ShipOnTerms,
});

/** A provider warehouse the merchant stocks, and the Shopify location standing for it. */
export const WarehouseId = code(1, 10);

/** A warehouse's handling time, in working days. */
export const HandlingDays = z
  .number()
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be 0 or more" })
  .max(30, { error: "must be at most 30" });

const Warehouse = z.object({
  warehouseId: WarehouseId,
  /**
   * The location Shopify created with the fulfillment service for this warehouse. Null until the
   * install.fulfillment-services job has created it (app/flows/install/fulfillment-services.server.ts):
   * until then nothing can be routed to the warehouse.
   */
  shopifyLocationId: ShopifyLocationId.nullable().default(null),
  /**
   * Where the warehouse is: its Shopify location is put in this country (a new location starts at
   * the shop's address), which decides customs (imports, IOSS) for its parcels. Null: left as is.
   */
  country: CountryCode.nullable().default(null),
  enabled: z.boolean().default(true),
  services: ServicesByCountry.prefault({}),
  /**
   * Working days the warehouse takes to ship what it accepted (its handling time, as agreed with
   * the provider): accepted requests tell Shopify when they should ship. Null: not said.
   */
  handlingDays: HandlingDays.nullable().default(null),
});

/** The provider's drop-ship Location: free text, as the provider names it. */
export const HandlingLocation = textBetween(1, 20);

/** Parcels the merchant ships through the provider's handling location (drop-ship). */
const DropShip = z.object({
  handlingLocation: HandlingLocation,
  /** The merchant's Shopify locations whose fulfillment orders become drop-ship packages. */
  merchantLocationIds: z.array(ShopifyLocationId).min(1, { error: "must name at least one location" }),
  services: ServicesByCountry.prefault({}),
  /**
   * Packages heavier than this go to the provider in boxes of at most this many grams
   * (operation 6) instead of as one parcel; null: always one parcel (decision 0017).
   */
  maxBoxGrams: integer(1, INT32_MAX).nullable().default(null),
});

/** What a customs declaration says when a product does not say it itself. */
const CustomsDefaults = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code such as USD" })
    .default("USD"),
  hsCode: emptyOrDigits(6, 50).default(""),
  /** Empty: none. Otherwise the provider's customs-name rule, checked here rather than on a held order. */
  declareNameEn: z.union([z.literal(""), declareName()]).default(""),
  originCountry: CountryCode.nullable().default(null),
  /** PRESENTMENT: what the customer paid, in their currency (the transaction value customs expect); SHOP: the shop's currency. */
  declaredValueCurrency: ConnectorSettings.shape.customs.unwrap().shape.declaredValueCurrency.unwrap().default("PRESENTMENT"),
});

// The tax numbers' formats are the connector's (app/connector/settings.ts): one rule, one place.
const connectorTaxIds = ConnectorSettings.shape.taxIds.unwrap().shape;
export const TaxNumber = {
  ioss: connectorTaxIds.ioss.unwrap(),
  euVatNumber: connectorTaxIds.euVatNumber.unwrap(),
  ukVatNumber: connectorTaxIds.ukVatNumber.unwrap(),
};

/** The shop's own tax numbers, declared on the parcels that need them. Null: the shop has none. */
const TaxIds = z.object({
  ioss: TaxNumber.ioss.nullable().default(null),
  euVatNumber: TaxNumber.euVatNumber.nullable().default(null),
  ukVatNumber: TaxNumber.ukVatNumber.nullable().default(null),
});

/** A store SKU as Shopify's variant carries it. */
export const StoreSku = z.string().trim().min(1, { error: "must not be empty" });

/** How store SKUs are known to the provider. */
const SkuMapping = z.object({
  /** True: only SKUs listed here may ship; any other is held as unknown. */
  strict: z.boolean().default(false),
  bySku: z.record(StoreSku, SkuEntry).default({}),
});

/** What registering a SKU with the provider uses when the SKU's own entry (the Products page) does not say. */
const SkuDefaults = z.object({
  /** One unit's size in cm; null: SKUs without a size of their own cannot be registered. */
  size: SkuEntry.shape.size.unwrap().nullable().default(null),
  /** A unit's declared value: the variant's price, or its cost in Shopify. */
  declaredValueFrom: z.enum(["PRICE", "COST"]).default("PRICE"),
});

/** The provider's stock written into Shopify at the warehouses' locations. */
export const StockSyncSettings = z.object({
  enabled: z.boolean().default(true),
  /** How often, besides on demand and after anything that changes the provider's stock. */
  intervalMinutes: z
    .number()
    .int({ error: "must be a whole number" })
    .min(5, { error: "must be at least 5" })
    .max(1440, { error: "must be at most 1440 (a day)" })
    .default(15),
});

/** What happens after a package is sent, and to a package the provider cannot create. */
export const AfterSendingSettings = z.object({
  /**
   * hold: the package waits FAILED with the provider's reason, for a fix and a retry.
   * handBack: its fulfillment order goes back to Shopify (closed as incomplete, with the reason),
   * and the merchant decides there; drop-ship ones have nothing to give back and stay FAILED.
   */
  failedPackages: z.enum(["hold", "handBack"]).default("hold"),
  /** A parcel the provider and the carrier have said nothing new about for this many days is followed no further. */
  noNewsDays: z
    .number()
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(365, { error: "must be at most 365" })
    .default(30),
});

/**
 * Checkout rates: the provider's prices offered at checkout through Shopify's carrier service
 * (app/flows/checkout-rates). `carrierServiceId` and `problem` are what Shopify last said, kept so
 * Settings shows the state after a reload.
 */
/** Shopify's refusal of the app's carrier service: what it said, verbatim, and whether it named the plan. */
export const CheckoutRatesRefusal = z.object({ planRefused: z.boolean(), said: z.string() });
export type CheckoutRatesRefusal = z.output<typeof CheckoutRatesRefusal>;

export const CheckoutRatesSettings = z.object({
  enabled: z.boolean().default(false),
  /** Shopify's id of the app's carrier service, once registered. */
  carrierServiceId: z.string().nullable().default(null),
  /**
   * Why Shopify refused to register it (a plan without carrier-calculated shipping): Shopify's own
   * words and whether the plan was the cause, so the page says it in the language of whoever reads
   * it. A sentence: written by an older version in the language of the admin who clicked, shown as
   * it is.
   */
  problem: z.union([CheckoutRatesRefusal, z.string()]).nullable().default(null),
  /** Answered when the provider is slow or down, or the cart holds SKUs it does not know. None: no rates from the app then. */
  flatRates: z.array(FlatRate).max(10, { error: "must be at most 10 rates" }).default([]),
  /** How long a price for the same cart and destination is answered from memory. */
  cacheMinutes: z.number().int().min(1, { error: "must be at least 1" }).max(60, { error: "must be at most 60" }).default(10),
});
export type CheckoutRatesSettings = z.output<typeof CheckoutRatesSettings>;

export const ShopSettings = z
  .object({
    mode: z.enum(["sandbox", "live"]).default("sandbox"),
    /** Null: the environment's PROVIDER_BASE_URL (the sandbox unless configured). */
    providerBaseUrl: z.url().nullable().default(null),
    warehouses: z.array(Warehouse).default([]),
    dropShip: DropShip.nullable().default(null),
    customs: CustomsDefaults.prefault({}),
    taxIds: TaxIds.prefault({}),
    skus: SkuMapping.prefault({}),
    skuDefaults: SkuDefaults.prefault({}),
    stockSync: StockSyncSettings.prefault({}),
    orders: OrderRules.prefault({}),
    afterSending: AfterSendingSettings.prefault({}),
    /** Payment gateways that mean cash on delivery, besides the usual names ("Cash on Delivery (COD)"). */
    codGatewayNames: z.array(z.string().trim().min(1, { error: "must not be empty" })).default([]),
    /** Whether Shopify emails the customer when a fulfilment with tracking is written. */
    notifyCustomer: z.boolean().default(true),
    /** autoPush sends valid shipments at once; holdForReview keeps every new one HELD for a person. */
    pushPolicy: z.enum(["autoPush", "holdForReview"]).default("autoPush"),
    checkoutRates: CheckoutRatesSettings.prefault({}),
  })
  .superRefine((settings, context) => {
    const seen = new Set<string>();
    settings.warehouses.forEach((warehouse, index) => {
      if (seen.has(warehouse.warehouseId)) {
        context.addIssue({ code: "custom", path: ["warehouses", index, "warehouseId"], message: "is configured twice" });
      }
      seen.add(warehouse.warehouseId);
    });
    const warehouseLocations = new Set(
      settings.warehouses.flatMap((warehouse) => (warehouse.shopifyLocationId === null ? [] : [warehouse.shopifyLocationId])),
    );
    settings.dropShip?.merchantLocationIds.forEach((locationId, index) => {
      if (warehouseLocations.has(locationId)) {
        context.addIssue({
          code: "custom",
          path: ["dropShip", "merchantLocationIds", index],
          message: "is a provider warehouse's location, not one the merchant ships from",
        });
      }
    });
  });

export type ShopSettings = z.output<typeof ShopSettings>;
export type ShopSettingsInput = z.input<typeof ShopSettings>;
