/**
 * How an operation of the table (app/fulfilment/operations.ts) becomes a sandbox handler. Each
 * helper validates exactly the inputs its operation has, with the table's own schemas, collecting
 * every error of path, query and body into one 400, and hands the handler typed values. The reply is
 * typed by the operation's response schema, so the sandbox cannot answer what the client would not
 * accept.
 */
import type { z } from "zod";
import { SandboxError, type ErrorEntry } from "./errors";
import type { SandboxState } from "./state";
import { check, type Checked, type Source } from "./validation";

export interface WorldSettings {
  readonly createDelayMs: number;
  readonly trackingStepMs: number;
  readonly inboundDelayMs: number;
  /** Mixed into every id the sandbox derives (tracking numbers, ids), for reproducible runs. */
  readonly seed: number;
}

/** What a handler works with: the world as of this request. */
export interface SandboxContext {
  readonly state: SandboxState;
  readonly now: number;
  readonly settings: WorldSettings;
}

/** A request as it arrived: path parameters from the route, query and JSON body unparsed. */
export interface RawCall {
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface Reply<Body> {
  readonly status: number;
  readonly body: Body;
}

/** The reply an operation may give: what its response schema accepts, or no body at all. */
export type ReplyFor<R> = Reply<R extends z.ZodType ? z.input<R> : undefined>;

export type RunOperation = (call: RawCall, ctx: SandboxContext) => Reply<unknown>;

export const BODY: Source = { rootCode: "Body" };
const PATH: Source = { rootCode: "Path" };
const QUERY: Source = { rootCode: "Query" };

const errorsOf = <T>(checked: Checked<T>): ErrorEntry[] => (checked.ok ? [] : checked.errors);

type Response = z.ZodType | undefined;

export function withBody<B extends z.ZodType, R extends Response = undefined>(
  spec: { body: B; response?: R; pathParams?: never; query?: never },
  handle: (input: { body: z.output<B> }, ctx: SandboxContext) => ReplyFor<R>,
): RunOperation {
  return (call, ctx) => {
    const body = check(spec.body, call.body, BODY);
    if (!body.ok) throw new SandboxError(400, body.errors);
    return handle({ body: body.value }, ctx);
  };
}

/** For batch creations that report invalid packages one by one instead of refusing the batch. */
export function withUncheckedBody<B extends z.ZodType, R extends Response = undefined>(
  spec: { body: B; response?: R; pathParams?: never; query?: never },
  handle: (input: { body: unknown }, ctx: SandboxContext) => ReplyFor<R>,
): RunOperation {
  return (call, ctx) => handle({ body: call.body }, ctx);
}

export function withPathAndBody<P extends z.ZodType, B extends z.ZodType, R extends Response = undefined>(
  spec: { pathParams: P; body: B; response?: R; query?: never },
  handle: (input: { path: z.output<P>; body: z.output<B> }, ctx: SandboxContext) => ReplyFor<R>,
): RunOperation {
  return (call, ctx) => {
    const path = check(spec.pathParams, call.pathParams, PATH);
    const body = check(spec.body, call.body, BODY);
    if (!path.ok || !body.ok) throw new SandboxError(400, [...errorsOf(path), ...errorsOf(body)]);
    return handle({ path: path.value, body: body.value }, ctx);
  };
}

export function withQueryAndBody<Q extends z.ZodType, B extends z.ZodType, R extends Response = undefined>(
  spec: { query: Q; body: B; response?: R; pathParams?: never },
  handle: (input: { query: z.output<Q>; body: z.output<B> }, ctx: SandboxContext) => ReplyFor<R>,
): RunOperation {
  return (call, ctx) => {
    const query = check(spec.query, call.query, QUERY);
    const body = check(spec.body, call.body, BODY);
    if (!query.ok || !body.ok) throw new SandboxError(400, [...errorsOf(query), ...errorsOf(body)]);
    return handle({ query: query.value, body: body.value }, ctx);
  };
}

export function withPathAndQuery<P extends z.ZodType, Q extends z.ZodType, R extends Response = undefined>(
  spec: { pathParams: P; query: Q; response?: R; body?: never },
  handle: (input: { path: z.output<P>; query: z.output<Q> }, ctx: SandboxContext) => ReplyFor<R>,
): RunOperation {
  return (call, ctx) => {
    const path = check(spec.pathParams, call.pathParams, PATH);
    const query = check(spec.query, call.query, QUERY);
    if (!path.ok || !query.ok) throw new SandboxError(400, [...errorsOf(path), ...errorsOf(query)]);
    return handle({ path: path.value, query: query.value }, ctx);
  };
}

export function withPath<P extends z.ZodType, R extends Response = undefined>(
  spec: { pathParams: P; response?: R; body?: never; query?: never },
  handle: (input: { path: z.output<P> }, ctx: SandboxContext) => ReplyFor<R>,
): RunOperation {
  return (call, ctx) => {
    const path = check(spec.pathParams, call.pathParams, PATH);
    if (!path.ok) throw new SandboxError(400, path.errors);
    return handle({ path: path.value }, ctx);
  };
}
