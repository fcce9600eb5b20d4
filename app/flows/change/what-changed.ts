/**
 * What an order event says happened, as the timeline names it. Shopify sends some changes as two
 * webhooks at once, in no promised order: a payment as orders/paid and orders/updated. A round
 * reads whichever came first, and the change it makes is named after that one.
 */
import { isPaidStatus } from "~/connector";
import type { WaitingReceipt } from "~/stores/receipts/webhook-receipt.server";

function financialStatusOf(payload: string | null): string | null {
  if (payload === null) return null;
  try {
    const status: unknown = (JSON.parse(payload) as { financial_status?: unknown } | null)?.financial_status;
    return typeof status === "string" ? status : null;
  } catch {
    return null;
  }
}

/**
 * An orders/updated for an order whose package waits for its payment, whose body says the order is
 * paid now: the payment itself, read before its orders/paid. Named so, the merchant reads "The
 * order was paid" whichever webhook came first, not the vaguer "updated".
 */
export function isPaymentUpdate(receipt: Pick<WaitingReceipt, "topic" | "payload">, waitsForPayment: boolean): boolean {
  if (receipt.topic !== "orders/updated" || !waitsForPayment) return false;
  const status = financialStatusOf(receipt.payload);
  return status !== null && isPaidStatus(status);
}
