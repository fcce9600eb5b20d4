/**
 * Relay connections as Shopify pages them: `first` or `last` is required (at most 250), cursors are
 * opaque, `reverse` flips the sort. Items are sorted by id, Shopify's default sort key.
 */
import { graphqlError, int, str, type Args, type View } from "./types";

export const MAX_PAGE_SIZE = 250;
/**
 * What a bulk query's connections are asked for: every item. No request can send it (GraphQL's Int
 * stops at 2^31 - 1), so only the bulk executor in graphql.ts passes it.
 */
export const UNPAGED = Number.MAX_SAFE_INTEGER;

function encodeCursor(id: number): string {
  return Buffer.from(JSON.stringify({ last_id: id })).toString("base64url");
}

function decodeCursor(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (parsed && typeof parsed === "object" && "last_id" in parsed && typeof parsed.last_id === "number") return parsed.last_id;
  } catch {
    // fall through to the error below
  }
  throw graphqlError(`Invalid cursor for current pagination sort.`, "BAD_REQUEST");
}

export function pageSize(args: Args): number {
  const first = int(args.first);
  const last = int(args.last);
  if (first === null && last === null) throw graphqlError("you must provide one of first or last", "BAD_REQUEST");
  const size = first ?? last ?? 0;
  if (size === UNPAGED) return size;
  if (size < 0) throw graphqlError("first and last must be non-negative", "BAD_REQUEST");
  if (size > MAX_PAGE_SIZE) throw graphqlError(`The maximum page size is ${MAX_PAGE_SIZE}; asked for ${size}.`, "BAD_REQUEST");
  return size;
}

export function connection<T extends { id: number }>(typename: string, items: T[], args: Args, view: (item: T) => View): View {
  const size = pageSize(args);
  let sorted = [...items].sort((a, b) => a.id - b.id);
  if (args.reverse === true) sorted.reverse();
  const after = str(args.after);
  const before = str(args.before);
  if (after !== null) {
    const index = sorted.findIndex((item) => item.id === decodeCursor(after));
    sorted = sorted.slice(index + 1);
  }
  if (before !== null) {
    const index = sorted.findIndex((item) => item.id === decodeCursor(before));
    sorted = index >= 0 ? sorted.slice(0, index) : sorted;
  }
  const fromEnd = int(args.first) === null;
  const page = fromEnd ? sorted.slice(Math.max(0, sorted.length - size)) : sorted.slice(0, size);
  const edges = page.map((item) => ({ __typename: `${typename}Edge`, cursor: encodeCursor(item.id), node: view(item) }));
  return {
    __typename: `${typename}Connection`,
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      __typename: "PageInfo",
      hasNextPage: fromEnd ? before !== null && sorted.length > 0 : sorted.length > page.length,
      hasPreviousPage: fromEnd ? sorted.length > page.length : after !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** `Count` objects (variantsCount and the like) are exact here. */
export function count(n: number): View {
  return { __typename: "Count", count: n, precision: "EXACT" };
}
