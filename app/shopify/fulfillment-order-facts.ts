/**
 * The selections the connector's facts are read from (GraphQL fragments, each beside the zod schema
 * of what it returns) and the mapping of those answers onto `FulfillmentOrderFacts` / `OrderFacts`.
 * Pure: the documents and the calls live in fulfillment-orders.server.ts. What is read costs points
 * of the shop's bucket (an object 1, a connection 2 plus its nodes), so each field has a reader in
 * the connector, and what is needed only sometimes is read only then: docs/decisions/0010-pipeline-throughput.md.
 */
import { z } from "zod";
import {
  FulfillmentOrderFacts,
  legacyIdOf,
  OrderFacts,
  type Destination,
  type FulfillmentOrderLine,
  type MoneyBag as MoneyBagFacts,
  type OrderLine,
  Weight,
} from "~/connector/fulfillment-order";

const Money = z.object({ amount: z.string(), currencyCode: z.string() });
const MoneyBag = z.object({ shopMoney: Money, presentmentMoney: Money });
/** A money bag read for the customer's currency alone: the order's totals are never wanted in the shop's. */
export const PresentmentOnly = z.object({ presentmentMoney: Money });

export const MONEY_BAG_FIELDS = `#graphql
  fragment MoneyBagFields on MoneyBag {
    shopMoney { amount currencyCode }
    presentmentMoney { amount currencyCode }
  }`;

/**
 * A fulfillment order line: its inventory item by id alone (its customs data is read per item, see
 * INVENTORY_ITEM_FIELDS; null when the line has no item: a gift card, a custom line, a deleted
 * variant). The unit price comes from the financial summaries; the line's original unit price is
 * read separately for a line that has none.
 */
export const FULFILLMENT_ORDER_LINE_FIELDS = `#graphql
  fragment FulfillmentOrderLineFields on FulfillmentOrderLineItem {
    id
    sku
    remainingQuantity
    totalQuantity
    requiresShipping
    productTitle
    variantTitle
    inventoryItemId
    lineItem { id isGiftCard lineItemGroup { id title quantity } }
    financialSummaries { quantity approximateDiscountedUnitPriceSet { ...MoneyBagFields } }
  }`;

export const CountryHarmonizedSystemCode = z.object({ countryCode: z.string(), harmonizedSystemCode: z.string() });

export const FulfillmentOrderLineNode = z.object({
  id: z.string(),
  sku: z.string().nullable(),
  remainingQuantity: z.number(),
  totalQuantity: z.number(),
  requiresShipping: z.boolean(),
  productTitle: z.string(),
  variantTitle: z.string().nullable(),
  inventoryItemId: z.string().nullable(),
  lineItem: z.object({
    id: z.string(),
    isGiftCard: z.boolean(),
    /** The Shopify bundle the line is a component of (null for a line sold on its own): decision 0046. */
    lineItemGroup: z.object({ id: z.string(), title: z.string(), quantity: z.number().int() }).nullable(),
  }),
  financialSummaries: z.array(z.object({ quantity: z.number(), approximateDiscountedUnitPriceSet: MoneyBag })),
});
export type FulfillmentOrderLineNode = z.infer<typeof FulfillmentOrderLineNode>;

/** A line's original unit price, read only for a line without a financial summary. */
export const OriginalUnitPriceNode = z.object({ id: z.string(), lineItem: z.object({ originalUnitPriceSet: MoneyBag }) });

/** Destination-specific HS codes read with each item; more than this is read separately (rare). */
export const COUNTRY_HS_CODES_WITH_ITEM = 5;

/**
 * The customs facts of an inventory item, read once for every line of a batch that carries it, not
 * through each line's variant (a connection inside a connection).
 */
export const INVENTORY_ITEM_FIELDS = `#graphql
  fragment InventoryItemCustomsFields on InventoryItem {
    id
    harmonizedSystemCode
    countryCodeOfOrigin
    measurement { weight { unit value } }
    countryHarmonizedSystemCodes(first: ${COUNTRY_HS_CODES_WITH_ITEM}) {
      nodes { countryCode harmonizedSystemCode }
      pageInfo { hasNextPage }
    }
  }`;

