/**
 * What the connector knows about a Shopify fulfillment order and its order: plain facts, shaped
 * after the Admin GraphQL API (2026-10) but independent of it, so `app/shopify/` can fill them from
 * a query and tests can build them by hand. Parsing these at the boundary is what lets the mapping
 * trust every field it reads.
 */
import { z } from "zod";
import { CountryCode } from "./countries";
import { PaymentTerms, PurchasingCompany } from "./payment-terms";

/** A Shopify global id of one resource type, e.g. gid://shopify/FulfillmentOrder/123. */
const gid = <T extends string>(type: T) =>
  z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`), { error: `must be a gid://shopify/${type}/… id` });

/** The numeric id the REST API and the admin URLs use (UnsignedInt64, kept as text: JSON numbers lose digits). */
export const LegacyId = z.string().regex(/^\d{1,20}$/, { error: "must be 1 to 20 digits" });
export type LegacyId = z.infer<typeof LegacyId>;

/** The numeric tail of a gid, i.e. its legacy id. */
export function legacyIdOf(globalId: string): LegacyId | undefined {
  const tail = /\/(\d{1,20})$/.exec(globalId)?.[1];
  return tail === undefined ? undefined : LegacyId.parse(tail);
}

export const FulfillmentOrderGid = gid("FulfillmentOrder").brand<"FulfillmentOrderGid">();
export type FulfillmentOrderGid = z.infer<typeof FulfillmentOrderGid>;
export const LocationGid = gid("Location").brand<"LocationGid">();
export type LocationGid = z.infer<typeof LocationGid>;
export const OrderGid = gid("Order");
export const LineItemGid = gid("LineItem");
export const FulfillmentOrderLineItemGid = gid("FulfillmentOrderLineItem");

const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, { error: "must be a three-letter ISO currency code" });

/** Shopify's Decimal scalar: an amount written as text, e.g. "89.99". */
const Amount = z.string().regex(/^-?\d+(\.\d+)?$/, { error: "must be a decimal amount such as 89.99" });

export const Money = z.object({ amount: Amount, currencyCode: CurrencyCode });
export type Money = z.infer<typeof Money>;

/** An amount in the shop's currency and in the currency the customer paid in. */
export const MoneyBag = z.object({ shopMoney: Money, presentmentMoney: Money });
export type MoneyBag = z.infer<typeof MoneyBag>;

export const WeightUnit = z.enum(["GRAMS", "KILOGRAMS", "OUNCES", "POUNDS"]);
export const Weight = z.object({ unit: WeightUnit, value: z.number().nonnegative() });
export type Weight = z.infer<typeof Weight>;

/** The product facts customs needs, from the variant's inventory item. Null when the variant was deleted. */
export const VariantFacts = z.object({
  /** Weight of one unit, as the merchant entered it. */
  weight: Weight.nullable(),
  harmonizedSystemCode: z.string().nullable(),
  /** HS codes the merchant set for particular destination countries; these win over the general one. */
  countryHarmonizedSystemCodes: z.array(z.object({ countryCode: CountryCode, harmonizedSystemCode: z.string() })),
  countryCodeOfOrigin: CountryCode.nullable(),
});
export type VariantFacts = z.infer<typeof VariantFacts>;

/** A duty Shopify charged at checkout on an order line (all its units), with the HS code it was computed by. */
export const LineDuty = z.object({ price: MoneyBag, harmonizedSystemCode: z.string().nullable() });
export type LineDuty = z.infer<typeof LineDuty>;

/** A Shopify bundle as sold: its LineItemGroup id, its title ("Gift box") and how many the order has. */
export const Bundle = z.object({ id: z.string(), title: z.string(), quantity: z.number().int().nonnegative() });
export type Bundle = z.infer<typeof Bundle>;

