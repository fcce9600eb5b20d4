/**
 * The one way the app sends an Admin GraphQL document: through whatever `admin` client the caller
 * holds (`authenticate.*(request).admin`, `unauthenticated.admin(shop).admin`, or a test's fetch),
 * with the answer parsed by a zod schema of the part the app uses (decision 0004). Shopify's refusals
 * become the typed errors of errors.ts; throttling says how long to wait. Nothing here retries: the
 * job layer decides that, with the wait these errors carry.
 */
import { z } from "zod";
import {
  shopUnavailableOf,
  ShopifyGraphqlError,
  ShopifyResponseShapeError,
  ShopifyShopUnavailableError,
  ShopifyThrottledError,
  ShopifyUserError,
  type GraphqlErrorDetail,
} from "./errors";
import { paceForNextPage, QueryCost, throttledWaitMs } from "./throttle";

/** What `admin.graphql(query, { variables })` resolves to: a fetch Response of `{data, errors, extensions}`. */
export interface AdminGraphqlResponse {
  readonly status: number;
  json(): Promise<unknown>;
}

/**
 * The slice of `@shopify/shopify-app-remix`'s `AdminApiContext` this layer needs. Structural, so the
 * library's client, its React Router successor and a test's plain fetch all satisfy it.
 */
export interface AdminGraphql {
  graphql(query: string, options?: { variables?: Record<string, unknown> }): Promise<AdminGraphqlResponse>;
}

export interface GraphqlResult<T> {
  data: T;
  /** What the request cost and how full the shop's bucket is now; absent if Shopify did not say. */
  cost: QueryCost | undefined;
  /** The document's operation name, for errors and logs. */
  operation: string;
}

const GraphqlError = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});
type GraphqlError = z.infer<typeof GraphqlError>;

const Extensions = z.looseObject({ cost: QueryCost.optional() }).optional();

/** A response body. `errors` is a list on GraphQL refusals, a string or object on HTTP ones (401, 404). */
const Envelope = z.object({
  data: z.unknown().optional(),
  errors: z.union([z.array(GraphqlError), z.string(), z.record(z.string(), z.unknown())]).optional(),
  extensions: Extensions,
});

/**
 * `@shopify/shopify-api`'s client (behind `admin.graphql`) does not return a body with top-level
 * errors: it throws a GraphqlQueryError whose `body` holds them under `errors.graphQLErrors`, next
 * to `extensions` (cost included). Recognised by shape, so no library class is imported.
 */
const LibraryRefusal = z.object({
  body: z.object({
    errors: z.object({ graphQLErrors: z.array(GraphqlError), networkStatusCode: z.number().optional() }),
    extensions: Extensions,
  }),
});

