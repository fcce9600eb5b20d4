import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { verifyWebhook } from "~/shopify.server";

/** orders/updated: recorded, and the shop's order changes worked through (change.orders). */
export async function action({ request }: ActionFunctionArgs) {
  // 401 on a bad HMAC, 400 on missing headers, as authenticate.webhook answers them.
  const webhook = await verifyWebhook(request);
  await recordAndEnqueue(prisma, "orders/updated", webhook);
  return new Response(null, { status: 200 });
}
