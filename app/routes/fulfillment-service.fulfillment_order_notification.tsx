import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { wakeForFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";
import { unknownShopDeliveries } from "~/metrics/metrics.server";
import { hasOfflineSession } from "~/stores/shops/session.server";
import { shopInstallation } from "~/stores/shops/shop.server";
import { verifyFulfillmentServiceRequest } from "~/shopify.server";

/**
 * Shopify's fulfillment-service callback (`callbackUrl` = `${appUrl}/fulfillment-service`): a
 * fulfillment or cancellation request for one of the app's warehouses. It wakes the shop's fetch
 * job, which reads and answers the requests; nothing of the call itself is stored.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 405 unless POST, 413 past the body limit, 400 on a bad HMAC or shop header: the library's answers.
  const callback = await verifyFulfillmentServiceRequest(request);
  // The body, and so its signature, is the same for every shop: a shop the app cannot act for (no
  // offline session) is answered as an installed one is (the answer must not tell who uses the
  // app), and nothing is written. Counted when the app holds nothing of the shop at all (neither its
  // Shop row nor a session: shopInstallation's "unknown"), as the intake counts such deliveries.
  if (!(await hasOfflineSession(prisma, callback.shop))) {
    if ((await shopInstallation(prisma, callback.shop)) === "unknown") unknownShopDeliveries.inc({ route: "fulfillment-service" });
    return new Response(null, { status: 200 });
  }
  await wakeForFulfillmentServiceNotification(prisma, callback);
  return new Response(null, { status: 200 });
}
