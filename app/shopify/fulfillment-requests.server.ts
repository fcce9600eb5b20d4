/**
 * The app's answers, as a fulfillment service, to what the merchant (or Shopify for them) asks of a
 * fulfillment order at one of its warehouses: fulfil it, or give it back (cancel). The `message` is
 * shown to the merchant on the order, so it says why in their words.
 */
import { z } from "zod";
import { FulfillmentOrderStatus } from "~/connector/fulfillment-order";
import {
  aliasedDocuments,
  aliasedResults,
  assertNoUserErrors,
  payloadOf,
  resultOf,
  runGraphql,
  userErrorOf,
  UserErrors,
  type AdminGraphql,
} from "./admin-graphql.server";
import { ShopifyUserError } from "./errors";
import { FulfillmentOrderRequestStatus } from "./fulfillment-order-lists.server";
import { FulfillmentOrderGid } from "./ids";

/** FulfillmentOrderRejectionReason (2026-10). */
export const RejectionReason = z.enum([
  "INCORRECT_ADDRESS",
  "INCORRECT_PRODUCT_INFO",
  "INELIGIBLE_PRODUCT",
  "INTERNATIONAL_SHIPPING_UNAVAILABLE",
  "INVALID_CONTACT_INFORMATION",
  "INVALID_SKU",
  "INVENTORY_OUT_OF_STOCK",
  "MERCHANT_BLOCKED_OR_SUSPENDED",
  "MISSING_CUSTOMS_INFO",
  "ORDER_TOO_LARGE",
  "OTHER",
  "PACKAGE_PREFERENCE_NOT_SET",
  "PAYMENT_DECLINED",
  "UNDELIVERABLE_DESTINATION",
]);
export type RejectionReason = z.infer<typeof RejectionReason>;

const ANSWERED_FIELDS = `#graphql
  fragment AnsweredFulfillmentOrder on FulfillmentOrder { id status requestStatus }`;

/** The fulfillment order after the answer: e.g. IN_PROGRESS / ACCEPTED, or CLOSED / CANCELLATION_ACCEPTED. */
export const AnsweredFulfillmentOrder = z.object({
  id: FulfillmentOrderGid,
  status: FulfillmentOrderStatus,
  requestStatus: FulfillmentOrderRequestStatus,
});
export type AnsweredFulfillmentOrder = z.infer<typeof AnsweredFulfillmentOrder>;

const Payload = z.object({ fulfillmentOrder: AnsweredFulfillmentOrder.nullable(), userErrors: UserErrors });
const acceptResults = aliasedResults("a", Payload);

async function answer<Field extends string>(
  admin: AdminGraphql,
  document: string,
  field: Field,
  variables: Record<string, unknown>,
): Promise<AnsweredFulfillmentOrder> {
  const { data: payload, operation } = await runGraphql(admin, document, variables, payloadOf(field, Payload));
  assertNoUserErrors(operation, payload.userErrors);
  return resultOf(operation, "fulfillmentOrder", payload.fulfillmentOrder);
}

const ACCEPT_FULFILLMENT_REQUEST = `#graphql
  mutation AcceptFulfillmentRequest($id: ID!, $message: String, $estimatedShippedAt: DateTime) {
    fulfillmentOrderAcceptFulfillmentRequest(id: $id, message: $message, estimatedShippedAt: $estimatedShippedAt) {
      fulfillmentOrder { ...AnsweredFulfillmentOrder }
      userErrors { field message }
    }
  }
  ${ANSWERED_FIELDS}`;

/** The warehouse will ship it: the fulfillment order goes IN_PROGRESS. */
export function acceptFulfillmentRequest(
  admin: AdminGraphql,
  input: { id: FulfillmentOrderGid; message?: string; estimatedShippedAt?: Date },
): Promise<AnsweredFulfillmentOrder> {
  return answer(admin, ACCEPT_FULFILLMENT_REQUEST, "fulfillmentOrderAcceptFulfillmentRequest", {
    id: input.id,
    message: input.message ?? null,
    estimatedShippedAt: input.estimatedShippedAt?.toISOString() ?? null,
  });
}

/** Requests accepted in one mutation document (10 points each of the 1,000 a request may ask for). */
export const ACCEPTS_PER_REQUEST = 10;

/** Several accepts, one aliased field each (a0, a1, ...). */
const acceptDocument = aliasedDocuments(
  (indexes) => `#graphql
  mutation AcceptFulfillmentRequests(${indexes.map((i) => `$id${i}: ID!, $message${i}: String, $estimatedShippedAt${i}: DateTime`).join(", ")}) {
    ${indexes
      .map(
        (i) =>
          `a${i}: fulfillmentOrderAcceptFulfillmentRequest(id: $id${i}, message: $message${i}, estimatedShippedAt: $estimatedShippedAt${i}) { fulfillmentOrder { ...AnsweredFulfillmentOrder } userErrors { field message } }`,
      )
      .join("\n    ")}
  }
  ${ANSWERED_FIELDS}`,
);

/** Each request's answer: accepted (the fulfillment order as it is now), or Shopify's refusal of that one. */
export type AcceptOutcome =
  { id: FulfillmentOrderGid; accepted: AnsweredFulfillmentOrder } | { id: FulfillmentOrderGid; refused: ShopifyUserError };

/**
 * Accepts several requests, ACCEPTS_PER_REQUEST to a mutation: one round trip instead of one each.
 * A request Shopify refuses (withdrawn, answered already) does not stop the others.
 */
