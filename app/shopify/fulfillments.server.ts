/**
 * Writing back what the warehouse did: the fulfilment (what shipped, with which tracking number,
 * the customer notified or not), a replaced tracking number, and the parcel's journey as events the
 * customer sees on the order status page. Plus the reads that let a job that crashed half-way find
 * what it already wrote, so nothing is shipped or announced twice.
 */
import { FulfillmentEventStatus } from "./fulfillment-event-status";
import { z } from "zod";
import {
  aliasedDocuments,
  aliasedResults,
  assertNoUserErrors,
  nextCursorOf,
  pacedCalls,
  PageInfo,
  payloadOf,
  resultOf,
  runGraphql,
  userErrorOf,
  UserErrors,
  type AdminGraphql,
  type GraphqlResult,
} from "./admin-graphql.server";
import { ShopifyUserError } from "./errors";
import { FulfillmentEventGid, FulfillmentGid, FulfillmentOrderGid, FulfillmentOrderLineItemGid } from "./ids";

/** Shopify's limit on input arrays. */
const MAX_INPUT_ITEMS = 250;

export const Tracking = z.object({
  number: z.string().min(1),
  /** The carrier as Shopify knows it ("DHL Express", "USPS"), or the provider's own name. */
  company: z.string().min(1).nullable(),
  url: z.url().nullable(),
  /** The package's other parcels (several boxes): every number goes into the fulfilment. */
  others: z.array(z.object({ number: z.string().min(1), url: z.url().nullable() })).default([]),
});
export type Tracking = z.input<typeof Tracking>;

/**
 * Shopify's FulfillmentTrackingInput. One parcel: number, company, url. Several: `numbers` (the
 * first is the main one) and `urls`, sent only when every number has its page, since Shopify
 * pairs them by position.
 */
function trackingInput(tracking: Tracking) {
  const { number, company, url, others } = Tracking.parse(tracking);
  if (others.length === 0) return { number, company, url };
  const urls = [url, ...others.map((other) => other.url)];
  return {
    company,
    numbers: [number, ...others.map((other) => other.number)],
    ...(urls.every((page): page is string => page !== null) ? { urls } : {}),
  };
}

const TrackingInfo = z.object({ number: z.string().nullable(), company: z.string().nullable(), url: z.string().nullable() });

/** FulfillmentStatus (OPEN and PENDING are deprecated and never returned for new fulfilments). */
const FulfillmentStatus = z.enum(["SUCCESS", "CANCELLED", "ERROR", "FAILURE", "OPEN", "PENDING"]);

const FULFILLMENT_FIELDS = `#graphql
  fragment FulfillmentFields on Fulfillment {
    id
    name
    status
    createdAt
    trackingInfo { number company url }
  }`;

export const Fulfillment = z.object({
  id: FulfillmentGid,
  /** As the merchant sees it on the order, e.g. "#1001.1". */
  name: z.string(),
  status: FulfillmentStatus,
  createdAt: z.string(),
  trackingInfo: z.array(TrackingInfo),
});
export type Fulfillment = z.infer<typeof Fulfillment>;

const FulfillmentPayload = z.object({ fulfillment: Fulfillment.nullable(), userErrors: UserErrors });
const createResults = aliasedResults("f", FulfillmentPayload);

/** What shipped: exactly these fulfillment order lines and quantities, never "whatever remains". */
export const FulfillmentToCreate = z.object({
  fulfillmentOrderId: FulfillmentOrderGid,
  lines: z
    .array(z.object({ id: FulfillmentOrderLineItemGid, quantity: z.number().int().positive() }))
    .min(1, { error: "name the lines shipped: without them Shopify fulfils everything that remains" })
    .max(MAX_INPUT_ITEMS),
  tracking: Tracking,
  notifyCustomer: z.boolean(),
});
export type FulfillmentToCreate = z.input<typeof FulfillmentToCreate>;

const FULFILLMENT_CREATE = `#graphql
  mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { ...FulfillmentFields }
      userErrors { field message }
    }
  }
  ${FULFILLMENT_FIELDS}`;

/** Records the shipment in Shopify; with notifyCustomer the customer gets the shipping confirmation. */
export async function createFulfillment(admin: AdminGraphql, input: FulfillmentToCreate): Promise<Fulfillment> {
  const { fulfillmentOrderId, lines, tracking, notifyCustomer } = FulfillmentToCreate.parse(input);
  const fulfillment = {
    lineItemsByFulfillmentOrder: [{ fulfillmentOrderId, fulfillmentOrderLineItems: lines }],
    trackingInfo: trackingInput(tracking),
    notifyCustomer,
  };
  const { data, operation } = await runGraphql(
    admin,
    FULFILLMENT_CREATE,
    { fulfillment },
    payloadOf("fulfillmentCreate", FulfillmentPayload),
  );
  assertNoUserErrors(operation, data.userErrors);
  return resultOf(operation, "fulfillment", data.fulfillment);
}

