/**
 * The database side of Shopify's compliance webhooks: personal data the app stored is erased for
 * real, not hidden. Personal data lives in webhook payloads (whatever is left of them: ids, lines,
 * amounts, the shipping address's keyed digest), in the request sent to the provider and the search
 * words (the recipient, until the shipment is final), in words quoting them (hold reasons, errors of
 * shipments, returns and jobs, timelines, carrier checkpoints) and in the reports answering
 * customers/data_request. What stays when and for how long: decision 0038.
 */
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { eraseAlertsOfOrders, eraseAlertsOfJobs } from "../alerts/outbox.server";

export interface CustomerRedaction {
  shop: string;
  /** gid://shopify/Customer/… */
  customerId: string;
  /** gid://shopify/Order/… of the orders Shopify lists in orders_to_redact. */
  orderIds: readonly string[];
}

export interface Erased {
  webhookReceipts: number;
  shipments: number;
  /** Tracking checkpoints of those shipments: the carrier's words may name the recipient or the address. */
  checkpoints: number;
  /** Returns of the customer's orders: their error text may quote the customer's data. */
  returns: number;
  /** Jobs about the customer's orders, shipments or returns whose error text was erased. */
  jobErrors: number;
  /** Reports of earlier customers/data_request answers: a copy of the same personal data. */
  dataReports: number;
  /** Alerts about the customer's orders or jobs not sent yet, or kept: their reasons may quote the customer's data. */
  alerts: number;
}

/**
 * Where a customer's data is: the orders Shopify names and those the stored webhooks tie to the
 * customer, the shipments and returns of those orders, and the jobs about any of them. The data
 * report (app/flows/compliance/data-report.server.ts) reports this set and customers/redact erases
 * it, so what one finds the other erases.
 */
export interface CustomerFootprint {
  orderIds: string[];
  shipmentIds: string[];
  returnIds: string[];
  jobIds: string[];
}

export async function customerFootprint(tx: DatabaseOrTransaction, request: CustomerRedaction): Promise<CustomerFootprint> {
  const { shop, customerId } = request;
  const linked = await tx.webhookReceipt.findMany({
    where: { shop, customerId, orderId: { not: null } },
    select: { orderId: true },
    distinct: ["orderId"],
  });
  const orderIds = [...new Set([...request.orderIds, ...linked.flatMap((r) => (r.orderId === null ? [] : [r.orderId]))])].sort();
  const shipmentIds = (await tx.shipment.findMany({ where: { shop, orderId: { in: orderIds } }, select: { id: true } })).map(
    (row) => row.id,
  );
  const returnIds = (await tx.customerReturn.findMany({ where: { shop, orderId: { in: orderIds } }, select: { id: true } })).map(
    (row) => row.id,
  );
  // Job payloads hold references only: a job is about the customer when it names one of these.
  const references = [...orderIds, ...shipmentIds, ...returnIds];
  const jobIds =
    references.length === 0
      ? []
      : (
          await tx.job.findMany({
            where: { shop, OR: references.map((reference) => ({ payload: { contains: reference } })) },
            select: { id: true },
            orderBy: { createdAt: "asc" },
          })
        ).map((row) => row.id);
  return { orderIds, shipmentIds, returnIds, jobIds };
}

/**
 * customers/redact: the customer's webhook payloads; for the shipments of their orders the request
 * sent, hold reasons, errors, the change noted from Shopify, the timeline's words and the carrier's
 * checkpoint messages; the error text of their returns and of the jobs about them; and the data
 * reports about them. What happened, and when, stays.
 */