export async function acceptFulfillmentRequests(
  admin: AdminGraphql,
  inputs: readonly { id: FulfillmentOrderGid; message?: string; estimatedShippedAt?: Date | null }[],
): Promise<AcceptOutcome[]> {
  const outcomes: AcceptOutcome[] = [];
  for (let start = 0; start < inputs.length; start += ACCEPTS_PER_REQUEST) {
    const chunk = inputs.slice(start, start + ACCEPTS_PER_REQUEST);
    const variables = Object.fromEntries(
      chunk.flatMap((input, index) => [
        [`id${index}`, input.id],
        [`message${index}`, input.message ?? null],
        [`estimatedShippedAt${index}`, input.estimatedShippedAt?.toISOString() ?? null],
      ]),
    );
    const { data, operation } = await runGraphql(admin, acceptDocument(chunk.length), variables, acceptResults(chunk.length));
    for (const [index, input] of chunk.entries()) {
      const payload = data[`a${index}`] as z.infer<typeof Payload>;
      if (payload.userErrors.length > 0) {
        outcomes.push({ id: input.id, refused: userErrorOf(operation, payload.userErrors) });
      } else {
        outcomes.push({ id: input.id, accepted: resultOf(operation, `a${index}.fulfillmentOrder`, payload.fulfillmentOrder) });
      }
    }
  }
  return outcomes;
}

const REJECT_FULFILLMENT_REQUEST = `#graphql
  mutation RejectFulfillmentRequest($id: ID!, $reason: FulfillmentOrderRejectionReason!, $message: String!, $lineItems: [IncomingRequestLineItemInput!]) {
    fulfillmentOrderRejectFulfillmentRequest(id: $id, reason: $reason, message: $message, lineItems: $lineItems) {
      fulfillmentOrder { ...AnsweredFulfillmentOrder }
      userErrors { field message }
    }
  }
  ${ANSWERED_FIELDS}`;

/**
 * The warehouse will not ship it (unknown SKU, address it cannot serve, ...): the merchant sees the
 * reason and message and can fix and request again. `lines` names the lines at fault, each with its own note.
 */
export function rejectFulfillmentRequest(
  admin: AdminGraphql,
  input: {
    id: FulfillmentOrderGid;
    reason: RejectionReason;
    message: string;
    lines?: { fulfillmentOrderLineItemId: string; message?: string }[];
  },
): Promise<AnsweredFulfillmentOrder> {
  return answer(admin, REJECT_FULFILLMENT_REQUEST, "fulfillmentOrderRejectFulfillmentRequest", {
    id: input.id,
    reason: input.reason,
    message: input.message,
    lineItems:
      input.lines?.map((line) => ({ fulfillmentOrderLineItemId: line.fulfillmentOrderLineItemId, message: line.message ?? null })) ?? null,
  });
}

const ACCEPT_CANCELLATION_REQUEST = `#graphql
  mutation AcceptCancellationRequest($id: ID!, $message: String) {
    fulfillmentOrderAcceptCancellationRequest(id: $id, message: $message) {
      fulfillmentOrder { ...AnsweredFulfillmentOrder }
      userErrors { field message }
    }
  }
  ${ANSWERED_FIELDS}`;

/** Nothing reached the warehouse yet: the merchant gets the fulfillment order back. */
export function acceptCancellationRequest(
  admin: AdminGraphql,
  input: { id: FulfillmentOrderGid; message?: string },
): Promise<AnsweredFulfillmentOrder> {
  return answer(admin, ACCEPT_CANCELLATION_REQUEST, "fulfillmentOrderAcceptCancellationRequest", {
    id: input.id,
    message: input.message ?? null,
  });
}

const REJECT_CANCELLATION_REQUEST = `#graphql
  mutation RejectCancellationRequest($id: ID!, $message: String!) {
    fulfillmentOrderRejectCancellationRequest(id: $id, message: $message) {
      fulfillmentOrder { ...AnsweredFulfillmentOrder }
      userErrors { field message }
    }
  }
  ${ANSWERED_FIELDS}`;

/** Too late (the package is at the warehouse): the message tells the merchant so. */
export function rejectCancellationRequest(
  admin: AdminGraphql,
  input: { id: FulfillmentOrderGid; message: string },
): Promise<AnsweredFulfillmentOrder> {
  return answer(admin, REJECT_CANCELLATION_REQUEST, "fulfillmentOrderRejectCancellationRequest", { id: input.id, message: input.message });
}

const CLOSE_FULFILLMENT_ORDER = `#graphql
  mutation CloseFulfillmentOrder($id: ID!, $message: String) {
    fulfillmentOrderClose(id: $id, message: $message) {
      fulfillmentOrder { ...AnsweredFulfillmentOrder }
      userErrors { field message }
    }
  }
  ${ANSWERED_FIELDS}`;

/**
 * The warehouse gives back work it accepted and cannot do (the provider could not create the
 * package): the fulfillment order becomes INCOMPLETE, and the merchant decides what to do with it
 * (request it again, move it, fulfil it elsewhere). The message says why, on the order.
 */
export function closeFulfillmentOrder(
  admin: AdminGraphql,
  input: { id: FulfillmentOrderGid; message: string },
): Promise<AnsweredFulfillmentOrder> {
  return answer(admin, CLOSE_FULFILLMENT_ORDER, "fulfillmentOrderClose", { id: input.id, message: input.message });
}
