/**
 * customers/data_request: the report of everything the app stores about a customer, written on the
 * ComplianceRequest the merchant sees, so they can send it to the customer (Shopify forwards the
 * request to the merchant; the app answers the merchant). The set is customerFootprint's
 * (app/stores/compliance/redaction.server.ts): customers/redact erases exactly what this finds.
 */
import type { Prisma } from "@prisma/client";
import { completeComplianceRequest, getComplianceRequest } from "~/stores/compliance/compliance-request.server";
import { customerFootprint } from "~/stores/compliance/redaction.server";
import { setWebhookReceiptStatus } from "~/stores/receipts/webhook-receipt.server";

/**
 * What the app stores about a customer (decision 0038 says what stays and for how long):
 * - webhook payloads naming the customer, or one of their orders, as stored: without the customer's
 *   fields, and for orders a keyed digest of the shipping address;
 * - shipments of their orders: the package, its state and tracking, the request sent to the
 *   provider (with the recipient's name, address and contact until the shipment is final), the
 *   search words, hold reasons and errors, the change noted from Shopify, the timeline and the
 *   carrier's checkpoints;
 * - returns of their orders, and the error text of jobs about the orders, shipments or returns.
 */
export interface CustomerDataReport {
  customerId: string;
  /** The orders Shopify named, and those the stored webhooks tie to the customer. */
  orderIds: string[];
  generatedAt: string;
  webhookPayloads: {
    topic: string;
    receivedAt: string;
    orderId: string | null;
    payload: unknown;
    /** A keyed one-way digest of the order's shipping address (not the address): how the app tells it changed after sending. */
    shippingAddressDigest: string | null;
  }[];
  shipments: {
    orderId: string;
    orderName: string | null;
    /** The language the customer bought in, which their tracking is asked in. */
    customerLocale: string | null;
    packageId: string;
    state: string;
    trackingNumber: string | null;
    trackingCarrier: string | null;
    trackingUrl: string | null;
    createdAt: string;
    requestSentToProvider: unknown;
    /** When the recipient's name, address and contact were removed from it, the shipment being final. */
    recipientRemovedAt: string | null;
    /** The SKUs, and the recipient's name until the shipment is final, the Shipments search finds the package by. */
    searchWords: string[];
    holdReasons: unknown;
    lastErrorText: string | null;
    changedInShopify: string | null;
    timeline: { type: string; message: string; data: unknown; at: string }[];
    checkpoints: { status: string; message: string | null; happenedAt: string | null }[];
  }[];
  returns: {
    returnName: string;
    orderId: string;
    orderName: string;
    packageId: string;
    state: string;
    trackingNumber: string | null;
    lines: unknown;
    lastErrorText: string | null;
    createdAt: string;
  }[];
  /** Error text of the app's work on the customer's orders, shipments and returns. */
  jobErrors: { kind: string; error: string; at: string }[];
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
  const footprint = await customerFootprint(tx, request);
  const { orderIds } = footprint;

  const receipts = await tx.webhookReceipt.findMany({
    // Not the request's own receipt: that is Shopify asking, not data the app collected.
    where: { shop, id: { not: request.receiptId }, OR: [{ customerId }, { orderId: { in: orderIds } }] },
    orderBy: { receivedAt: "asc" },
  });
  const shipments = await tx.shipment.findMany({
    where: { id: { in: footprint.shipmentIds } },
    orderBy: { createdAt: "asc" },
    include: { events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, checkpoints: { orderBy: { createdAt: "asc" } } },
  });
  const returns = await tx.customerReturn.findMany({ where: { id: { in: footprint.returnIds } }, orderBy: { createdAt: "asc" } });
  const jobs = await tx.job.findMany({ where: { id: { in: footprint.jobIds }, lastError: { not: null } }, orderBy: { createdAt: "asc" } });

  return {
    customerId,
    orderIds,
    generatedAt: now.toISOString(),
    webhookPayloads: receipts.flatMap((r) =>
      r.payload === null
        ? []
        : [
            {
              topic: r.topic,
              receivedAt: r.receivedAt.toISOString(),
              orderId: r.orderId,
              payload: storedJson(r.payload),
              shippingAddressDigest: r.shippingAddressDigest,
            },
          ],
    ),
    shipments: shipments.map((s) => ({
      orderId: s.orderId,
      orderName: s.orderName,
      customerLocale: s.customerLocale,
      packageId: s.packageId,
      state: s.state,
      trackingNumber: s.trackingNumber,
      trackingCarrier: s.trackingCarrier,
      trackingUrl: s.trackingUrl,
      createdAt: s.createdAt.toISOString(),
      requestSentToProvider: s.requestSent === null ? null : storedJson(s.requestSent),
      recipientRemovedAt: s.recipientRemovedAt?.toISOString() ?? null,
      searchWords: [s.searchText, s.recipientSearchText].flatMap((words) => (words === null ? [] : words.split("\n"))),
      holdReasons: s.holdReasons === null ? null : storedJson(s.holdReasons),
      lastErrorText: s.lastErrorText,
      changedInShopify: s.changedInShopify,
      timeline: s.events.map((e) => ({
        type: e.type,
        message: e.message,
        data: e.data === null ? null : storedJson(e.data),
        at: e.createdAt.toISOString(),
      })),
      checkpoints: s.checkpoints.map((c) => ({ status: c.status, message: c.message, happenedAt: c.happenedAt?.toISOString() ?? null })),
    })),
    returns: returns.map((r) => ({
      returnName: r.returnName,
      orderId: r.orderId,
      orderName: r.orderName,
      packageId: r.packageId,
      state: r.state,
      trackingNumber: r.trackingNumber,
      lines: storedJson(r.lines),
      lastErrorText: r.lastErrorText,
      createdAt: r.createdAt.toISOString(),
    })),
    jobErrors: jobs.flatMap((j) => (j.lastError === null ? [] : [{ kind: j.kind, error: j.lastError, at: j.updatedAt.toISOString() }])),
    alreadyErased: {
      webhookPayloads: receipts.filter((r) => r.payload === null).length,
      shipments: shipments.filter((s) => s.redactedAt !== null).length,
    },
  };
}

/** Writes the report on the request and marks its receipt processed. False when shop/redact erased the request meanwhile. */
export async function answerCustomerDataRequest(
  tx: Prisma.TransactionClient,
  complianceRequestId: string,
  now = new Date(),
): Promise<boolean> {
  const request = await getComplianceRequest(tx, complianceRequestId);
  if (request === null) return false;
  const report = await buildCustomerDataReport(tx, request, now);
  await completeComplianceRequest(tx, complianceRequestId, report, now);
  await setWebhookReceiptStatus(tx, request.receiptId, "PROCESSED", null, now);
  return true;
}
