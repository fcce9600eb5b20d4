import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { updateSessionScope } from "../models/session.server";
import { authenticate } from "../shopify.server";

/** The part of the app/scopes_update payload the app uses: the scopes granted now. */
const ScopesUpdatePayload = z.object({ current: z.array(z.string()) });

export async function action({ request }: ActionFunctionArgs) {
  const { payload, session } = await authenticate.webhook(request);
  const parsed = ScopesUpdatePayload.safeParse(payload);
  if (!parsed.success) {
    return new Response(`Unexpected app/scopes_update payload: ${z.prettifyError(parsed.error)}`, { status: 400 });
  }
  // No session: the app was uninstalled meanwhile and there is nothing left to update.
  if (session) await updateSessionScope(session.id, parsed.data.current);
  return new Response(null, { status: 200 });
}
