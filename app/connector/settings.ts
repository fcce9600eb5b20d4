/**
 * The part of a shop's settings the mapping reads: where each Shopify location ships from, which
 * service carries a parcel to which country, how store SKUs are known to the provider, customs
 * defaults and the shop's tax numbers. Parsed once when settings are saved, so a typo is reported
 * on the settings page, not as a held order later.
 */
import { z } from "zod";
import { code, decimal, declareName, emptyOrDigits } from "../fulfilment/schemas/rules";
import { CountryCode } from "./countries";
import { LocationGid } from "./fulfillment-order";
import { fitsLimit } from "./limits";
import { Kits } from "./kits";
import { ShipOnTerms } from "./payment-terms";

/** The provider's service codes: letters, digits, hyphen and underscore, at most 30 (operations 14 and 18). */
const ServiceCode = code(1, 30);

/** Which service carries a parcel, by destination country; `default` for every other country. */
export const ServiceRules = z.object({
  /**
   * By the shipping method the customer chose at checkout (its code or title, compared without
   * regard to case): an order paid as Express goes by the express service. Wins over the country.
   */
  byShippingMethod: z.record(z.string().trim().min(1), ServiceCode).default({}),
  byCountry: z.record(CountryCode, ServiceCode).default({}),
  default: ServiceCode.optional(),
});
export type ServiceRules = z.infer<typeof ServiceRules>;

/** The return address printed on drop-ship labels and declared as the shipper. */
export const SenderAddress = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .refine(...fitsLimit("ShipToAddress.Contact")),
  phone: z
    .string()
    .trim()
    .refine(...fitsLimit("ShipToAddress.Phone"))
    .optional(),
  email: z
    .string()
    .trim()
    .refine(...fitsLimit("ShipToAddress.Email"))
    .optional(),
  address1: z
    .string()
    .trim()
    .min(1)
    .refine(...fitsLimit("ShipToAddress.Street1")),
  address2: z
    .string()
    .trim()
    .refine(...fitsLimit("ShipToAddress.Street2"))
    .optional(),
  city: z
    .string()
    .trim()
    .min(1)
    .refine(...fitsLimit("ShipToAddress.City")),
  province: z
    .string()
    .trim()
    .refine(...fitsLimit("ShipToAddress.Province"))
    .optional(),
  zip: z
    .string()
    .trim()
    .refine(...fitsLimit("ShipToAddress.Postcode"))
    .optional(),
  countryCode: CountryCode,
});
export type SenderAddress = z.infer<typeof SenderAddress>;

/** Stock at a provider warehouse, shipped by the provider: an outbound package. */
export const WarehouseRoute = z.object({
  kind: z.literal("OUTBOUND"),
  /** The Shopify location of the app's fulfillment service for this warehouse. */
  locationId: LocationGid,
  warehouseId: z
    .string()
    .trim()
    .min(1)
    .refine(...fitsLimit("WarehouseId")),
  /** The warehouse's country: decides whether a parcel is an import (IOSS, UK VAT). */
  originCountry: CountryCode,
  services: ServiceRules,
});

/** Parcels the merchant ships from their own location through the provider: a drop-ship package. */
export const DropshipRoute = z.object({
  kind: z.literal("DROPSHIP"),
  locationId: LocationGid,
  /** The provider's handling location (operation 1's Location). */
  handlingLocation: z
    .string()
    .trim()
    .min(1)
    .refine(...fitsLimit("Location")),
  /** Also the parcel's origin country. */
  sender: SenderAddress,
  services: ServiceRules,
});

export const Route = z.discriminatedUnion("kind", [WarehouseRoute, DropshipRoute]);
export type Route = z.infer<typeof Route>;

/** A size's digits as operation 16 takes them: 8 in all, 2 of them decimals (the settings form says them in the admin's words). */
export const DIMENSION_DIGITS = { precision: 8, scale: 2 } as const;

/** A size in cm as operation 16 takes it (8 digits, 2 decimals), and more than nothing. */
export const positiveDimension = () => decimal(DIMENSION_DIGITS.precision, DIMENSION_DIGITS.scale, { positive: true });