export const InventoryItemNode = z.object({
  id: z.string(),
  harmonizedSystemCode: z.string().nullable(),
  countryCodeOfOrigin: z.string().nullable(),
  measurement: z.object({ weight: Weight.nullable() }),
  countryHarmonizedSystemCodes: z.object({
    nodes: z.array(CountryHarmonizedSystemCode),
    pageInfo: z.object({ hasNextPage: z.boolean() }),
  }),
});
export type InventoryItemNode = z.infer<typeof InventoryItemNode>;

export const ORDER_LINE_FIELDS = `#graphql
  fragment OrderLineFields on LineItem { id unfulfilledQuantity requiresShipping isGiftCard }`;

export const OrderLineNode = z.object({
  id: z.string(),
  unfulfilledQuantity: z.number(),
  requiresShipping: z.boolean(),
  isGiftCard: z.boolean(),
});

/** Order lines read with the order; longer orders are read on, page by page. */
export const ORDER_LINES_PER_PAGE = 5;
/** Localized fields read at first for an order (a country asks for one or two); more are read on. */
export const LOCALIZED_FIELDS_PER_PAGE = 5;

/**
 * The countries Shopify collects localized fields for: every LocalizedFieldKey of the 2026-10
 * schema (TAX_CREDENTIAL_BR, SHIPPING_CREDENTIAL_KR, ...) ends in one of these. The connector reads
 * only the keys of a parcel's destination country (connector/countries.ts), so an order's localized
 * fields are read only when its fulfillment order goes to one of these: a connection of 2 points
 * and more that every other order does without.
 */
export const COUNTRIES_WITH_LOCALIZED_FIELDS: ReadonlySet<string> = new Set([
  "BR",
  "CL",
  "CN",
  "CO",
  "CR",
  "EC",
  "ES",
  "GT",
  "ID",
  "IT",
  "KR",
  "MX",
  "MY",
  "PE",
  "PT",
  "PY",
  "TR",
  "TW",
]);

/** Whether the order of a fulfillment order going to this country may carry localized fields the connector reads. */
export function wantsLocalizedFields(destinationCountry: string | null | undefined): boolean {
  return destinationCountry !== null && destinationCountry !== undefined && COUNTRIES_WITH_LOCALIZED_FIELDS.has(destinationCountry);
}

/**
 * The order's own facts. Order.customer needs read_customers, which the app does not ask for: email
 * and phone come from the order and the destination. The total tax is read only for a shop with an
 * IOSS number (its one reader). The duties total (2 points) is read only for a shop that sends
 * drop-ship packages, its one reader: it tells whether duties were collected at checkout, and only
 * then are the lines' duties read (LINE_DUTIES_PAGE).
 */
export const ORDER_FACTS_FIELDS = `#graphql
  fragment OrderFactsFields on Order {
    id
    legacyResourceId
    name
    createdAt
    email
    phone
    currencyCode
    presentmentCurrencyCode
    paymentGatewayNames
    displayFinancialStatus
    risk { recommendation assessments { riskLevel } }
    shippingLine { code title source }
    customerLocale
    dutiesIncluded
    currentTotalDutiesSet @include(if: $withDuties) { presentmentMoney { amount currencyCode } }
    totalTaxSet @include(if: $withTotalTax) { presentmentMoney { amount currencyCode } }
    shippingAddress { address1 city province provinceCode zip countryCodeV2 }
    purchasingEntity { __typename }
  }`;

/**
 * What only a B2B company's order needs: its payment terms and the company's name, read separately
 * for such orders alone (they need the read_payment_terms and read_companies scopes, which a shop
 * that has not approved them yet refuses: the customer's orders never ask).
 */
export const ORDER_COMPANY_FIELDS = `#graphql
  fragment OrderCompanyFields on Order {
    paymentTerms { paymentTermsType paymentTermsName dueInDays paymentSchedules(first: 1) { nodes { dueAt } } }
    purchasingEntity { ... on PurchasingCompany { company { name } location { name } } }
  }`;

export const OrderCompanyNode = z.object({
  paymentTerms: z
    .object({
      paymentTermsType: z.string(),
      paymentTermsName: z.string(),
      dueInDays: z.number().int().nullable(),
      paymentSchedules: z.object({ nodes: z.array(z.object({ dueAt: z.string().nullable() })) }),
    })
    .nullable(),
  /** `{}` for a customer (the fragment selects nothing of it), null for no buyer. */
  purchasingEntity: z
    .object({ company: z.object({ name: z.string() }).optional(), location: z.object({ name: z.string() }).optional() })
    .nullable(),
});
export type OrderCompanyNode = z.infer<typeof OrderCompanyNode>;

