/** The shop's time zone as Shopify holds it (Settings > General in Shopify), an IANA name. */
import { z } from "zod";
import { runGraphql, type AdminGraphql } from "./admin-graphql.server";

const SHOP_TIME_ZONE = `#graphql
  query ShopTimeZone { shop { ianaTimezone } }`;

const Answer = z.object({ shop: z.object({ ianaTimezone: z.string().min(1) }) });

export async function readShopTimeZone(admin: AdminGraphql): Promise<string> {
  const { data } = await runGraphql(admin, SHOP_TIME_ZONE, {}, Answer);
  return data.shop.ianaTimezone;
}
