import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { verifyWebhook } from "~/shopify.server";

/**
 * app/uninstalled: the shop marked uninstalled, its sessions deleted and its waiting jobs stopped, in
 * the same transaction as the receipt. Works after the session is gone: the HMAC needs only the
 * app's secret, and a redelivery finds its receipt.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 401 on a bad HMAC, 400 on missing headers, as authenticate.webhook answers them.
  const webhook = await verifyWebhook(request);
  await recordAndEnqueue(prisma, "app/uninstalled", webhook);
  return new Response(null, { status: 200 });
}