/** A company order's B2B facts, or why they could not be read. */
export type CompanyFacts = { read: OrderCompanyNode } | { denied: true };

/** Whether the order was placed by a B2B company (its purchasing entity is a PurchasingCompany). */
export function isCompanyOrder(order: OrderNode): boolean {
  return order.purchasingEntity?.__typename === "PurchasingCompany";
}

/**
 * What only a cash-on-delivery parcel needs (the amount to collect, and the order's lines to tell
 * whether the parcel carries all that is still to ship), read separately for such orders alone: 2 + 3
 * points of a one-line order that every other order does without.
 */
export const ORDER_CASH_ON_DELIVERY_FIELDS = `#graphql
  fragment OrderCashOnDeliveryFields on Order {
    totalOutstandingSet { presentmentMoney { amount currencyCode } }
    lineItems(first: ${ORDER_LINES_PER_PAGE}) {
      nodes { ...OrderLineFields }
      pageInfo { hasNextPage endCursor }
    }
  }`;

export const OrderCashOnDeliveryNode = z.object({
  totalOutstandingSet: PresentmentOnly,
  lineItems: z.object({
    nodes: z.array(OrderLineNode),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
  }),
});
export type OrderCashOnDeliveryNode = z.infer<typeof OrderCashOnDeliveryNode>;

/** A fulfillment order line's order line: its ordered quantity and the duties charged on it at checkout. */
export const LineDutiesNode = z.object({
  id: z.string(),
  lineItem: z.object({
    quantity: z.number(),
    duties: z.array(z.object({ price: MoneyBag, harmonizedSystemCode: z.string().nullable() })),
  }),
});
export type LineDutiesNode = z.infer<typeof LineDutiesNode>;

export const LocalizedFieldNode = z.object({ key: z.string(), value: z.string() });

const ShippingAddress = z.object({
  address1: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  provinceCode: z.string().nullable(),
  zip: z.string().nullable(),
  countryCodeV2: z.string().nullable(),
});

export const OrderNode = z.object({
  id: z.string(),
  legacyResourceId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  currencyCode: z.string(),
  presentmentCurrencyCode: z.string(),
  paymentGatewayNames: z.array(z.string()),
  displayFinancialStatus: z.string().nullable(),
  risk: z.object({ recommendation: z.string(), assessments: z.array(z.object({ riskLevel: z.string() })) }),
  shippingLine: z.object({ code: z.string().nullable(), title: z.string(), source: z.string().nullable() }).nullable(),
  customerLocale: z.string().nullable(),
  dutiesIncluded: z.boolean(),
  /** Absent when not asked for (FactsWanted.duties); null when the order has no duties. */
  currentTotalDutiesSet: PresentmentOnly.nullable().optional(),
  /** Absent when not asked for (FactsWanted.totalTax); null when Shopify left it null. */
  totalTaxSet: PresentmentOnly.nullable().optional(),
  shippingAddress: ShippingAddress.nullable(),
  purchasingEntity: z.object({ __typename: z.string() }).nullable(),
});
export type OrderNode = z.infer<typeof OrderNode>;

export const DestinationNode = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  zip: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
type DestinationNode = z.infer<typeof DestinationNode>;

/** The header of a fulfillment order; its lines and order come in their own fields. */
export const FulfillmentOrderHeader = z.object({
  id: z.string(),
  status: z.string(),
  fulfillAt: z.string().nullable(),
  fulfillmentHolds: z.array(z.object({ reason: z.string(), reasonNotes: z.string().nullable(), displayReason: z.string() })),
  deliveryMethod: z.object({ methodType: z.string() }).nullable(),
  assignedLocation: z.object({ location: z.object({ id: z.string() }).nullable() }),
  destination: DestinationNode.nullable(),
});
type FulfillmentOrderHeader = z.infer<typeof FulfillmentOrderHeader>;