/** How one store SKU is known to the provider, with customs data that overrides the product's. */
export const SkuEntry = z.object({
  /** The provider's SKU; the store SKU itself when absent. */
  providerSku: z
    .string()
    .trim()
    .min(1)
    .refine(...fitsLimit("Skus.Sku"))
    .optional(),
  /** Customs name in English for drop-ship declarations (operation 16's DeclareName rule). */
  declaredName: declareName().optional(),
  hsCode: emptyOrDigits(6, 50).optional(),
  /** What one unit is declared at when the SKU is registered with the provider (operation 16's DeclareValue). */
  declaredValue: decimal(18, 2, { positive: true }).optional(),
  /** One unit's size in cm, for the SKU's registration: Shopify keeps no dimensions of its own. */
  size: z.object({ lengthCm: positiveDimension(), widthCm: positiveDimension(), heightCm: positiveDimension() }).optional(),
});
export type SkuEntry = z.infer<typeof SkuEntry>;

/**
 * A warehouse as checkout rates read it (checkout-rates.ts, warehouseForCart): which warehouse a
 * cart was priced from, and so whose services the rates a customer chose are.
 */
export const CheckoutWarehouse = z.object({
  warehouseId: z.string().min(1),
  enabled: z.boolean(),
  country: CountryCode.nullable(),
  services: z.object({ defaultService: ServiceCode.nullable(), byCountry: z.record(CountryCode, ServiceCode) }),
});

export const ConnectorSettings = z
  .object({
    /**
     * Orders the merchant has not let through: unpaid ones (a bank transfer awaiting payment) and
     * those Shopify rates high risk of fraud wait HELD unless these say to ship them. Cash on
     * delivery counts as paid, and so does a company's order on terms the shop lets ship.
     */
    orders: z
      .object({
        shipUnpaid: z.boolean().default(false),
        shipHighRisk: z.boolean().default(false),
        /** B2B orders on payment terms: which terms ship before they are paid (decision 0043). */
        shipOnTerms: ShipOnTerms,
      })
      .prefault({}),
    routes: z.array(Route).default([]),
    /** The shop's warehouses as its checkout rates choose among them, in the merchant's order. */
    checkoutWarehouses: z.array(CheckoutWarehouse).default([]),
    skus: z
      .object({
        /** When true, only SKUs listed here may ship; anything else is held as unknown. */
        strict: z.boolean().default(false),
        bySku: z.record(z.string().min(1), SkuEntry).default({}),
      })
      .default({ strict: false, bySku: {} }),
    /** Variants the warehouse picks as several provider SKUs, by the kit's store SKU (decision 0047). */
    kits: Kits.default({}),
    customs: z
      .object({
        /** Used when a product title cannot be turned into a valid customs name (e.g. "茶碗"). */
        fallbackDeclaredName: declareName().optional(),
        /** Used when a product has no HS code for a cross-border drop-ship parcel. */
        defaultHsCode: z
          .string()
          .regex(/^\d{6,50}$/, { error: "must be 6 to 50 digits" })
          .optional(),
        /**
         * Declared values in what the customer paid (PRESENTMENT, the transaction value customs
         * expects) or in the shop's currency (SHOP, for providers that want one currency).
         */
        declaredValueCurrency: z.enum(["PRESENTMENT", "SHOP"]).default("PRESENTMENT"),
      })
      .default({ declaredValueCurrency: "PRESENTMENT" }),
    taxIds: z
      .object({
        /** Import One-Stop Shop number, for EU imports of at most EUR 150. */
        ioss: z
          .string()
          .regex(/^IM\d{10}$/, { error: "must be IM followed by 10 digits" })
          .optional(),
        /** The shop's EU VAT number, for parcels from an EU warehouse or location to another EU country. */
        euVatNumber: z
          .string()
          .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, { error: "must be a country prefix and 2 to 13 letters or digits" })
          .optional(),
        /** The shop's UK VAT number, for parcels imported into Great Britain. */
        ukVatNumber: z
          .string()
          .regex(/^GB(\d{9}|\d{12})$/, { error: "must be GB followed by 9 or 12 digits" })
          .optional(),
      })
      .default({}),
    /** Payment gateways that mean cash on delivery, besides the usual names ("Cash on Delivery (COD)"). */
    codGatewayNames: z.array(z.string().min(1)).default([]),
    salesPlatform: z.string().min(1).default("Shopify"),
  })
  .refine((s) => new Set(s.routes.map((r) => r.locationId)).size === s.routes.length, {
    error: "each Shopify location may have one route only",
    path: ["routes"],
  });
export type ConnectorSettings = z.infer<typeof ConnectorSettings>;
