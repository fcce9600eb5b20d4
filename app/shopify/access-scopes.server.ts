/**
 * The scopes Shopify has granted the app on a shop now, as Shopify holds them. An app/scopes_update
 * delivery names no shop in its signed body, so its scopes are taken from here, never from the body.
 */
import { z } from "zod";
import { runGraphql, type AdminGraphql } from "./admin-graphql.server";

const ACCESS_SCOPES = `#graphql
  query AccessScopes { currentAppInstallation { accessScopes { handle } } }`;

const Answer = z.object({
  currentAppInstallation: z.object({ accessScopes: z.array(z.object({ handle: z.string().min(1) })) }),
});

export async function readAccessScopes(admin: AdminGraphql): Promise<string[]> {
  const { data } = await runGraphql(admin, ACCESS_SCOPES, {}, Answer);
  return data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
}
