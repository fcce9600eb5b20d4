import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";
import { authenticate } from "~/shopify.server";

/**
 * Shopify's fulfillment-service callback (`callbackUrl` = `${appUrl}/fulfillment-service`): a
 * fulfillment or cancellation request for one of the app's warehouses. Recorded, and the shop's
 * fetch job woken; the job reads and answers the requests.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 405 unless POST, 400 on a bad HMAC or when the shop has no offline session: the library's answers.
  const { session, payload } = await authenticate.fulfillmentService(request);
  await recordFulfillmentServiceNotification(prisma, {
    shop: session.shop,
    payload,
    webhookId: request.headers.get("X-Shopify-Webhook-Id"),
    apiVersion: request.headers.get("X-Shopify-API-Version"),
  });
  return new Response(null, { status: 200 });
}
