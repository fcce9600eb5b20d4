import { LoginErrorType, type LoginError } from "@shopify/shopify-app-remix/server";
import { env } from "~/env.server";
import { isShopDomain } from "~/shopify/shop-domain";

/** What is wrong with the shop field, by kind: the page says it in its language (lib/words' `login.errors`). */
export interface LoginErrorMessage {
  shop?: "missingShop" | "invalidShop";
}

/** login() reports what is wrong with the shop field as a code; the form words its kind. */
export function loginErrorMessage(loginErrors: LoginError): LoginErrorMessage {
  switch (loginErrors.shop) {
    case LoginErrorType.MissingShop:
      return { shop: "missingShop" };
    case LoginErrorType.InvalidShop:
      return { shop: "invalidShop" };
    default:
      return {};
  }
}

/**
 * The shop typed in the login form (or given as `?shop=`), as the Shopify library would read it
 * ("example", "https://example.myshopify.com/"), checked against the myshopify pattern before the
 * library sees it; a login error otherwise. Anything longer than a domain can be is refused unread.
 */
export function loginShop(typed: string): string | LoginError {
  const trimmed = typed.trim().toLowerCase();
  if (trimmed === "") return { shop: LoginErrorType.MissingShop };
  if (trimmed.length > 255) return { shop: LoginErrorType.InvalidShop };
  const bare = trimmed.replace(/^https?:\/\//, "").replace(/\/$/, "");
  const shop = bare.includes(".") ? bare : `${bare}.myshopify.com`;
  return isShopDomain(shop) || shop === env.SHOP_CUSTOM_DOMAIN ? shop : { shop: LoginErrorType.InvalidShop };
}