export function eraseCustomerData(db: DatabaseOrTransaction, request: CustomerRedaction, now = new Date()): Promise<Erased> {
  return inTransaction(db, async (tx) => {
    const { orderIds, shipmentIds, returnIds, jobIds } = await customerFootprint(tx, request);
    const receipts = await tx.webhookReceipt.updateMany({
      where: { shop: request.shop, redactedAt: null, OR: [{ customerId: request.customerId }, { orderId: { in: orderIds } }] },
      data: { payload: null, shippingAddressDigest: null, redactedAt: now },
    });
    // Hold reasons and provider errors may quote the address ("Street 1 is ... characters"), and
    // so may the timeline's messages and details: erased too.
    const shipments = await tx.shipment.updateMany({
      where: { id: { in: shipmentIds }, redactedAt: null },
      data: {
        requestSent: null,
        searchText: null,
        recipientSearchText: null,
        holdReasons: null,
        lastErrorText: null,
        lastErrorSay: null,
        changedInShopify: null,
        changedInShopifySay: null,
        redactedAt: now,
      },
    });
    await tx.shipmentEvent.updateMany({
      where: { shipmentId: { in: shipmentIds }, NOT: { message: ERASED, data: null } },
      data: { message: ERASED, data: null },
    });
    const checkpoints = await tx.shipmentCheckpoint.updateMany({
      where: { shipmentId: { in: shipmentIds }, message: { not: null } },
      data: { message: null },
    });
    const returns = await tx.customerReturn.updateMany({
      where: { id: { in: returnIds }, lastErrorText: { not: null } },
      data: { lastErrorText: null, lastErrorSay: null },
    });
    const jobErrors = await tx.job.updateMany({
      where: { id: { in: jobIds }, lastError: { not: null } },
      data: { lastError: null, lastErrorSay: null },
    });
    const reports = await tx.complianceRequest.updateMany({
      where: { shop: request.shop, customerId: request.customerId, kind: "CUSTOMER_DATA_REQUEST", redactedAt: null },
      data: { report: null, redactedAt: now },
    });
    const alerts = (await eraseAlertsOfOrders(tx, request.shop, orderIds)) + (await eraseAlertsOfJobs(tx, request.shop, jobIds));
    return {
      webhookReceipts: receipts.count,
      shipments: shipments.count,
      checkpoints: checkpoints.count,
      returns: returns.count,
      jobErrors: jobErrors.count,
      dataReports: reports.count,
      alerts,
    };
  });
}

const ERASED = "Erased at the customer's request (customers/redact).";

/** shop/redact (48 hours after uninstall): everything the app holds about the shop. */
export function eraseShopData(db: DatabaseOrTransaction, shop: string): Promise<void> {
  return inTransaction(db, async (tx) => {
    await tx.shipment.deleteMany({ where: { shop } }); // their events go with them (ON DELETE CASCADE)
    await tx.shippingCostMonth.deleteMany({ where: { shop } });
    await tx.webhookReceipt.deleteMany({ where: { shop } });
    await tx.complianceRequest.deleteMany({ where: { shop } });
    await tx.catalogueVariant.deleteMany({ where: { shop } });
    await tx.providerSku.deleteMany({ where: { shop } });
    await tx.kitComponent.deleteMany({ where: { shop } });
    await tx.syncRun.deleteMany({ where: { shop } }); // their items go with them (ON DELETE CASCADE)
    await tx.warehouseStock.deleteMany({ where: { shop } });
    await tx.customerReturn.deleteMany({ where: { shop } });
    await tx.inboundShipment.deleteMany({ where: { shop } });
    await tx.ladingOrder.deleteMany({ where: { shop } }); // the consignee's address goes with them
    // Alerts (their details name orders), the messages written from them, and the channels: the
    // merchant's mail server, sender and recipients, the sealed password or webhook address.
    await tx.alertDelivery.deleteMany({ where: { shop } });
    await tx.alert.deleteMany({ where: { shop } });
    await tx.alertMessage.deleteMany({ where: { shop } });
    await tx.alertChannel.deleteMany({ where: { shop } });
    await tx.providerOutage.deleteMany({ where: { shop } });
    await tx.job.deleteMany({ where: { shop } });
    await tx.providerConnectionAttempt.deleteMany({ where: { shop } });
    await tx.session.deleteMany({ where: { shop } });
    await tx.shop.deleteMany({ where: { domain: shop } });
  });
}
