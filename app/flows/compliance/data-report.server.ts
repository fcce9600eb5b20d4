/**
 * customers/data_request: the report of everything the app stores about a customer, written on the
 * ComplianceRequest the merchant sees, so they can send it to the customer (Shopify forwards the
 * request to the merchant; the app answers the merchant). What the app stores about a customer:
 * - webhook payloads naming the customer, or one of their orders (as received from Shopify);
 * - shipments of their orders: the package, its state and tracking, and the request sent to the
 *   provider (which holds the shipping address).
 * Job payloads and shipment timelines hold references only, so they are not part of it.
 */
import type { Prisma } from "@prisma/client";
import { completeComplianceRequest, getComplianceRequest } from "~/stores/compliance/compliance-request.server";
import { setWebhookReceiptStatus } from "~/stores/receipts/webhook-receipt.server";

export interface CustomerDataReport {
  customerId: string;
  /** The orders Shopify named, and those the stored webhooks tie to the customer. */
  orderIds: string[];
  generatedAt: string;
  webhookPayloads: { topic: string; receivedAt: string; orderId: string | null; payload: unknown }[];
  shipments: {
    orderId: string;
    orderName: string | null;
    packageId: string;
    state: string;
    trackingNumber: string | null;
    trackingCarrier: string | null;
    trackingUrl: string | null;
    createdAt: string;
    requestSentToProvider: unknown;
  }[];
  /** Records that held the customer's data but were erased by an earlier customers/redact. */
  alreadyErased: { webhookPayloads: number; shipments: number };
}

/** Stored JSON as it was stored; text that is not JSON (it always is) is reported as text rather than lost. */
function storedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function buildCustomerDataReport(
  tx: Prisma.TransactionClient,
  request: { shop: string; customerId: string; orderIds: readonly string[]; receiptId: string },
  now: Date,
): Promise<CustomerDataReport> {
  const { shop, customerId } = request;
  const linkedOrders = await tx.webhookReceipt.findMany({
    where: { shop, customerId, orderId: { not: null } },
    select: { orderId: true },
    distinct: ["orderId"],
  });
  const orderIds = [...new Set([...request.orderIds, ...linkedOrders.flatMap((r) => (r.orderId === null ? [] : [r.orderId]))])].sort();

  const receipts = await tx.webhookReceipt.findMany({
    // Not the request's own receipt: that is Shopify asking, not data the app collected.
    where: { shop, id: { not: request.receiptId }, OR: [{ customerId }, { orderId: { in: orderIds } }] },
    orderBy: { receivedAt: "asc" },
  });
  const shipments = await tx.shipment.findMany({ where: { shop, orderId: { in: orderIds } }, orderBy: { createdAt: "asc" } });

  return {
    customerId,
    orderIds,
    generatedAt: now.toISOString(),
    webhookPayloads: receipts.flatMap((r) =>
      r.payload === null ? [] : [{ topic: r.topic, receivedAt: r.receivedAt.toISOString(), orderId: r.orderId, payload: storedJson(r.payload) }],
    ),
    shipments: shipments.map((s) => ({
      orderId: s.orderId,
      orderName: s.orderName,
      packageId: s.packageId,
      state: s.state,
      trackingNumber: s.trackingNumber,
      trackingCarrier: s.trackingCarrier,
      trackingUrl: s.trackingUrl,
      createdAt: s.createdAt.toISOString(),
      requestSentToProvider: s.requestSent === null ? null : storedJson(s.requestSent),
    })),
    alreadyErased: {
      webhookPayloads: receipts.filter((r) => r.payload === null).length,
      shipments: shipments.filter((s) => s.redactedAt !== null).length,
    },
  };
}

/** Writes the report on the request and marks its receipt processed. False when shop/redact erased the request meanwhile. */
export async function answerCustomerDataRequest(tx: Prisma.TransactionClient, complianceRequestId: string, now = new Date()): Promise<boolean> {
  const request = await getComplianceRequest(tx, complianceRequestId);
  if (request === null) return false;
  const report = await buildCustomerDataReport(tx, request, now);
  await completeComplianceRequest(tx, complianceRequestId, report, now);
  await setWebhookReceiptStatus(tx, request.receiptId, "PROCESSED", null, now);
  return true;
}
