import type { ActionFunctionArgs } from "@remix-run/node";
import { readCheckoutRateRequest } from "~/shopify.server";
import { describeError, log } from "~/lib/log.server";
import { appCheckoutRates } from "~/wiring/checkout-rates.server";

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/**
 * Shopify's carrier-service callback (`callbackUrl` = `${appUrl}/carrier-service/rates`): the rates
 * checkout offers for a cart. Refusals of the request itself are 4xx naming the reason; anything
 * the app fails at answers 200 with no rates, never a 5xx: checkout must go on (decision 0018).
 */
export async function action({ request }: ActionFunctionArgs) {
  const startedAt = Date.now();
  const read = await readCheckoutRateRequest(request);
  if (!read.ok) return answer({ error: read.error }, read.status);
  try {
    const rates = await appCheckoutRates()(read.shop, read.request, startedAt);
    if (rates.status === 404) return answer({ error: rates.error }, 404);
    return answer({ rates: rates.rates }, 200, { "X-Checkout-Rates-Source": rates.source });
  } catch (error) {
    log.error({ shop: read.shop, error: describeError(error) }, "Checkout rates: no rates answered");
    return answer({ rates: [] }, 200, { "X-Checkout-Rates-Source": "fallback" });
  }
}
