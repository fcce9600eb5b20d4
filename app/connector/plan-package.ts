/**
 * A fulfillment order becomes one package: outbound when it is at a provider warehouse's
 * location, drop-ship when it is at a merchant location mapped to the provider. Or it is held
 * with every reason at once (so one fix-and-retry round suffices), or skipped because it is not
 * ours to ship. Pure: the same facts and settings always give the same plan.
 */
import { z } from "zod";
import {
  type AddressWithContact,
  DropshipPackage,
  type DropshipSkuLine,
  OutboundPackage,
  type ShipToAddress,
} from "../fulfilment/schemas/types";
import { destinationCountry, shipToAddress } from "./address";
import { codAmountFor, isCashOnDelivery } from "./cod";
import { dropshipLine, vatCodeFor, vatCollectedAtCheckout } from "./customs";
import { dutiesOnPackage } from "./duties";
import { type FulfillmentOrderFacts, legacyIdOf, type OrderFacts } from "./fulfillment-order";
import { said, type ReasonSay } from "../lib/words/reason-said";
import { type Checked, type HoldReason } from "./hold";
import { pickedSkusOf } from "./kits";
import { linesToShip, type PackageLine, packageLines, productNameOf } from "./lines";
import { type Cents, centsOf, sum, times, toAmount } from "./money";
import { PackageId, packageIdFor } from "./package-id";
import { shipsOnTerms, termsUnreadable, waitingOnTerms } from "./payment-terms";
import { originCountryOf, routeFor, serviceFor } from "./routing";
import type { ConnectorSettings, Route, SenderAddress } from "./settings";

export type ShipmentKind = Route["kind"];

/**
 * Why a package waits for Shopify or the merchant rather than for a fix: the order is on hold or
 * scheduled in Shopify, unpaid, or rated high risk of fraud. Planned again when that changes.
 */
export type WaitCode = "SHOPIFY_HOLD" | "SCHEDULED" | "AWAITING_PAYMENT" | "HIGH_RISK";

/** Why a fulfillment order is not the app's to ship, now or ever. */
export type SkipCode =
  /** At a location no route covers: the merchant ships it some other way. */
  | "NOT_ROUTED"
  /** Cancelled, closed or incomplete: nothing will ship. */
  | "CLOSED"
  /** Picked up or delivered locally, not shipped. */
  | "NOT_SHIPPED"
  /** Only gift cards, services or lines already fulfilled. */
  | "NOTHING_TO_SHIP";

export type PackagePlan =
  | { kind: "OUTBOUND"; packageId: PackageId; warehouseId: string; serviceCode: string; request: OutboundPackage }
  | { kind: "DROPSHIP"; packageId: PackageId; location: string; serviceCode: string; request: DropshipPackage }
  | { kind: "HELD"; packageId: PackageId; shipmentKind: ShipmentKind; reasons: HoldReason[] }
  /** Waits for Shopify or the merchant; `until` is when a scheduled fulfillment order opens. */
  | {
      kind: "WAIT";
      packageId: PackageId;
      shipmentKind: ShipmentKind;
      code: WaitCode;
      message: string;
      say: ReasonSay;
      until: string | null;
    }
  | { kind: "SKIP"; code: SkipCode; reason: string; say: ReasonSay };

/** `reason` is the English sentence, `say` how the admin says it again (a retry's answer, the timeline). */
const skip = (code: SkipCode, { message, say }: { message: string; say: ReasonSay }): PackagePlan => ({
  kind: "SKIP",
  code,
  reason: message,
  say,
});

/** Why a routed fulfillment order has nothing to ship now, if so. */
function notToShip(fo: FulfillmentOrderFacts, order: OrderFacts): PackagePlan | undefined {
  switch (fo.status) {
    case "CANCELLED":
    case "CLOSED":
    case "INCOMPLETE":
      return skip("CLOSED", said("fulfillmentClosed", order.name, fo.status));
  }
  if (fo.deliveryMethod !== null && fo.deliveryMethod !== "SHIPPING") {
    return skip("NOT_SHIPPED", said("notShipped", order.name, fo.deliveryMethod));
  }
  if (linesToShip(fo).length === 0) {
    return skip("NOTHING_TO_SHIP", said("nothingLeftToShip", order.name));
  }
  return undefined;
}

/** Paid, or as good as paid: captured, authorized (captured when it ships), or partly refunded. */
const PAID = new Set(["PAID", "AUTHORIZED", "PARTIALLY_REFUNDED"]);

