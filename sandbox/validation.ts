/**
 * Validation with the provider's own schemas (app/fulfilment/schemas), answered the provider's way:
 * one error per zod issue, Code = the field in the reference's spelling (`Packages[0].Weight`),
 * Message = the rule broken.
 */
import { z } from "zod";
import { SandboxError, type ErrorEntry } from "./errors";

/** `["Packages", 0, "ShipToAddress", "Country"]` → `Packages[0].ShipToAddress.Country`. */
export function fieldPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const part of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, part)) return undefined;
    current = Reflect.get(current, part);
  }
  return current;
}

const typeNames: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

/** Messages for issues the schemas leave to zod's defaults, in the same plain words as theirs. */
const plainMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === "invalid_type" ? `must be ${typeNames[issue.expected] ?? issue.expected}` : undefined;

/** Where a value came from, so error codes read as the reference names them. */
export interface Source {
  /** Prefix of every field path (`Package` for a package inside a single creation). */
  readonly prefix?: string;
  /** Code of an issue about the value as a whole (`Body` for a body that is not an object). */
  readonly rootCode: string;
}

export function issuesAsErrors(issues: readonly z.core.$ZodIssue[], input: unknown, source: Source): ErrorEntry[] {
  return issues.map((issue) => {
    const missing = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined;
    const code = issue.path.length === 0 ? source.rootCode : fieldPath(issue.path, source.prefix);
    return { Code: code, Message: missing ? "is required" : issue.message };
  });
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: ErrorEntry[] };

/** Parses `input` with `schema`, or lists what is wrong. */
export function check<S extends z.ZodType>(schema: S, input: unknown, source: Source): Checked<z.output<S>> {
  const result = schema.safeParse(input, { error: plainMessages });
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: issuesAsErrors(result.error.issues, input, source) };
}

/** Parses `input` with `schema`, or throws the 400 that names every field at fault. */
export function parseOrReject<S extends z.ZodType>(schema: S, input: unknown, source: Source): z.output<S> {
  const checked = check(schema, input, source);
  if (!checked.ok) throw new SandboxError(400, checked.errors);
  return checked.value;
}
