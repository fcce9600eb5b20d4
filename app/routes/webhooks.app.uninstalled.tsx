import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteSessionsOfShop } from "../models/session.server";
import { authenticate } from "../shopify.server";

export async function action({ request }: ActionFunctionArgs) {
  // Answers 401 itself when the HMAC does not match; the shop comes from the signed headers.
  const { shop } = await authenticate.webhook(request);
  // The token is revoked by now, so there is nothing to call: only the sessions to drop. Deleting
  // by shop, whether or not a session was found, keeps a repeated delivery harmless.
  await deleteSessionsOfShop(shop);
  return new Response(null, { status: 200 });
}
