/**
 * Shopify's rate request, read as a stranger's request must be (DESIGN.md section 8): the body
 * bounded before anything else, the HMAC (X-Shopify-Hmac-Sha256, base64 HMAC-SHA256 of the raw body
 * with the app's secret) checked over the bytes as sent, the unsigned shop header parsed, then the
 * body parsed with the rate request's schema. The helpers are the webhook intake's.
 */
import { RateRequest } from "~/connector/checkout-rates";
import { fieldPath } from "~/fulfilment/errors";
import { hmacMatches, readBoundedBody, readJsonPayload } from "~/flows/receive-webhooks/signed-body.server";
import { isShopDomain, type ShopDomain } from "~/shopify/shop-domain";

/** A cart of 500 lines with Shopify's every field is about 300 KB; anything longer is not a rate request. */
export const RATE_REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;

export type ReadRateRequest =
  | { ok: true; shop: ShopDomain; request: RateRequest }
  /** The status and the reason, naming the field when the body is at fault. */
  | { ok: false; status: 400 | 401 | 405 | 413; error: string };

export async function readRateRequest(request: Request, apiSecretKey: string): Promise<ReadRateRequest> {
  if (request.method !== "POST") return { ok: false, status: 405, error: "Rate requests are POSTed" };
  let body: Buffer;
  try {
    body = await readBoundedBody(request, RATE_REQUEST_BODY_LIMIT_BYTES);
  } catch (refusal) {
    if (refusal instanceof Response && refusal.status === 413)
      return { ok: false, status: 413, error: `The body is longer than ${RATE_REQUEST_BODY_LIMIT_BYTES} bytes` };
    throw refusal;
  }
  const hmac = request.headers.get("X-Shopify-Hmac-Sha256");
  if (!hmac) return { ok: false, status: 401, error: "The request is not signed (X-Shopify-Hmac-Sha256)" };
  if (!hmacMatches(apiSecretKey, body, hmac))
    return { ok: false, status: 401, error: "The signature (X-Shopify-Hmac-Sha256) does not match the body" };
  const shop = request.headers.get("X-Shopify-Shop-Domain") ?? "";
  if (!isShopDomain(shop)) return { ok: false, status: 400, error: "X-Shopify-Shop-Domain must be a shop's *.myshopify.com domain" };

  const read = readJsonPayload(body);
  if (!read.ok) return { ok: false, status: 400, error: read.reason };
  const parsed = RateRequest.safeParse(read.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined ? "" : fieldPath(issue.path);
    return { ok: false, status: 400, error: `${field || "The body"}: ${issue?.message ?? "is not a rate request"}` };
  }
  return { ok: true, shop, request: parsed.data };
}
