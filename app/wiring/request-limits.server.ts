/**
 * What the app server (server/serve.mjs) reads of a request before any route parses it: a body
 * longer than its route's limit is refused with 413 and never read on, so an unauthenticated request
 * can neither fill the memory nor hold the event loop (issue 25). A route that needs more than the
 * default is named here, with the limit its own reader keeps too.
 */
import { RATE_REQUEST_BODY_LIMIT_BYTES } from "~/flows/checkout-rates/rate-request.server";
import { WEBHOOK_BODY_LIMIT_BYTES } from "~/flows/receive-webhooks/signed-body.server";

/** Everything not named below: a login form, a data request, the order page block's calls are a few KiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** The admin's forms (signed-in staff): a bulk or inbound shipment of hundreds of lines. */
export const ADMIN_FORM_BODY_LIMIT_BYTES = 1024 * 1024;

const NAMED: readonly { path: RegExp; limit: number }[] = [
  { path: /^\/webhooks\//, limit: WEBHOOK_BODY_LIMIT_BYTES },
  { path: /^\/fulfillment-service\//, limit: WEBHOOK_BODY_LIMIT_BYTES },
  { path: /^\/carrier-service\//, limit: RATE_REQUEST_BODY_LIMIT_BYTES },
  // `/app`, its pages and their single-fetch data requests (`/app.data`, `/app/stock.data`).
  { path: /^\/app(\/|\.data$|$)/, limit: ADMIN_FORM_BODY_LIMIT_BYTES },
];

/** The most the server reads of a request to `pathname`. */
export function bodyLimitFor(pathname: string): number {
  return NAMED.find((named) => named.path.test(pathname))?.limit ?? DEFAULT_BODY_LIMIT_BYTES;
}