/** Fulfilments created in one mutation document (10 points each). */
export const FULFILLMENTS_PER_REQUEST = 10;

/** Several fulfillmentCreate fields, aliased f0, f1, ... */
const createDocument = aliasedDocuments(
  (indexes) => `#graphql
  mutation FulfillmentsCreate(${indexes.map((i) => `$fulfillment${i}: FulfillmentInput!`).join(", ")}) {
    ${indexes.map((i) => `f${i}: fulfillmentCreate(fulfillment: $fulfillment${i}) { fulfillment { ...FulfillmentFields } userErrors { field message } }`).join("\n    ")}
  }
  ${FULFILLMENT_FIELDS}`,
);

/** Each fulfilment's answer: created, or Shopify's refusal of that one. */
export type CreateOutcome = { created: Fulfillment } | { refused: ShopifyUserError };

/**
 * Creates several fulfilments, FULFILLMENTS_PER_REQUEST to a mutation (one round trip instead of
 * one each); the outcomes come back in the order of `inputs`. One refusal does not stop the others.
 */
export async function createFulfillments(admin: AdminGraphql, inputs: readonly FulfillmentToCreate[]): Promise<CreateOutcome[]> {
  const outcomes: CreateOutcome[] = [];
  for (let start = 0; start < inputs.length; start += FULFILLMENTS_PER_REQUEST) {
    const chunk = inputs.slice(start, start + FULFILLMENTS_PER_REQUEST).map((input) => FulfillmentToCreate.parse(input));
    const variables = Object.fromEntries(
      chunk.map(({ fulfillmentOrderId, lines, tracking, notifyCustomer }, index) => [
        `fulfillment${index}`,
        {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId, fulfillmentOrderLineItems: lines }],
          trackingInfo: trackingInput(tracking),
          notifyCustomer,
        },
      ]),
    );
    const { data, operation } = await runGraphql(admin, createDocument(chunk.length), variables, createResults(chunk.length));
    for (const index of chunk.keys()) {
      const payload = data[`f${index}`] as z.infer<typeof FulfillmentPayload>;
      outcomes.push(
        payload.userErrors.length > 0
          ? { refused: userErrorOf(operation, payload.userErrors) }
          : { created: resultOf(operation, `f${index}.fulfillment`, payload.fulfillment) },
      );
    }
  }
  return outcomes;
}

const FULFILLMENT_TRACKING_INFO_UPDATE = `#graphql
  mutation FulfillmentTrackingInfoUpdate($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: $notifyCustomer) {
      fulfillment { ...FulfillmentFields }
      userErrors { field message }
    }
  }
  ${FULFILLMENT_FIELDS}`;

/** Replaces a tracking number the provider said was not final; notifyCustomer sends the new link. */
export async function updateTracking(
  admin: AdminGraphql,
  input: { fulfillmentId: FulfillmentGid; tracking: Tracking; notifyCustomer: boolean },
): Promise<Fulfillment> {
  // The whole trackingInfo is replaced: the other parcels' numbers go again with the new main one.
  const variables = {
    fulfillmentId: input.fulfillmentId,
    trackingInfoInput: trackingInput(input.tracking),
    notifyCustomer: input.notifyCustomer,
  };
  const { data, operation } = await runGraphql(
    admin,
    FULFILLMENT_TRACKING_INFO_UPDATE,
    variables,
    payloadOf("fulfillmentTrackingInfoUpdate", FulfillmentPayload),
  );
  assertNoUserErrors(operation, data.userErrors);
  return resultOf(operation, "fulfillment", data.fulfillment);
}

export { FulfillmentEventStatus } from "./fulfillment-event-status";

/** A tracking checkpoint: what happened, when, and where (free text, as the carrier reports it). */
export const TrackingCheckpoint = z.object({
  fulfillmentId: FulfillmentGid,
  status: FulfillmentEventStatus,
  happenedAt: z.date(),
  message: z.string().nullish(),
  address1: z.string().nullish(),
  city: z.string().nullish(),
  province: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  estimatedDeliveryAt: z.date().nullish(),
});
export type TrackingCheckpoint = z.input<typeof TrackingCheckpoint>;

const FULFILLMENT_EVENT_FIELDS = `#graphql
  fragment FulfillmentEventFields on FulfillmentEvent { id status happenedAt message city country }`;

export const FulfillmentEvent = z.object({
  id: FulfillmentEventGid,
  status: FulfillmentEventStatus,
  happenedAt: z.string(),
  message: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});
export type FulfillmentEvent = z.infer<typeof FulfillmentEvent>;

/** Checkpoints written in one mutation document (10 points each): a parcel's are usually fewer. */
export const EVENTS_PER_REQUEST = 10;