/** `query FulfillmentOrderFacts(...)` → "FulfillmentOrderFacts". Every document here is named. */
export function operationName(document: string): string {
  return /\b(?:query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(document)?.[1] ?? "anonymous operation";
}

function detailsOf(errors: z.infer<typeof Envelope>["errors"]): GraphqlErrorDetail[] {
  if (errors === undefined) return [];
  if (typeof errors === "string") return [{ message: errors, code: undefined, path: undefined }];
  if (!Array.isArray(errors)) return [{ message: JSON.stringify(errors), code: undefined, path: undefined }];
  return errors.map((e: GraphqlError) => ({ message: e.message, code: e.extensions?.code, path: e.path }));
}

function refusal(operation: string, details: GraphqlErrorDetail[], cost: QueryCost | undefined, status?: number): ShopifyGraphqlError {
  if (details.some((d) => d.code === "THROTTLED")) {
    return new ShopifyThrottledError(operation, details, throttledWaitMs(cost), cost?.throttleStatus);
  }
  const unavailable = shopUnavailableOf(status);
  if (status !== undefined && unavailable) return new ShopifyShopUnavailableError(operation, details, status, unavailable);
  return new ShopifyGraphqlError(operation, details, status);
}

/**
 * `@shopify/shopify-api` throws an HttpResponseError for a non-2xx answer (401, 402, 423, 5xx),
 * with `response.code` and the body. Recognised by shape, like LibraryRefusal.
 */
const LibraryHttpRefusal = z.object({ response: z.object({ code: z.number(), body: z.unknown().optional() }) });

function libraryHttpRefusal(operation: string, error: unknown): ShopifyGraphqlError | undefined {
  const refused = LibraryHttpRefusal.safeParse(error);
  if (!refused.success) return undefined;
  const { code, body } = refused.data.response;
  if (shopUnavailableOf(code) === undefined) return undefined;
  const envelope = Envelope.safeParse(body);
  const details = envelope.success ? detailsOf(envelope.data.errors) : [];
  return refusal(
    operation,
    details.length > 0 ? details : [{ message: `HTTP ${code}`, code: undefined, path: undefined }],
    undefined,
    code,
  );
}

async function send(admin: AdminGraphql, operation: string, document: string, variables: Record<string, unknown>) {
  try {
    return await admin.graphql(document, { variables });
  } catch (error) {
    const refused = LibraryRefusal.safeParse(error);
    if (!refused.success) throw libraryHttpRefusal(operation, error) ?? error; // network, auth redirect, 5xx: not ours to interpret
    const { errors, extensions } = refused.data.body;
    throw refusal(operation, detailsOf(errors.graphQLErrors), extensions?.cost, errors.networkStatusCode);
  }
}

/**
 * Sends `document` with `variables`; returns `data` parsed by `resultSchema` and the cost. Throws
 * ShopifyThrottledError (with the wait), ShopifyGraphqlError for any other top-level error (partial
 * data is never used), ShopifyResponseShapeError when `data` is not what the schema expects.
 */
export async function runGraphql<Schema extends z.ZodType>(
  admin: AdminGraphql,
  document: string,
  variables: Record<string, unknown>,
  resultSchema: Schema,
): Promise<GraphqlResult<z.output<Schema>>> {
  const operation = operationName(document);
  const response = await send(admin, operation, document, variables);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ShopifyGraphqlError(operation, [{ message: "the answer was not JSON", code: undefined, path: undefined }], response.status);
  }
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) throw new ShopifyResponseShapeError(operation, envelope.error.issues);
  const { data, errors, extensions } = envelope.data;
  const details = detailsOf(errors);
  const failedStatus = response.status >= 400 ? response.status : undefined;
  if (details.length > 0 || failedStatus !== undefined) {
    throw refusal(
      operation,
      details.length ? details : [{ message: `HTTP ${response.status}`, code: undefined, path: undefined }],
      extensions?.cost,
      failedStatus,
    );
  }
  const parsed = resultSchema.safeParse(data);
  if (!parsed.success) throw new ShopifyResponseShapeError(operation, parsed.error.issues);
  return { data: parsed.data, cost: extensions?.cost, operation };
}

/** A mutation payload's `userErrors` (UserError, or a typed variant that adds `code`). */
export const UserErrors = z.array(
  z.object({
    field: z.array(z.string()).nullable(),
    message: z.string(),
    code: z.string().nullish(),
  }),
);

/** The answer to a one-field mutation, `{ <field>: payload }`, unwrapped to the payload. */
export function payloadOf<Field extends string, Payload extends z.ZodType>(field: Field, payload: Payload) {
  return z.record(z.literal(field), payload).transform((data) => data[field]);
}

/** Shopify's refusal of a mutation, naming each field and message. */
export function userErrorOf(operation: string, userErrors: z.infer<typeof UserErrors>): ShopifyUserError {
  return new ShopifyUserError(
    operation,
    userErrors.map((e) => ({ field: e.field, message: e.message, code: e.code ?? undefined })),
  );
}

