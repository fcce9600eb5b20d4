import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { verifyWebhook } from "~/shopify.server";

/** customers/data_request (compliance): recorded as a ComplianceRequest; a job writes the report of what the app stores. */
export async function action({ request }: ActionFunctionArgs) {
  // 401 on a bad HMAC, 400 on missing headers, as authenticate.webhook answers them.
  const webhook = await verifyWebhook(request);
  await recordAndEnqueue(prisma, "customers/data_request", webhook);
  return new Response(null, { status: 200 });
}
