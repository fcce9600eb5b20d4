import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { wakeForFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";
import { hasOfflineSession } from "~/stores/shops/session.server";
import { verifyFulfillmentServiceRequest } from "~/shopify.server";

/**
 * Shopify's fulfillment-service callback (`callbackUrl` = `${appUrl}/fulfillment-service`): a
 * fulfillment or cancellation request for one of the app's warehouses. It wakes the shop's fetch
 * job, which reads and answers the requests; nothing of the call itself is stored.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 405 unless POST, 413 past the body limit, 400 on a bad HMAC or shop header, and 400 when the
  // shop has no offline session: the library's answers.
  const callback = await verifyFulfillmentServiceRequest(request);
  if (!(await hasOfflineSession(prisma, callback.shop))) return new Response(undefined, { status: 400, statusText: "Bad Request" });
  await wakeForFulfillmentServiceNotification(prisma, callback);
  return new Response(null, { status: 200 });
}
