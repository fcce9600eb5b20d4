/**
 * How resolvers are written here: every GraphQL object is a plain "view" holding exactly the fields
 * the emulator implements, values or `(args, ctx, info) => value` functions. A field the view lacks
 * is not implemented, and the executor says so in an error instead of answering null (graphql.ts).
 */
import { GraphQLError, type GraphQLResolveInfo, type GraphQLSchema } from "graphql";
import type { z } from "zod";
import type { ExecuteBulk } from "../bulk-operations";
import type { Platform } from "../platform";
import type { EmulatorState, ShopRecord } from "../state";

export interface ResolverContext {
  platform: Platform;
  state: EmulatorState;
  shop: ShopRecord;
  schema: GraphQLSchema;
  /** Runs a bulk query as this shop, every connection unpaged; how long a bulk run takes. */
  bulk: { execute: ExecuteBulk; durationMs: number };
}

export type Args = Record<string, unknown>;
export type Resolver<T = unknown> = (args: Args, ctx: ResolverContext, info: GraphQLResolveInfo) => T;
export interface View {
  __typename: string;
  [field: string]: unknown;
}

/** A resolver-side error shown to the app as a GraphQL error (Shopify's top-level `errors`). */
export function graphqlError(message: string, code: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function bool(value: unknown): boolean | null {
  return typeof value === "boolean" ? value : null;
}

export function int(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

export function obj(value: unknown): Args {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Args) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function userError(field: string[] | null, message: string, code?: string): View {
  return { __typename: "UserError", field, message, ...(code ? { code } : {}) };
}

/**
 * Mutation arguments read with zod: graphql-js has already coerced them to the schema's input
 * types, so a failure here is the emulator's bug, reported as such rather than guessed around.
 */
export function argsOf<T extends z.ZodType>(schema: T, args: Args): z.infer<T> {
  const parsed = schema.safeParse(args);
  if (!parsed.success)
    throw graphqlError(`The Shopify emulator could not read the arguments: ${parsed.error.message}`, "INTERNAL_SERVER_ERROR");
  return parsed.data;
}

/** A mutation's userError in its own error type (code and field where the refusal has them). */
export function typedUserError(typename: string, refusal: { message: string; code?: string; field?: string[] }): View {
  return { __typename: typename, field: refusal.field ?? null, message: refusal.message, code: refusal.code ?? null };
}
