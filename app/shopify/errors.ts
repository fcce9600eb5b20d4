/**
 * What can go wrong when the app talks to the Admin GraphQL API, as classes a job can tell apart:
 * Shopify refused the request (top-level `errors`), it asked us to slow down (THROTTLED, with how
 * long), it refused what we asked for (`userErrors`, naming the field), or it answered in a shape we
 * did not expect. Retrying is the job layer's decision; these only carry the facts it needs.
 */
import type { ThrottleStatus } from "./throttle";

/** One entry of a response's top-level `errors`. */
export interface GraphqlErrorDetail {
  message: string;
  /** `extensions.code`, e.g. THROTTLED, ACCESS_DENIED, MAX_COST_EXCEEDED, INTERNAL_SERVER_ERROR. */
  code: string | undefined;
  path: (string | number)[] | undefined;
}

/** One entry of a mutation's `userErrors`. */
export interface UserErrorDetail {
  /** Path to the input field Shopify blames, e.g. ["fulfillment", "trackingInfo", "url"]; null when none. */
  field: string[] | null;
  message: string;
  /** Present on typed user errors (InventorySetQuantitiesUserError, CarrierServiceCreateUserError, ...). */
  code: string | undefined;
}

export abstract class ShopifyAdminError extends Error {
  /** The GraphQL operation's name, e.g. "FulfillmentCreate". */
  abstract readonly operation: string;
}

/** Shopify answered with top-level `errors` (or a non-2xx status): nothing was done. */
export class ShopifyGraphqlError extends ShopifyAdminError {
  override readonly name: string = "ShopifyGraphqlError";

  constructor(
    readonly operation: string,
    readonly errors: GraphqlErrorDetail[],
    /** The HTTP status, when the transport let us see it. */
    readonly status?: number,
  ) {
    super(`Shopify refused ${operation}: ${errors.map(describeGraphqlError).join("; ") || "no error details"}`);
  }

  /** True when any error carries this `extensions.code`. */
  hasCode(code: string): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

/** The shop's cost bucket cannot pay for this request now; nothing was done. */
export class ShopifyThrottledError extends ShopifyGraphqlError {
  override readonly name = "ShopifyThrottledError";

  constructor(
    operation: string,
    errors: GraphqlErrorDetail[],
    /** How long until the bucket holds the request's cost again. */
    readonly retryAfterMs: number,
    readonly throttleStatus: ThrottleStatus | undefined,
  ) {
    super(operation, errors);
    this.message = `Shopify throttled ${operation}: retry in ${Math.ceil(retryAfterMs / 100) / 10} s`;
  }
}

/** How Shopify refuses a whole shop: the token no longer works (401), the shop is frozen (402) or locked (423). */
export type ShopUnavailable = "REVOKED" | "FROZEN" | "LOCKED";

const UNAVAILABLE_BY_STATUS: Readonly<Record<number, ShopUnavailable>> = { 401: "REVOKED", 402: "FROZEN", 423: "LOCKED" };

/** Which refusal of the whole shop an HTTP status is, if any. */
export function shopUnavailableOf(status: number | undefined): ShopUnavailable | undefined {
  return status === undefined ? undefined : UNAVAILABLE_BY_STATUS[status];
}

/**
 * Shopify refuses every request for the shop, not this one: nothing the app sends will work until
 * the merchant reconnects the app (401) or Shopify unfreezes (402) or unlocks (423) the shop. Jobs
 * wait instead of retrying (app/flows/shop-access/).
 */
export class ShopifyShopUnavailableError extends ShopifyGraphqlError {
  override readonly name = "ShopifyShopUnavailableError";

  constructor(
    operation: string,
    errors: GraphqlErrorDetail[],
    status: number,
    readonly unavailable: ShopUnavailable,
  ) {
    super(operation, errors, status);
  }
}

/** Shopify ran the mutation and refused it (`userErrors`); the message names the field. */
export class ShopifyUserError extends ShopifyAdminError {
  override readonly name = "ShopifyUserError";

  constructor(
    readonly operation: string,
    readonly userErrors: UserErrorDetail[],
  ) {
    super(`Shopify refused ${operation}: ${userErrors.map(describeUserError).join("; ")}`);
  }

  /** True when any user error carries this code (e.g. CHANGE_FROM_QUANTITY_STALE). */
  hasCode(code: string): boolean {
    return this.userErrors.some((e) => e.code === code);
  }
}

/** Shopify's answer did not have the shape the app relies on (a schema change, or a bug of ours). */
export class ShopifyResponseShapeError extends ShopifyAdminError {
  override readonly name = "ShopifyResponseShapeError";

  constructor(
    readonly operation: string,
    /** Where and what: zod's issues, or the same shape written by hand. */
    readonly issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  ) {
    super(
      `Unexpected answer to ${operation}: ${issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`).join("; ")}`,
    );
  }
}

function describeGraphqlError(error: GraphqlErrorDetail): string {
  const where = error.path?.length ? ` at ${error.path.join(".")}` : "";
  return `${error.message}${where}${error.code ? ` (${error.code})` : ""}`;
}

function describeUserError(error: UserErrorDetail): string {
  const field = error.field?.length ? `${error.field.join(".")}: ` : "";
  return `${field}${error.message}${error.code ? ` (${error.code})` : ""}`;
}
