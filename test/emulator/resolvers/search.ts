/**
 * The `query:` argument of Shopify's list fields, in the small subset the emulator understands:
 * space-separated `field:value` terms ANDed together, `-field:value` to negate, `field:>value` /
 * `field:<value` (and >=, <=) for comparisons, `*` suffix for prefix match, quoted values, and bare
 * words matched against the resource's name. A filter field the emulator does not know is an error
 * (Shopify would warn and ignore it; silently ignoring it here would make a test pass for nothing).
 */
import { graphqlError } from "./types";

export type Filters<T> = Record<string, (item: T, value: string, op: Comparison) => boolean>;
export type Comparison = ":" | ">" | "<" | ">=" | "<=";

interface Term {
  field: string | null;
  value: string;
  op: Comparison;
  negate: boolean;
}

function parseTerms(query: string): Term[] {
  const terms: Term[] = [];
  const pattern = /(-?)(?:([a-z_]+):(>=|<=|>|<)?)?("([^"]*)"|'([^']*)'|\S+)/gi;
  for (const match of query.matchAll(pattern)) {
    const [, minus, field, op, raw, dq, sq] = match;
    if (!field && (raw === "AND" || raw === "and")) continue;
    terms.push({
      field: field?.toLowerCase() ?? null,
      value: dq ?? sq ?? raw ?? "",
      op: (op as Comparison | undefined) ?? ":",
      negate: minus === "-",
    });
  }
  return terms;
}

export function matchText(actual: string | null | undefined, wanted: string): boolean {
  if (actual == null) return false;
  const a = actual.toLowerCase();
  const w = wanted.toLowerCase();
  return w.endsWith("*") ? a.startsWith(w.slice(0, -1)) : a === w;
}

export function compare(actual: string | number | null, value: string, op: Comparison): boolean {
  if (actual === null) return false;
  const a = typeof actual === "number" ? actual : actual;
  const v = typeof actual === "number" ? Number(value) : value;
  switch (op) {
    case ":":
      return String(a).toLowerCase() === String(v).toLowerCase();
    case ">":
      return a > v;
    case "<":
      return a < v;
    case ">=":
      return a >= v;
    case "<=":
      return a <= v;
  }
}

/**
 * Timestamps compare as instants, not strings: `updated_at:>2026-11-01` and
 * `updated_at:>'2026-11-01T00:00:00Z'` both mean "after midnight UTC", whatever the stored precision.
 */
export function compareDate(actual: string | null, value: string, op: Comparison): boolean {
  if (actual === null) return false;
  const wanted = Date.parse(value);
  if (Number.isNaN(wanted)) throw graphqlError(`Invalid date in search query: ${value}`, "BAD_REQUEST");
  return compare(Date.parse(actual), String(wanted), op);
}

/** Filters items by a Shopify search query; `name` is what bare words are matched against. */
export function search<T>(items: T[], query: unknown, filters: Filters<T>, name: (item: T) => string | null): T[] {
  if (typeof query !== "string" || query.trim() === "") return items;
  const terms = parseTerms(query);
  for (const term of terms) {
    if (term.field !== null && !(term.field in filters)) {
      throw graphqlError(
        `The Shopify emulator does not implement the search filter "${term.field}" here (knows: ${Object.keys(filters).join(", ") || "none"}).`,
        "NOT_IMPLEMENTED_IN_EMULATOR",
      );
    }
  }
  return items.filter((item) =>
    terms.every((term) => {
      const filter = term.field === null ? undefined : filters[term.field];
      const hit = filter
        ? filter(item, term.value, term.op)
        : (name(item) ?? "").toLowerCase().includes(term.value.replace(/\*$/, "").toLowerCase());
      return term.negate ? !hit : hit;
    }),
  );
}
