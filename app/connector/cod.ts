/**
 * Cash on delivery: the carrier collects what the customer still owes. Recognised by the payment
 * gateway's name, which is all Shopify tells about a manual payment method.
 */
import type { OrderFacts } from "./fulfillment-order";
import { said } from "../lib/words/reason-said";
import { type Checked, held, ok } from "./hold";
import { centsOf, toAmount } from "./money";
import type { ConnectorSettings } from "./settings";

/** Names Shopify and merchants give cash-on-delivery methods, in the languages of the main markets. */
const COD_NAMES =
  /cash on delivery|\bcod\b|nachnahme|contra ?reembolso|contrassegno|paiement (à|a) la livraison|rembours|代金引換|代引|货到付款/i;

export function isCashOnDelivery(
  order: { paymentGatewayNames: readonly string[] },
  settings: Pick<ConnectorSettings, "codGatewayNames">,
): boolean {
  const extra = new Set(settings.codGatewayNames.map((name) => name.trim().toLowerCase()));
  return order.paymentGatewayNames.some((name) => COD_NAMES.test(name) || extra.has(name.trim().toLowerCase()));
}

/** Units of physical goods the order still has to ship, over all its fulfillment orders. */
function unitsStillToShip(lines: NonNullable<OrderFacts["lineItems"]>): number {
  return lines.filter((line) => line.requiresShipping && !line.isGiftCard).reduce((units, line) => units + line.unfulfilledQuantity, 0);
}

/**
 * The amount to collect, in the currency the customer paid (the package's SellPriceCurrency), or
 * undefined when nothing is to be collected. Collected on a package only when it carries every
 * unit the order still has to ship: with two packages out, which one collects how much is the
 * merchant's call, so the shipment is held instead of charging the customer twice.
 */
export function codAmountFor(order: OrderFacts, packageUnits: number, settings: ConnectorSettings): Checked<number | undefined> {
  if (!isCashOnDelivery(order, settings)) return ok(undefined);
  if (order.totalOutstanding === null || order.lineItems === null) {
    // Read for every order these settings call cash on delivery: missing, the reader and the
    // settings disagree. Held, never shipped without the amount to collect.
    return held({ field: "CodAmount", ...said("codAmountNotRead", order.name) });
  }
  const outstanding = centsOf(order.totalOutstanding);
  if (outstanding <= 0) return ok(undefined);
  const remaining = unitsStillToShip(order.lineItems);
  if (packageUnits >= remaining) return ok(toAmount(outstanding));
  return held({
    field: "CodAmount",
    value: order.totalOutstanding.amount,
    ...said("codInSeveralPackages", order.name, packageUnits, remaining),
  });
}