export const FulfillmentOrderLine = z.object({
  id: FulfillmentOrderLineItemGid,
  /** The order's line item; its legacy id is what the warehouse sees as the platform item id. */
  lineItemId: LineItemGid,
  sku: z.string().nullable(),
  /** Units still to ship from this fulfillment order: what the package carries. */
  remainingQuantity: z.number().int().nonnegative(),
  totalQuantity: z.number().int().nonnegative(),
  requiresShipping: z.boolean(),
  isGiftCard: z.boolean(),
  productTitle: z.string(),
  variantTitle: z.string().nullable(),
  /**
   * Price of one unit as the customer paid it: the discounted unit price when Shopify knows it
   * (financialSummaries.approximateDiscountedUnitPriceSet), otherwise the original unit price.
   */
  unitPrice: MoneyBag,
  variant: VariantFacts.nullable(),
  /**
   * The duties charged at checkout on the order's line, for the units it was ordered with
   * (`orderedQuantity`: a fulfillment order may carry some of them only). Null when not read: they
   * are read only for an order whose duties were collected at checkout (connector/duties.ts).
   */
  duties: z
    .object({ orderedQuantity: z.number().int().positive(), charged: z.array(LineDuty) })
    .nullable()
    .default(null),
  /**
   * The Shopify bundle this line is a component of (`LineItem.lineItemGroup`): the bundle's title
   * and how many of it the order has. Null for a line sold on its own. A component ships as any
   * other line; the bundle only names it for the merchant (decision 0046).
   */
  bundle: Bundle.nullable().default(null),
});
export type FulfillmentOrderLine = z.infer<typeof FulfillmentOrderLine>;

/** Where the parcel goes. Every field may be missing: Shopify does not require them all everywhere. */
export const Destination = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  /** The province's name ("Kentucky", "Tōkyō"). */
  province: z.string().nullable(),
  /**
   * The province's code ("KY"). FulfillmentOrderDestination has no such field; it is taken from the
   * order's shipping address when that is the same address.
   */
  provinceCode: z.string().nullable(),
  zip: z.string().nullable(),
  countryCode: CountryCode.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Destination = z.infer<typeof Destination>;

export const FulfillmentOrderStatus = z.enum(["CANCELLED", "CLOSED", "INCOMPLETE", "IN_PROGRESS", "ON_HOLD", "OPEN", "SCHEDULED"]);
export type FulfillmentOrderStatus = z.infer<typeof FulfillmentOrderStatus>;

/** DeliveryMethodType: only SHIPPING fulfillment orders become parcels. */
export const DeliveryMethodType = z.enum(["SHIPPING", "PICK_UP", "PICKUP_POINT", "LOCAL", "RETAIL", "NONE"]);
export type DeliveryMethodType = z.infer<typeof DeliveryMethodType>;

export const FulfillmentOrderFacts = z
  .object({
    id: FulfillmentOrderGid,
    legacyId: LegacyId,
    orderId: OrderGid,
    status: FulfillmentOrderStatus,
    /** When a SCHEDULED fulfillment order opens (subscriptions, pre-orders); null otherwise. */
    fulfillAt: z.string().nullable().default(null),
    /** Holds placed in Shopify (by the merchant, a fraud app, payment), with the reason it shows. */
    holds: z.array(z.object({ reason: z.string(), notes: z.string().nullable(), displayReason: z.string() })).default([]),
    /** Null when Shopify did not say; treated as shipping. */
    deliveryMethod: DeliveryMethodType.nullable(),
    /** The location the fulfillment order is assigned to; null if that location was deleted. */
    assignedLocationId: LocationGid.nullable(),
    destination: Destination.nullable(),
    lineItems: z.array(FulfillmentOrderLine),
  })
  .refine((fo) => fo.id.endsWith(`/${fo.legacyId}`), {
    error: "legacyId must be the numeric tail of id",
    path: ["legacyId"],
  });
export type FulfillmentOrderFacts = z.infer<typeof FulfillmentOrderFacts>;

/**
 * Extra fields some countries collect at checkout (Order.localizedFields), such as Brazil's CPF
 * (TAX_CREDENTIAL_BR) or Korea's customs code (SHIPPING_CREDENTIAL_KR).
 */
export const LocalizedField = z.object({ key: z.string(), value: z.string() });
export type LocalizedField = z.infer<typeof LocalizedField>;

/**
 * The shipping line the customer chose at checkout (Order.shippingLine). A rate of the app's own
 * carrier service has that service's name as `source` and the provider's service code the app
 * answered as `code`; the merchant's own rates have source "shopify" and the code or title the
 * merchant gave them.
 */