/** Throws ShopifyUserError naming each field and message when Shopify refused the mutation. */
export function assertNoUserErrors(operation: string, userErrors: z.infer<typeof UserErrors>): void {
  if (userErrors.length > 0) throw userErrorOf(operation, userErrors);
}

/** What `build` makes for a count, made once for each count and kept. */
function oncePerCount<T>(build: (count: number) => T): (count: number) => T {
  const built = new Map<number, T>();
  return (count) => {
    let made = built.get(count);
    if (made === undefined) {
      made = build(count);
      built.set(count, made);
    }
    return made;
  };
}

/**
 * Documents that repeat one field under aliases (f0, f1, ...) to do several things in one request,
 * each costed and answered on its own: `build` writes the document for the given indexes, once per
 * count (the pacing learns each document's cost by its text).
 */
export function aliasedDocuments(build: (indexes: number[]) => string): (count: number) => string {
  return oncePerCount((count) => build(Array.from({ length: count }, (_, index) => index)));
}

/**
 * The answer of an aliased document: `field` under each alias (`prefix`0, `prefix`1, ...), its
 * schema built once per count as the documents are. zod compiles an object's parser on its first
 * parse, so a schema built for every request was compiled again for every answer: about 120 µs
 * for ten fulfilments' answers, against 2 µs once compiled.
 */
export function aliasedResults<Field extends z.ZodType>(
  prefix: string,
  field: Field,
): (count: number) => z.ZodObject<Record<string, Field>> {
  return oncePerCount((count) => z.object(Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, field]))));
}

/** The object a mutation returns, which Shopify leaves null only together with userErrors. */
export function resultOf<T>(operation: string, field: string, value: T | null): T {
  if (value === null) throw new ShopifyResponseShapeError(operation, [{ path: [field], message: "is null, yet no userErrors were given" }]);
  return value;
}

/** Relay page info: where the next page starts, if there is one. */
export const PageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

/** One page of a list: the items, the cursor of the next page (null on the last), and the cost. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  cost: QueryCost | undefined;
}

export function nextCursorOf(pageInfo: z.infer<typeof PageInfo>): string | null {
  return pageInfo.hasNextPage ? pageInfo.endCursor : null;
}

/** Runs the calls of one multi-page read in turn, each after the bucket holds what the last one asked for. */
export type PacedCalls = <T>(call: () => Promise<GraphqlResult<T>>) => Promise<GraphqlResult<T>>;

/** Calls of a multi-page read that are tried again after a THROTTLED answer, each after the wait it names. */
const PACED_THROTTLE_ATTEMPTS = 3;

/**
 * Pacing for a read that takes several calls (a long order, every event of a parcel): without it a
 * read costing more than the bucket holds would be throttled on every attempt. See paceForNextPage.
 */
export function pacedCalls(): PacedCalls {
  let last: QueryCost | undefined;
  return async (call) => {
    await paceForNextPage(last, last?.requestedQueryCost ?? 0);
    // The pace is judged by the previous call's cost; a dearer next one (a page of HS codes after
    // a page of lines) may still find the bucket short. Shopify says how long to wait: wait that
    // once or twice, rather than fail a read half done.
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await call();
        last = result.cost;
        return result;
      } catch (error) {
        if (!(error instanceof ShopifyThrottledError) || attempt >= PACED_THROTTLE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs));
      }
    }
  };
}

/**
 * Every item of a paged list, page after page, each page waiting until the bucket can pay for it
 * (a list longer than the bucket would otherwise throttle itself). For lists a job reads whole:
 * the shop's locations, its carrier services, a callback's assigned fulfillment orders.
 */
export async function collectPages<T>(page: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let after: string | null = null;
  let last: QueryCost | undefined;
  do {
    await paceForNextPage(last, last?.requestedQueryCost ?? 0);
    const next: Page<T> = await page(after);
    items.push(...next.items);
    last = next.cost;
    after = next.nextCursor;
  } while (after !== null);
  return items;
}