/** Whether an order with this financial status (Shopify's, in either case) no longer waits for its payment. */
export const isPaidStatus = (financialStatus: string): boolean => PAID.has(financialStatus.toUpperCase());

/** Why the package waits for Shopify or the merchant, if it does: Shopify's state first, then the shop's rules. */
function waitFor(
  fo: FulfillmentOrderFacts,
  order: OrderFacts,
  settings: ConnectorSettings,
): { code: WaitCode; message: string; say: ReasonSay; until: string | null } | undefined {
  if (fo.status === "ON_HOLD") {
    // Shopify's reasons and the notes as written: quoted, not translated.
    const holds = fo.holds.map((hold) => (hold.notes ? `${hold.displayReason} (${hold.notes})` : hold.displayReason)).join("; ");
    return { code: "SHOPIFY_HOLD", ...said("onHoldInShopify", holds), until: null };
  }
  if (fo.status === "SCHEDULED") {
    return { code: "SCHEDULED", ...said("scheduled", fo.fulfillAt ?? ""), until: fo.fulfillAt };
  }
  if (
    !settings.orders.shipUnpaid &&
    order.financialStatus !== null &&
    !PAID.has(order.financialStatus) &&
    !isCashOnDelivery(order, settings) &&
    !shipsOnTerms(order.paymentTerms, settings.orders.shipOnTerms)
  ) {
    if (order.companyFactsDenied) return { code: "AWAITING_PAYMENT", ...termsUnreadable(order), until: null };
    if (order.paymentTerms !== null) {
      const terms = waitingOnTerms({ name: order.name, company: order.purchasingCompany }, order.paymentTerms);
      return { code: "AWAITING_PAYMENT", ...terms, until: null };
    }
    return { code: "AWAITING_PAYMENT", ...said("notPaid", order.name, order.financialStatus), until: null };
  }
  if (!settings.orders.shipHighRisk && (order.riskLevel === "HIGH" || order.riskRecommendation === "CANCEL")) {
    return { code: "HIGH_RISK", ...said("highRisk", order.name), until: null };
  }
  return undefined;
}

const reasonsOf = (...checks: Checked<unknown>[]): HoldReason[] => checks.flatMap((c) => (c.ok ? [] : c.reasons));

function senderOf(sender: SenderAddress): AddressWithContact {
  return {
    Contact: sender.name,
    Country: sender.countryCode,
    City: sender.city,
    Street1: sender.address1,
    ...(sender.address2 === undefined ? {} : { Street2: sender.address2 }),
    ...(sender.province === undefined ? {} : { Province: sender.province }),
    ...(sender.zip === undefined ? {} : { Postcode: sender.zip }),
    ...(sender.phone === undefined ? {} : { Phone: sender.phone }),
    ...(sender.email === undefined ? {} : { Email: sender.email }),
  };
}

/** The value of the goods in the package, in euros when the order has a euro amount (for the IOSS limit). */
function goodsValueInEuro(lines: readonly PackageLine[]): Cents | undefined {
  const prices = lines.map((item) => {
    const { shopMoney, presentmentMoney } = item.line.unitPrice;
    const euro = [presentmentMoney, shopMoney].find((m) => m.currencyCode === "EUR");
    return euro === undefined ? undefined : times(centsOf(euro), item.quantity);
  });
  return prices.every((p) => p !== undefined) ? sum(prices) : undefined;
}

/**
 * Anything the provider's own schema refuses is a bug of this module, not of the order: still
 * held, never sent, with the provider's words so support can find it.
 */
function providerRefusal(error: z.ZodError, order: OrderFacts): HoldReason[] {
  return error.issues.map((issue) => ({
    field: issue.path.join("."),
    ...said("providerWouldRefuse", issue.path.join("."), issue.message, order.name),
  }));
}

