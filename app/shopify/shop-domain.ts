/**
 * A shop's permanent domain, "example.myshopify.com": how Shopify names a shop in webhooks, session
 * tokens and sessions. Webhook headers are not signed (the HMAC covers the body only), so a domain
 * from a header is parsed before anything is recorded under it: `../../etc` never reaches a table.
 */
import { z } from "zod";

/** Shopify's shop handles: lower-case letters, digits and hyphens, starting with a letter or digit. */
export const SHOP_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/;

export const ShopDomain = z.string().regex(SHOP_DOMAIN_PATTERN, { error: "must be a shop's *.myshopify.com domain" }).brand<"ShopDomain">();
export type ShopDomain = z.infer<typeof ShopDomain>;

export function isShopDomain(value: string): value is ShopDomain {
  return SHOP_DOMAIN_PATTERN.test(value);
}
