import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { verifyWebhook } from "~/shopify.server";

/** returns/approve: recorded, and the return's units that warehouses shipped sent back to them (returns.open). */
export async function action({ request }: ActionFunctionArgs) {
  const webhook = await verifyWebhook(request);
  await recordAndEnqueue(prisma, "returns/approve", webhook);
  return new Response(null, { status: 200 });
}