const same = (a: string | null, b: string | null) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * The shipping address's province code, when the destination is that address; otherwise unknown.
 * FulfillmentOrderDestination has no provinceCode in the 2026-10 schema; if the merchant changed the
 * destination, the code is unknown rather than wrong.
 */
export function provinceCodeFor(destination: DestinationNode, shipping: OrderNode["shippingAddress"]): string | null {
  if (!shipping) return null;
  const isSameAddress =
    same(destination.countryCode, shipping.countryCodeV2) &&
    same(destination.province, shipping.province) &&
    same(destination.city, shipping.city) &&
    same(destination.zip, shipping.zip) &&
    same(destination.address1, shipping.address1);
  return isSameAddress ? shipping.provinceCode : null;
}

function decimals(amount: string): number {
  return amount.split(".")[1]?.length ?? 0;
}

/** Quantity-weighted mean of unit amounts, at the precision the amounts were written in. */
function weightedMean(parts: { amount: string; quantity: number }[]): string {
  const places = Math.max(...parts.map((p) => decimals(p.amount)));
  const scale = 10 ** places;
  const units = parts.reduce((sum, p) => sum + p.quantity, 0);
  const total = parts.reduce((sum, p) => sum + Math.round(Number(p.amount) * scale) * p.quantity, 0);
  return (Math.round(total / units) / scale).toFixed(places);
}

/**
 * What one unit cost the customer: the discounted unit price Shopify reports per financial summary.
 * Units discounted differently (buy one, get one) have a summary each; customs declares their mean.
 * Without any summary, the line's original unit price (read separately: undefined if it was not).
 */
export function unitPriceOf(
  summaries: FulfillmentOrderLineNode["financialSummaries"],
  originalUnitPrice: MoneyBagFacts | undefined,
): MoneyBagFacts | undefined {
  const [first] = summaries;
  if (!first) return originalUnitPrice;
  const counted = summaries.filter((s) => s.quantity > 0);
  if (counted.length <= 1) return counted[0]?.approximateDiscountedUnitPriceSet ?? first.approximateDiscountedUnitPriceSet;
  const mean = (pick: (bag: MoneyBagFacts) => z.infer<typeof Money>) => ({
    amount: weightedMean(counted.map((s) => ({ amount: pick(s.approximateDiscountedUnitPriceSet).amount, quantity: s.quantity }))),
    currencyCode: pick(first.approximateDiscountedUnitPriceSet).currencyCode,
  });
  return { shopMoney: mean((bag) => bag.shopMoney), presentmentMoney: mean((bag) => bag.presentmentMoney) };
}

/** A line for the connector's schema to parse; a unit price that could not be known is refused there. */
type LineInput = Omit<z.input<typeof FulfillmentOrderLine>, "unitPrice"> & { unitPrice: MoneyBagFacts | undefined };

/**
 * One fulfillment order line as the connector sees it. `item` is its inventory item's customs facts
 * with the complete list of destination-specific HS codes (null: no item, or Shopify no longer
 * knows it); `originalUnitPrice` is needed only for a line without a financial summary.
 */
export function lineFacts(
  line: FulfillmentOrderLineNode,
  item: InventoryItemNode | null,
  countryHsCodes: z.infer<typeof CountryHarmonizedSystemCode>[],
  originalUnitPrice: MoneyBagFacts | undefined,
  duties: LineDutiesNode["lineItem"] | undefined,
): LineInput {
  return {
    id: line.id,
    lineItemId: line.lineItem.id,
    sku: line.sku,
    remainingQuantity: line.remainingQuantity,
    totalQuantity: line.totalQuantity,
    requiresShipping: line.requiresShipping,
    isGiftCard: line.lineItem.isGiftCard,
    productTitle: line.productTitle,
    variantTitle: line.variantTitle,
    // Undefined only if the original price of a line without a summary was not read: then the
    // connector's schema refuses the line rather than guessing a price.
    unitPrice: unitPriceOf(line.financialSummaries, originalUnitPrice),
    variant: item
      ? {
          weight: item.measurement.weight,
          harmonizedSystemCode: item.harmonizedSystemCode,
          countryHarmonizedSystemCodes: countryHsCodes,
          countryCodeOfOrigin: item.countryCodeOfOrigin,
        }
      : null,
    // Read only for an order whose duties were collected at checkout.
    duties: duties === undefined ? null : { orderedQuantity: duties.quantity, charged: duties.duties },
    bundle: line.lineItem.lineItemGroup,
  };
}

