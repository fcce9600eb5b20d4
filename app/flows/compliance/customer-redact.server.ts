/**
 * customers/redact: the customer's personal data erased from every table that holds it
 * (app/stores/compliance/redaction.server.ts), and the request completed with what was erased: counts only,
 * so the record of the redaction holds no personal data itself.
 */
import type { Prisma } from "@prisma/client";
import { completeComplianceRequest, getComplianceRequest } from "~/stores/compliance/compliance-request.server";
import { eraseCustomerData, type Erased } from "~/stores/compliance/redaction.server";
import { setWebhookReceiptStatus } from "~/stores/receipts/webhook-receipt.server";

/** Null when shop/redact erased the request meanwhile (nothing of the shop is left to redact). */
export async function redactCustomer(tx: Prisma.TransactionClient, complianceRequestId: string, now = new Date()): Promise<Erased | null> {
  const request = await getComplianceRequest(tx, complianceRequestId);
  if (request === null) return null;
  // The redact request's own receipt names the customer too, so its payload (email, phone) goes with the rest.
  const erased = await eraseCustomerData(tx, { shop: request.shop, customerId: request.customerId, orderIds: request.orderIds }, now);
  await completeComplianceRequest(tx, complianceRequestId, { erased }, now);
  await setWebhookReceiptStatus(tx, request.receiptId, "PROCESSED", null, now);
  return erased;
}
