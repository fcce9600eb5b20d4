/**
 * What the pipeline benchmark counts, at fetch: provider operations by path, Shopify mutations by
 * name (aliases counted one by one), Shopify queries.
 */
export interface RequestCounts {
  providerCalls: Record<string, number>;
  shopifyMutations: Record<string, number>;
  shopifyQueries: number;
  shopifyRequests: number;
  /** Per operation name: calls, and the time from sending to the answer's headers. */
  shopifyLatency: Record<string, { calls: number; totalMs: number; maxMs: number; requestedCost: number; actualCost: number }>;
}

export const emptyCounts = (): RequestCounts => ({
  providerCalls: {},
  shopifyMutations: {},
  shopifyQueries: 0,
  shopifyRequests: 0,
  shopifyLatency: {},
});

/** The GraphQL operation's name (`query FulfillmentOrdersFacts(...)`), for the latency table. */
export function operationNameOf(init?: RequestInit): string | null {
  if (typeof init?.body !== "string") return null;
  const query = String((JSON.parse(init.body) as { query?: unknown }).query ?? "").replace(/#[^\n]*/g, "");
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
}

/** One answer: its time, and the cost Shopify reported in `extensions.cost` (requested and actual points). */
export function recordAnswer(
  counts: RequestCounts,
  operation: string,
  ms: number,
  cost: { requestedQueryCost?: number; actualQueryCost?: number } | undefined,
): void {
  const entry = (counts.shopifyLatency[operation] ??= { calls: 0, totalMs: 0, maxMs: 0, requestedCost: 0, actualCost: 0 });
  entry.calls += 1;
  entry.totalMs += ms;
  entry.maxMs = Math.max(entry.maxMs, ms);
  entry.requestedCost += cost?.requestedQueryCost ?? 0;
  entry.actualCost += cost?.actualQueryCost ?? 0;
}

export function countRequest(
  counts: RequestCounts,
  where: { sandboxUrl: string; /** Every installed shop's Admin GraphQL endpoint. */ graphqlUrls: ReadonlySet<string> },
  input: string | URL | Request,
  init?: RequestInit,
): void {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(`${where.sandboxUrl}/v1/`)) {
    const key = `${init?.method ?? "GET"} ${new URL(url).pathname.replace(/\/[A-Z0-9]{8,}(?=\/|$)/g, "/:id")}`;
    counts.providerCalls[key] = (counts.providerCalls[key] ?? 0) + 1;
    return;
  }
  if (!where.graphqlUrls.has(url) || typeof init?.body !== "string") return;
  counts.shopifyRequests++;
  // The app's documents start with a `#graphql` comment line: leave comments out before looking.
  const query = String((JSON.parse(init.body) as { query?: unknown }).query ?? "").replace(/#[^\n]*/g, "");
  const mutation = /^\s*mutation\b[^{]*\{([\s\S]*)\}\s*$/.exec(query);
  if (!mutation) {
    counts.shopifyQueries++;
    return;
  }
  // Top-level fields, aliases included: `a1: fulfillmentEventCreate(...)` counts once per alias.
  // Inside the operation's braces only, so `mutation FulfillmentCreate(...)` itself is not counted.
  const names = [...(mutation[1] ?? "").matchAll(/(?:^|[\s{])(?:\w+\s*:\s*)?(fulfillment\w+|inventory\w+|\w+Create|\w+Update)\s*\(/g)].map(
    (m) => m[1] ?? "?",
  );
  for (const name of names) counts.shopifyMutations[name] = (counts.shopifyMutations[name] ?? 0) + 1;
}