function destinationFacts(destination: DestinationNode, order: OrderNode): z.input<typeof Destination> {
  return { ...destination, provinceCode: provinceCodeFor(destination, order.shippingAddress) };
}

/**
 * The fulfillment order's facts; parsing with the connector's schema is what makes them trustworthy.
 * FulfillmentOrder has no legacyResourceId in the 2026-10 schema: the legacy id is the gid's numeric tail.
 */
export function fulfillmentOrderFacts(
  header: FulfillmentOrderHeader,
  order: OrderNode,
  lines: LineInput[],
): z.ZodSafeParseResult<FulfillmentOrderFacts> {
  return FulfillmentOrderFacts.safeParse({
    id: header.id,
    legacyId: legacyIdOf(header.id),
    orderId: order.id,
    status: header.status,
    fulfillAt: header.fulfillAt,
    holds: header.fulfillmentHolds.map((hold) => ({ reason: hold.reason, notes: hold.reasonNotes, displayReason: hold.displayReason })),
    deliveryMethod: header.deliveryMethod?.methodType ?? null,
    assignedLocationId: header.assignedLocation.location?.id ?? null,
    destination: header.destination ? destinationFacts(header.destination, order) : null,
    lineItems: lines,
  });
}

/**
 * The order's facts. `localizedFields` are complete (read on past the first page; none read for a
 * destination without them); `currentTotalTax`
 * is read only when Shopify left `totalTaxSet` null; `cashOnDelivery` (the outstanding amount and
 * all the order's lines) only for an order paid cash on delivery, null for any other.
 */
export function orderFacts(
  order: OrderNode,
  cashOnDelivery: { totalOutstanding: z.infer<typeof PresentmentOnly>; lines: z.input<typeof OrderLine>[] } | null,
  localizedFields: z.infer<typeof LocalizedFieldNode>[],
  currentTotalTax: z.infer<typeof PresentmentOnly> | null,
  company: CompanyFacts | null = null,
): z.ZodSafeParseResult<OrderFacts> {
  const b2b = company !== null && "read" in company ? company.read : null;
  const buyer = b2b?.purchasingEntity?.company;
  return OrderFacts.safeParse({
    id: order.id,
    legacyId: order.legacyResourceId,
    name: order.name,
    placedAt: order.createdAt,
    email: order.email,
    phone: order.phone,
    currencyCode: order.currencyCode,
    presentmentCurrencyCode: order.presentmentCurrencyCode,
    // "Tax charged at checkout"; Shopify leaves the original total null on some orders. Null when
    // not asked for.
    totalTax: (order.totalTaxSet ?? currentTotalTax)?.presentmentMoney ?? null,
    totalOutstanding: cashOnDelivery?.totalOutstanding.presentmentMoney ?? null,
    paymentGatewayNames: order.paymentGatewayNames,
    financialStatus: order.displayFinancialStatus,
    riskRecommendation: order.risk.recommendation,
    // The gravest of the order's risk assessments (Shopify's and apps').
    riskLevel:
      (["HIGH", "MEDIUM", "LOW", "PENDING", "NONE"] as const).find((level) => order.risk.assessments.some((a) => a.riskLevel === level)) ??
      "NONE",
    shippingLine: order.shippingLine,
    customerLocale: order.customerLocale,
    purchasingCompany: buyer === undefined ? null : { name: buyer.name, location: b2b?.purchasingEntity?.location?.name ?? null },
    paymentTerms:
      b2b?.paymentTerms == null
        ? null
        : {
            type: b2b.paymentTerms.paymentTermsType,
            name: b2b.paymentTerms.paymentTermsName,
            dueInDays: b2b.paymentTerms.dueInDays,
            dueAt: b2b.paymentTerms.paymentSchedules.nodes[0]?.dueAt ?? null,
          },
    companyFactsDenied: company !== null && "denied" in company,
    dutiesIncluded: order.dutiesIncluded,
    currentTotalDuties: order.currentTotalDutiesSet?.presentmentMoney ?? null,
    localizedFields,
    lineItems: cashOnDelivery?.lines ?? null,
  });
}