export const ShippingLine = z.object({
  code: z.string().nullable(),
  title: z.string(),
  /** Null when Shopify did not say (orders read before the app asked for it). */
  source: z.string().nullable().default(null),
});
export type ShippingLine = z.infer<typeof ShippingLine>;

/** An order line as a whole, across all its fulfillment orders. */
export const OrderLine = z.object({
  id: LineItemGid,
  unfulfilledQuantity: z.number().int().nonnegative(),
  requiresShipping: z.boolean(),
  isGiftCard: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderFacts = z
  .object({
    id: OrderGid,
    legacyId: LegacyId,
    /** As the merchant knows it, e.g. "#1001". */
    name: z.string().min(1),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    currencyCode: CurrencyCode,
    presentmentCurrencyCode: CurrencyCode,
    /**
     * Tax charged at checkout, in the currency the customer paid in. For a parcel entering the EU it
     * tells whether the shop collected the import VAT (and so declares its IOSS number) or the
     * recipient pays it at the door. (Only the customer's currency is read: decision 0025.) Null
     * when not read: it is read only for a shop with an IOSS number, its one reader (customs.ts, vatCollectedAtCheckout).
     */
    totalTax: Money.nullable(),
    /**
     * What the customer still owes, in the currency they paid in: the amount a cash-on-delivery parcel
     * collects. Null when not read: it is read only for an order paid cash on delivery, its one reader.
     */
    totalOutstanding: Money.nullable(),
    /**
     * Duties and import taxes collected at checkout (delivered duty paid): the order's prices
     * include them (Order.dutiesIncluded), or its current duties total, in the currency the customer
     * paid in, is above zero. The total is null when the order has none, or when not read: it is
     * read only for a shop that sends drop-ship packages, its one reader (connector/duties.ts).
     */
    dutiesIncluded: z.boolean().default(false),
    currentTotalDuties: Money.nullable().default(null),
    /** E.g. "shopify_payments", "Cash on Delivery (COD)". */
    paymentGatewayNames: z.array(z.string()),
    /** OrderDisplayFinancialStatus: PAID, PENDING (bank transfer awaiting payment), AUTHORIZED, ...; null when Shopify does not say. */
    financialStatus: z.string().nullable().default(null),
    /**
     * B2B: the company that placed the order (Order.purchasingEntity); null for a customer's order.
     * Read only for a company's order, with its payment terms.
     */
    purchasingCompany: PurchasingCompany.nullable().default(null),
    /** The order's payment terms (Order.paymentTerms); null when it has none, or is no company's (not read). */
    paymentTerms: PaymentTerms.nullable().default(null),
    /** A company's order whose terms Shopify refused to tell: the shop has not approved the app's access to them yet. */
    companyFactsDenied: z.boolean().default(false),
    /** Shopify's fraud recommendation (ACCEPT, INVESTIGATE, CANCEL, NONE) and the gravest assessment's level. */
    riskRecommendation: z.string().default("NONE"),
    riskLevel: z.enum(["HIGH", "MEDIUM", "LOW", "PENDING", "NONE"]).default("NONE"),
    /** The shipping method the customer chose at checkout. */
    shippingLine: ShippingLine.nullable().default(null),
    /**
     * The language the customer bought in ("en", "zh-CN", "fr-CA"): the checkpoints Shopify shows
     * them are asked of the provider in it (tracking-language.ts). Null when Shopify names none.
     */
    customerLocale: z.string().nullable().default(null),
    /**
     * When the customer placed the order (Order.createdAt): how long its package may still wait for
     * company in a partial batch is counted from it (decision 0051). Null when not known.
     */
    placedAt: z.coerce.date().nullable().default(null),
    localizedFields: z.array(LocalizedField),
    /**
     * Used to tell whether one package carries everything still to ship (cash on delivery). Null when
     * not read: they are read only for an order paid cash on delivery, their one reader.
     */
    lineItems: z.array(OrderLine).nullable(),
  })
  .refine((order) => order.id.endsWith(`/${order.legacyId}`), {
    error: "legacyId must be the numeric tail of id",
    path: ["legacyId"],
  });
export type OrderFacts = z.infer<typeof OrderFacts>;
