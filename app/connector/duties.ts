/**
 * Duties and import taxes on a drop-ship parcel that crosses a customs border (decision 0042).
 * Collected at checkout (delivered duty paid), the package carries them to the provider: Duty and
 * DutyTaxRate on each line and on the package, and a remark saying so, so the carrier does not
 * charge the buyer again at the door. Not collected, the remark says the recipient pays them on
 * delivery. The reference has no incoterm field; Remark is the one the provider reads on every
 * drop-ship operation (7 and 1, and 6 for a package sent in boxes, which has no Duty field). Pure.
 */
import type { DropshipPackage, DropshipSkuLine } from "../fulfilment/schemas/types";
import { isInEu } from "./countries";
import { dutiesCollectedAtCheckout } from "./duties-collected";
import type { MoneyBag, OrderFacts } from "./fulfillment-order";
import { said } from "../lib/words/reason-said";
import { type Checked, held, ok } from "./hold";
import type { PackageLine } from "./lines";
import { type Cents, centsOf, sum, toAmount } from "./money";
import { decodePackageRequest } from "./package-request";
import type { ConnectorSettings } from "./settings";

/** Whether a parcel from `origin` to `destination` clears customs: not domestic, not within the EU's customs union. */
export function crossesCustoms(origin: string, destination: string): boolean {
  return origin !== destination && !(isInEu(origin) && isInEu(destination));
}

const NOT_COLLECTED_REMARK = "Duties and import taxes were not collected at checkout (DDU): the recipient pays them on delivery.";

const paidRemark = (duty: Cents, currency: string) =>
  `Duties and import taxes were paid at checkout (DDP): ${(duty / 100).toFixed(2)} ${currency}. Do not collect them from the recipient.`;

/** Duty over value as a decimal fraction (0.12 for 12 %), to four places; none for goods of no value. */
function rateOf(duty: Cents, value: Cents): number | undefined {
  return value > 0 ? Math.round((duty / value) * 10_000) / 10_000 : undefined;
}

/** What the package adds for duties: its lines with Duty and DutyTaxRate, and its own fields. */
export interface PackageDuties {
  skus: DropshipSkuLine[];
  fields: Pick<DropshipPackage, "Duty" | "DutyTaxRate" | "Remark">;
}

/**
 * The package's duties. `lines` and `skus` are the package's lines and the drop-ship lines made of
 * them, in the same order. Amounts are in the currency the value is declared in (settings), taken
 * from the same side of Shopify's money bags as the declared value, so the two never disagree.
 * A line's Duty is per unit, as its Price and NewDeclareValue are: its share of the duties charged
 * on the order's line, for the units this package carries. The package's Duty is their total.
 */
export function dutiesOnPackage(args: {
  order: OrderFacts;
  lines: readonly PackageLine[];
  skus: readonly DropshipSkuLine[];
  route: { origin: string; destination: string };
  settings: ConnectorSettings;
}): Checked<PackageDuties | undefined> {
  const { order, lines, skus, route, settings } = args;
  if (!crossesCustoms(route.origin, route.destination)) return ok(undefined);
  if (!dutiesCollectedAtCheckout(order)) return ok({ skus: [...skus], fields: { Remark: NOT_COLLECTED_REMARK } });

  const inShopCurrency = settings.customs.declaredValueCurrency === "SHOP";
  const side = (bag: MoneyBag) => (inShopCurrency ? bag.shopMoney : bag.presentmentMoney);
  const currency = inShopCurrency ? order.currencyCode : order.presentmentCurrencyCode;
  const unread = lines.find((item) => item.line.duties === null);
  if (unread !== undefined) {
    // Read for every order whose duties were collected: missing, the reader and this module disagree.
    return held({ field: "Skus.Duty", lineItemId: unread.line.id, ...said("dutiesNotRead", order.name) });
  }
  const dutyOfLine = (item: PackageLine): Cents => {
    const duties = item.line.duties;
    if (duties === null) return 0;
    const charged = sum(duties.charged.map((duty) => centsOf(side(duty.price))));
    return Math.round((charged * item.quantity) / duties.orderedQuantity);
  };
  const lineDuties = lines.map(dutyOfLine);
  const values = lines.map((item) => centsOf(side(item.line.unitPrice)) * item.quantity);
  const withDuty = skus.map((sku, index): DropshipSkuLine => {
    const duty = lineDuties[index] ?? 0;
    const rate = rateOf(duty, values[index] ?? 0);
    return {
      ...sku,
      Duty: { Value: toAmount(Math.round(duty / sku.Quantity)), Currency: currency },
      ...(rate === undefined ? {} : { DutyTaxRate: rate }),
    };
  });
  const total = sum(lineDuties);
  const rate = rateOf(total, sum(values));
  return ok({
    skus: withDuty,
    fields: {
      Duty: { Value: toAmount(total), Currency: currency },
      ...(rate === undefined ? {} : { DutyTaxRate: rate }),
      Remark: paidRemark(total, currency),
    },
  });
}

/** What a package as sent says about duties, for the shipment's page; null when it says nothing (domestic, within the EU, or sent before it did). */
export type DutiesOfPackage = { collected: true; duty: { amount: number; currency: string } } | { collected: false } | null;

export function dutiesOfPackage(pkg: DropshipPackage): DutiesOfPackage {
  if (pkg.Duty !== undefined) return { collected: true, duty: { amount: pkg.Duty.Value, currency: pkg.Duty.Currency } };
  return pkg.Remark === NOT_COLLECTED_REMARK ? { collected: false } : null;
}

/** The same, read from the request a shipment keeps (Shipment.requestSent); null for an outbound package or none sent. */
export function dutiesOfRequestSent(kind: "OUTBOUND" | "DROPSHIP", text: string | null): DutiesOfPackage {
  if (kind !== "DROPSHIP" || text === null) return null;
  const request = decodePackageRequest(kind, text);
  return request.success && request.data.kind === "DROPSHIP" ? dutiesOfPackage(request.data.body) : null;
}
