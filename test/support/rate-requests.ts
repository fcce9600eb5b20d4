/**
 * Shopify's rate requests to the carrier-service callback, signed as Shopify signs them (base64
 * HMAC-SHA256 of the raw body with the app's secret), for the callback's tests and its benchmark.
 */
import { createHmac } from "node:crypto";

export interface CartItem {
  sku: string | null;
  quantity: number;
  grams?: number;
  price?: number;
}

/** The body Shopify posts, with the fields it sends (most of them nullable and unread by the app). */
export function rateRequestBody(options: {
  items: readonly CartItem[];
  country?: string;
  postcode?: string;
  currency?: string;
  /** The storefront's language, as Shopify names it ("en", "zh-CN"). */
  locale?: string;
}): string {
  const address = (country: string, postcode: string, city: string) => ({
    country,
    postal_code: postcode,
    province: null,
    city,
    name: null,
    address1: "1 Main Street",
    address2: "",
    address3: null,
    phone: null,
    fax: null,
    email: null,
    address_type: null,
    company_name: null,
  });
  return JSON.stringify({
    rate: {
      origin: address("US", "90001", "Los Angeles"),
      destination: address(options.country ?? "GB", options.postcode ?? "SW1A 1AA", "London"),
      items: options.items.map((item, index) => ({
        name: `Item ${index + 1}`,
        sku: item.sku,
        quantity: item.quantity,
        grams: item.grams ?? 350,
        price: item.price ?? 1999,
        vendor: "Demo",
        requires_shipping: true,
        taxable: true,
        fulfillment_service: "manual",
        properties: null,
        product_id: 1000 + index,
        variant_id: 2000 + index,
      })),
      currency: options.currency ?? "USD",
      locale: options.locale ?? "en",
    },
  });
}

export function signedRateRequest(
  appUrl: string,
  secret: string,
  shop: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(new URL("/carrier-service/rates", appUrl), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(body).digest("base64"),
      ...headers,
    },
    body,
  });
}
