/**
 * The database side of Shopify's compliance webhooks: personal data the app stored is erased for
 * real, not hidden. Personal data lives in webhook payloads and in the request sent to the provider
 * (the recipient's address); job payloads and shipment timelines hold references only.
 */
import { inTransaction, type DatabaseOrTransaction } from "./database.server";

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
}

/** customers/redact: the customer's webhook payloads and the requests sent for their orders. */
export function eraseCustomerData(db: DatabaseOrTransaction, request: CustomerRedaction, now = new Date()): Promise<Erased> {
  const orderIds = [...request.orderIds];
  return inTransaction(db, async (tx) => {
    const receipts = await tx.webhookReceipt.updateMany({
      where: { shop: request.shop, redactedAt: null, OR: [{ customerId: request.customerId }, { orderId: { in: orderIds } }] },
      data: { payload: null, redactedAt: now },
    });
    const shipments = await tx.shipment.updateMany({
      where: { shop: request.shop, redactedAt: null, orderId: { in: orderIds } },
      data: { requestSent: null, redactedAt: now },
    });
    return { webhookReceipts: receipts.count, shipments: shipments.count };
  });
}

/** shop/redact (48 hours after uninstall): everything the app holds about the shop. */
export function eraseShopData(db: DatabaseOrTransaction, shop: string): Promise<void> {
  return inTransaction(db, async (tx) => {
    await tx.shipment.deleteMany({ where: { shop } }); // their events go with them (ON DELETE CASCADE)
    await tx.webhookReceipt.deleteMany({ where: { shop } });
    await tx.job.deleteMany({ where: { shop } });
    await tx.session.deleteMany({ where: { shop } });
    await tx.shop.deleteMany({ where: { domain: shop } });
  });
}
