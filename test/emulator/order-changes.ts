/**
 * Order-level changes a merchant makes in the admin, as the mutations an app would call:
 * `orderUpdate` (contact, note, tags, shipping address), `orderMarkAsPaid` (a bank transfer arrived)
 * and `orderRiskAssessmentCreate` (a fraud check's verdict). Each ends with Shopify's webhooks.
 */
import { riskAssessmentPayload } from "./change-payloads";
import { refusal, type Refusal } from "./fulfillment-orders";
import { applyShippingAddress } from "./orders";
import { orderFulfillmentStatus, PAID_STATUSES, restOrder } from "./payloads";
import type { Platform } from "./platform";
import type { Address, OrderRecord, RiskAssessmentRecord } from "./state";

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

export interface OrderUpdate {
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  tags?: string[] | null;
  /** MailingAddressInput: the fields given replace the order's. */
  shippingAddress?: {
    firstName?: string | null;
    lastName?: string | null;
    company?: string | null;
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    provinceCode?: string | null;
    countryCode?: string | null;
    zip?: string | null;
    phone?: string | null;
  } | null;
}

/** `orderUpdate`: the fields given change; a new shipping address reaches open fulfillment orders. */
export function updateOrder(platform: Platform, order: OrderRecord, update: OrderUpdate): OrderRecord | Refusal {
  if (update.email !== undefined) order.email = update.email;
  if (update.phone !== undefined) order.phone = update.phone;
  if (update.note !== undefined) order.note = update.note;
  if (update.tags !== undefined) order.tags = update.tags ?? [];
  if (update.shippingAddress) {
    const changes: Partial<Address> = Object.fromEntries(Object.entries(update.shippingAddress).filter(([, v]) => v !== undefined));
    // The input has codes only (country and province are deprecated): names follow the codes.
    if (update.shippingAddress.countryCode)
      changes.country = countryNames.of(update.shippingAddress.countryCode) ?? update.shippingAddress.countryCode;
    if (update.shippingAddress.provinceCode !== undefined) changes.province = update.shippingAddress.provinceCode;
    // Coordinates belonged to the old address.
    changes.latitude = null;
    changes.longitude = null;
    applyShippingAddress(platform, order, changes);
  }
  order.updatedAt = platform.state.timestamp();
  platform.webhooks.publish(order.shop, "orders/updated", restOrder(platform.state, order));
  return order;
}

/** Orders Shopify lets a merchant mark as paid: not cancelled, money still outstanding. */
export function canMarkAsPaid(order: OrderRecord): boolean {
  return order.cancelledAt === null && !PAID_STATUSES.has(order.financialStatus) && order.financialStatus !== "voided";
}

/** `orderMarkAsPaid`: the outstanding amount recorded as received; `orders/paid`, `orders/updated`. */
export function markAsPaid(platform: Platform, order: OrderRecord): OrderRecord | Refusal {
  if (!canMarkAsPaid(order))
    return refusal(
      `The order can't be marked as paid (financial status ${order.financialStatus}${order.cancelledAt ? ", cancelled" : ""}).`,
      undefined,
      ["id"],
    );
  order.financialStatus = "paid";
  order.updatedAt = platform.state.timestamp();
  platform.webhooks.publish(order.shop, "orders/paid", restOrder(platform.state, order));
  platform.webhooks.publish(order.shop, "orders/updated", restOrder(platform.state, order));
  return order;
}

export const MAX_RISK_FACTS = 10;

/** `orderRiskAssessmentCreate`: the app's verdict on the order; `orders/risk_assessment_changed`. */
export function assessRisk(
  platform: Platform,
  order: OrderRecord,
  input: { riskLevel: RiskAssessmentRecord["riskLevel"]; facts: RiskAssessmentRecord["facts"] },
): RiskAssessmentRecord | Refusal {
  if (orderFulfillmentStatus(platform.state, order) === "fulfilled") {
    return refusal("The order is already fulfilled.", "ORDER_ALREADY_FULFILLED", ["orderRiskAssessmentInput", "orderId"]);
  }
  if (input.facts.length > MAX_RISK_FACTS)
    return refusal(`At most ${MAX_RISK_FACTS} facts per assessment.`, "TOO_MANY_FACTS", ["orderRiskAssessmentInput", "facts"]);
  const assessment: RiskAssessmentRecord = { ...input, createdAt: platform.state.timestamp() };
  order.riskAssessments.push(assessment);
  platform.webhooks.publish(order.shop, "orders/risk_assessment_changed", riskAssessmentPayload(order, assessment));
  return assessment;
}
