import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { verifyWebhook } from "~/shopify.server";

/** orders/paid: recorded, and the shop's order changes worked through (change.orders). */
export async function action({ request }: ActionFunctionArgs) {
  const webhook = await verifyWebhook(request);
  await recordAndEnqueue(prisma, "orders/paid", webhook);
  return new Response(null, { status: 200 });
}
