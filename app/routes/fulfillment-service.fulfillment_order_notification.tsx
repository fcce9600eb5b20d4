import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { wakeForFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";
import { unknownShopDeliveries } from "~/metrics/metrics.server";
import { hasOfflineSession } from "~/stores/shops/session.server";
import { verifyFulfillmentServiceRequest } from "~/shopify.server";

/**
 * Shopify's fulfillment-service callback (`callbackUrl` = `${appUrl}/fulfillment-service`): a
 * fulfillment or cancellation request for one of the app's warehouses. It wakes the shop's fetch
 * job, which reads and answers the requests; nothing of the call itself is stored.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 405 unless POST, 413 past the body limit, 400 on a bad HMAC or shop header: the library's answers.
  const callback = await verifyFulfillmentServiceRequest(request);
  // The body, and so its signature, is the same for every shop: a shop without the app is answered
  // as an installed one is (the answer must not tell who uses the app), and nothing is written.
  if (!(await hasOfflineSession(prisma, callback.shop))) {
    unknownShopDeliveries.inc({ route: "fulfillment-service" });
    return new Response(null, { status: 200 });
  }
  await wakeForFulfillmentServiceNotification(prisma, callback);
  return new Response(null, { status: 200 });
}
