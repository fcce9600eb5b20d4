/**
 * Whether Shopify answers the app for a shop at all: the cheapest read there is (1 point). A shop
 * that is frozen, locked or whose token was revoked answers it with 402, 423 or 401, which
 * runGraphql throws as ShopifyShopUnavailableError.
 */
import { z } from "zod";
import { runGraphql, type AdminGraphql } from "./admin-graphql.server";

const SHOP_ACCESS = `#graphql
  query ShopAccess { shop { id } }`;

export async function checkShopAccess(admin: AdminGraphql): Promise<void> {
  await runGraphql(admin, SHOP_ACCESS, {}, z.object({ shop: z.object({ id: z.string() }) }));
}