/** Several fulfillmentEventCreate fields, aliased e0, e1, ...: Shopify runs a mutation's fields one after the other, in order. */
const eventsDocument = aliasedDocuments(
  (indexes) => `#graphql
  mutation FulfillmentEventsCreate(${indexes.map((i) => `$event${i}: FulfillmentEventInput!`).join(", ")}) {
    ${indexes.map((i) => `e${i}: fulfillmentEventCreate(fulfillmentEvent: $event${i}) { fulfillmentEvent { ...FulfillmentEventFields } userErrors { field message } }`).join("\n    ")}
  }
  ${FULFILLMENT_EVENT_FIELDS}`,
);

const EventPayload = z.object({ fulfillmentEvent: FulfillmentEvent.nullable(), userErrors: UserErrors });
const eventsResults = aliasedResults("e", EventPayload);

/** Each checkpoint's answer: its event, or Shopify's refusal of that one. */
export type EventOutcome = { created: FulfillmentEvent } | { refused: ShopifyUserError };

/**
 * Adds checkpoints to fulfilments' timelines (DELIVERED marks one delivered for the customer),
 * EVENTS_PER_REQUEST to a mutation, created in the order given; the outcomes come back in that
 * order. One refusal does not stop the others of its request; the requests after it are not sent,
 * their checkpoints left without an outcome, so a caller writing a parcel's checkpoints oldest first
 * tries them again after the one refused.
 */
export async function createFulfillmentEvents(admin: AdminGraphql, checkpoints: readonly TrackingCheckpoint[]): Promise<EventOutcome[]> {
  const outcomes: EventOutcome[] = [];
  for (let start = 0; start < checkpoints.length; start += EVENTS_PER_REQUEST) {
    const chunk = checkpoints.slice(start, start + EVENTS_PER_REQUEST).map((checkpoint) => TrackingCheckpoint.parse(checkpoint));
    const variables = Object.fromEntries(
      chunk.map(({ happenedAt, estimatedDeliveryAt, ...rest }, index) => [
        `event${index}`,
        { ...rest, happenedAt: happenedAt.toISOString(), estimatedDeliveryAt: estimatedDeliveryAt?.toISOString() ?? null },
      ]),
    );
    const { data, operation } = await runGraphql(admin, eventsDocument(chunk.length), variables, eventsResults(chunk.length));
    for (const index of chunk.keys()) {
      const payload = data[`e${index}`] as z.infer<typeof EventPayload>;
      outcomes.push(
        payload.userErrors.length > 0
          ? { refused: userErrorOf(operation, payload.userErrors) }
          : { created: resultOf(operation, `e${index}.fulfillmentEvent`, payload.fulfillmentEvent) },
      );
    }
    if (outcomes.some((outcome) => "refused" in outcome)) break;
  }
  return outcomes;
}

const FULFILLMENT_ORDER_FULFILLMENTS = `#graphql
  query FulfillmentOrderFulfillments($id: ID!) {
    fulfillmentOrder(id: $id) {
      fulfillments(first: 50) { nodes { ...FulfillmentFields } }
    }
  }
  ${FULFILLMENT_FIELDS}`;

/**
 * The fulfilments already written for a fulfillment order (null if it is unknown): after a crash
 * between fulfillmentCreate and recording its id, the one with our tracking number is ours.
 */
export async function listFulfillmentsOf(admin: AdminGraphql, fulfillmentOrderId: FulfillmentOrderGid): Promise<Fulfillment[] | null> {
  const { data } = await runGraphql(
    admin,
    FULFILLMENT_ORDER_FULFILLMENTS,
    { id: fulfillmentOrderId },
    z.object({ fulfillmentOrder: z.object({ fulfillments: z.object({ nodes: z.array(Fulfillment) }) }).nullable() }),
  );
  return data.fulfillmentOrder?.fulfillments.nodes ?? null;
}

const FULFILLMENT_EVENTS = `#graphql
  query FulfillmentEvents($id: ID!, $after: String) {
    fulfillment(id: $id) {
      events(first: 100, after: $after) {
        nodes { ...FulfillmentEventFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${FULFILLMENT_EVENT_FIELDS}`;

const EventsResult = z.object({
  fulfillment: z.object({ events: z.object({ nodes: z.array(FulfillmentEvent), pageInfo: PageInfo }) }).nullable(),
});

/** Every event on a fulfilment (null if it is unknown), so a checkpoint already written is not written again. */
export async function listFulfillmentEvents(admin: AdminGraphql, fulfillmentId: FulfillmentGid): Promise<FulfillmentEvent[] | null> {
  const events: FulfillmentEvent[] = [];
  const paced = pacedCalls();
  let after: string | null = null;
  do {
    const variables = { id: fulfillmentId, after };
    const result: GraphqlResult<z.infer<typeof EventsResult>> = await paced(() =>
      runGraphql(admin, FULFILLMENT_EVENTS, variables, EventsResult),
    );
    const fulfillment = result.data.fulfillment;
    if (!fulfillment) return null;
    events.push(...fulfillment.events.nodes);
    after = nextCursorOf(fulfillment.events.pageInfo);
  } while (after !== null);
  return events;
}
