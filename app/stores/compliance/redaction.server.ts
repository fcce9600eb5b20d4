/**
 * The database side of Shopify's compliance webhooks: personal data the app stored is erased for
 * real, not hidden. Personal data lives in webhook payloads, in the request sent to the provider
 * (the recipient's address) and in the reports answering customers/data_request; job payloads and
 * shipment timelines hold references only.
 */
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";

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
  /** Reports of earlier customers/data_request answers: a copy of the same personal data. */
  dataReports: number;
}

/** customers/redact: the customer's webhook payloads, the requests sent for their orders, and data reports about them. */
export function eraseCustomerData(db: DatabaseOrTransaction, request: CustomerRedaction, now = new Date()): Promise<Erased> {
  const orderIds = [...request.orderIds];
  return inTransaction(db, async (tx) => {
    const receipts = await tx.webhookReceipt.updateMany({
      where: { shop: request.shop, redactedAt: null, OR: [{ customerId: request.customerId }, { orderId: { in: orderIds } }] },
      data: { payload: null, redactedAt: now },
    });
    const redacted = await tx.shipment.findMany({
      where: { shop: request.shop, redactedAt: null, orderId: { in: orderIds } },
      select: { id: true },
    });
    const shipmentIds = redacted.map((shipment) => shipment.id);
    // Hold reasons and provider errors may quote the address ("Street 1 is ... characters"), and
    // so may the timeline's messages and details: erased too. What happened, and when, stays.
    const shipments = await tx.shipment.updateMany({
      where: { id: { in: shipmentIds } },
      data: { requestSent: null, holdReasons: null, lastErrorText: null, redactedAt: now },
    });
    await tx.shipmentEvent.updateMany({
      where: { shipmentId: { in: shipmentIds } },
      data: { message: "Erased at the customer's request (customers/redact).", data: null },
    });
    const reports = await tx.complianceRequest.updateMany({
      where: { shop: request.shop, customerId: request.customerId, kind: "CUSTOMER_DATA_REQUEST", redactedAt: null },
      data: { report: null, redactedAt: now },
    });
    return { webhookReceipts: receipts.count, shipments: shipments.count, dataReports: reports.count };
  });
}

/** shop/redact (48 hours after uninstall): everything the app holds about the shop. */
export function eraseShopData(db: DatabaseOrTransaction, shop: string): Promise<void> {
  return inTransaction(db, async (tx) => {
    await tx.shipment.deleteMany({ where: { shop } }); // their events go with them (ON DELETE CASCADE)
    await tx.webhookReceipt.deleteMany({ where: { shop } });
    await tx.complianceRequest.deleteMany({ where: { shop } });
    await tx.catalogueVariant.deleteMany({ where: { shop } });
    await tx.providerSku.deleteMany({ where: { shop } });
    await tx.syncRun.deleteMany({ where: { shop } }); // their items go with them (ON DELETE CASCADE)
    await tx.warehouseStock.deleteMany({ where: { shop } });
    await tx.customerReturn.deleteMany({ where: { shop } });
    await tx.inboundShipment.deleteMany({ where: { shop } });
    await tx.ladingOrder.deleteMany({ where: { shop } }); // the consignee's address goes with them
    await tx.job.deleteMany({ where: { shop } });
    await tx.session.deleteMany({ where: { shop } });
    await tx.shop.deleteMany({ where: { domain: shop } });
  });
}
