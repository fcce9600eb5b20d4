import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { verifyWebhook } from "~/shopify.server";

/**
 * shop/update: the shop's time zone (what the admin and alerts write dates in) stored in the same
 * transaction as the receipt, unless the app already holds a newer one.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 401 on a bad HMAC, 400 on missing headers, as authenticate.webhook answers them.
  const webhook = await verifyWebhook(request);
  await recordAndEnqueue(prisma, "shop/update", webhook);
  return new Response(null, { status: 200 });
}