export function planPackage(fo: FulfillmentOrderFacts, order: OrderFacts, settings: ConnectorSettings): PackagePlan {
  if (fo.orderId !== order.id) throw new Error(`fulfillment order ${fo.id} belongs to ${fo.orderId}, not ${order.id}`);
  const route = routeFor(fo.assignedLocationId, settings);
  if (route === undefined) {
    return skip("NOT_ROUTED", said("notConnectedLocation", order.name));
  }
  const skipped = notToShip(fo, order);
  if (skipped !== undefined) return skipped;

  const packageId = packageIdFor({ orderName: order.name, legacyId: fo.legacyId });
  const waiting = waitFor(fo, order, settings);
  if (waiting !== undefined) return { kind: "WAIT", packageId, shipmentKind: route.kind, ...waiting };
  const origin = originCountryOf(route);
  const { lines, reasons: lineReasons } = packageLines(linesToShip(fo), settings);
  const units = lines.reduce((n, item) => n + item.quantity, 0);
  const cod = codAmountFor(order, units, settings);
  const vatCollected = vatCollectedAtCheckout(order, settings.taxIds);

  const country = destinationCountry(fo.destination);
  const service = country.ok ? serviceFor(route, country.value, order.shippingLine, settings) : undefined;
  const address = country.ok && fo.destination !== null ? shipToAddress(fo.destination, order, country.value) : undefined;
  // Checked even while the country is unknown, so that one fix-and-retry round finds everything.
  const destination = country.ok ? country.value : undefined;
  const customsLines: Checked<DropshipSkuLine>[] =
    route.kind === "DROPSHIP" ? lines.map((item) => dropshipLine(item, { destination, origin }, settings)) : [];

  const reasons = [
    ...reasonsOf(country),
    ...(service ? reasonsOf(service) : []),
    ...(address ? reasonsOf(address) : []),
    ...lineReasons,
    ...reasonsOf(...customsLines),
    ...reasonsOf(cod),
    ...reasonsOf(vatCollected),
  ];
  if (reasons.length > 0 || !service?.ok || !address?.ok || !cod.ok || !vatCollected.ok || !country.ok) {
    return { kind: "HELD", packageId, shipmentKind: route.kind, reasons };
  }

  const sellPrice = sum(lines.map((item) => times(centsOf(item.line.unitPrice.presentmentMoney), item.quantity)));
  const vatCode = vatCodeFor({
    destination: country.value,
    origin,
    goodsValueEuro: goodsValueInEuro(lines),
    vatCollected: vatCollected.value,
    taxIds: settings.taxIds,
  });
  const common = {
    PackageId: packageId,
    ServiceCode: service.value,
    ShipToAddress: address.value satisfies ShipToAddress,
    SellPrice: toAmount(sellPrice),
    SellPriceCurrency: order.presentmentCurrencyCode,
    SalesPlatform: settings.salesPlatform,
    ...(vatCode === undefined ? {} : { VatCode: vatCode }),
    ...(cod.value === undefined ? {} : { CodAmount: cod.value }),
    // The buying company, where the provider has a field for a company: the importer's
    // (ShipToAddress has none; the shipping address's company line travels in Street2).
    ...(order.purchasingCompany === null ? {} : { ImportsInfo: { Company: order.purchasingCompany.name } }),
  };

  if (route.kind === "OUTBOUND") {
    const parsed = OutboundPackage.safeParse({
      ...common,
      // A kit's line is picked as its components (decision 0047): each names the kit's line and
      // product, so the packer knows they go together; the kit's price is not any one component's.
      Skus: lines.flatMap((item) => {
        const productName = productNameOf(item.line);
        return pickedSkusOf(item, settings.kits).map((picked) => ({
          Sku: picked.sku,
          Quantity: picked.quantity,
          ...(picked.perKit === undefined ? { Price: toAmount(centsOf(item.line.unitPrice.presentmentMoney)) } : {}),
          PlatformItemId: legacyIdOf(item.line.lineItemId),
          PlatformTransactionId: order.legacyId,
          ...(productName === undefined ? {} : { ProductName: productName }),
        }));
      }),
    } satisfies OutboundPackage);
    if (!parsed.success) return { kind: "HELD", packageId, shipmentKind: route.kind, reasons: providerRefusal(parsed.error, order) };
    return { kind: "OUTBOUND", packageId, warehouseId: route.warehouseId, serviceCode: service.value, request: parsed.data };
  }

  const customsSkus = customsLines.flatMap((line) => (line.ok ? [line.value] : []));
  const duties = dutiesOnPackage({ order, lines, skus: customsSkus, route: { origin, destination: country.value }, settings });
  if (!duties.ok) return { kind: "HELD", packageId, shipmentKind: route.kind, reasons: duties.reasons };
  const skus = duties.value?.skus ?? customsSkus;
  const parsed = DropshipPackage.safeParse({
    ...common,
    Sender: senderOf(route.sender),
    Weight: skus.reduce((grams, line) => grams + (line.Weight ?? 0) * line.Quantity, 0),
    Skus: skus,
    ...duties.value?.fields,
  } satisfies DropshipPackage);
  if (!parsed.success) return { kind: "HELD", packageId, shipmentKind: route.kind, reasons: providerRefusal(parsed.error, order) };
  return { kind: "DROPSHIP", packageId, location: route.handlingLocation, serviceCode: service.value, request: parsed.data };
}
