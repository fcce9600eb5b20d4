/**
 * The typed client of the provider: one method per operation of the table in operations.ts, named
 * like its key, taking one argument object and returning the parsed answer. Both types are derived
 * from the table's zod schemas, and every argument and answer is checked against them, so nothing
 * malformed is sent or believed. What is retried, and what a creation's answer means:
 * docs/decisions/0003-provider-client-retries-and-outcomes.md.
 */
import type { z } from "zod";
import {
  detailsFromIssues,
  parseJson,
  ProviderResponseError,
  ProviderValidationError,
  type ProviderErrorDetail,
  type ProviderRequestInfo,
} from "./errors";
import { fillPath, operations, type OperationName, type Operations, type OperationSpec } from "./operations";
import { canRepeat } from "./retry";
import { createTransport, type ProviderAnswer, type TransportOptions } from "./transport.server";

/** Flattens an intersection so editors show one object type. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type InputPart<Op, Part extends "pathParams" | "query" | "body"> = Op extends {
  readonly [P in Part]: infer Schema extends z.ZodType;
}
  ? z.input<Schema>
  : unknown;

/** The one argument of an operation's method: body fields plus path and query parameters. */
export type OperationInput<N extends OperationName> = Simplify<
  InputPart<Operations[N], "pathParams"> & InputPart<Operations[N], "query"> & InputPart<Operations[N], "body">
>;

/** The parsed answer of an operation, undefined where the reference describes none. */
export type OperationResponse<N extends OperationName> = Operations[N] extends {
  readonly response: infer Schema extends z.ZodType;
}
  ? z.output<Schema>
  : undefined;

/**
 * What a keyed creation (`idempotentCreation` in the table) answers: "created" (201), "unchanged"
 * (200: the key was already known, nothing changed; also what a retry of our own lost-answer request
 * gets) or "accepted" (the operation answers 200 either way: createDropshipBatch, createReturn). All
 * three mean the provider has the order; whether it could be created is learnt from the status
 * operations.
 */
export type CreationOutcome = "created" | "unchanged" | "accepted";

export type CreationResult<Result> = [Result] extends [undefined]
  ? { readonly outcome: CreationOutcome }
  : { readonly outcome: CreationOutcome; readonly result: Result };

/** What an operation's method resolves to. */
export type OperationResult<N extends OperationName> = Operations[N]["idempotentCreation"] extends true
  ? CreationResult<OperationResponse<N>>
  : [OperationResponse<N>] extends [undefined]
    ? void
    : OperationResponse<N>;

/** The client's shape, derived from the table; fakes in tests `satisfies` (a part of) it. */
export type FulfilmentClient = {
  readonly [N in OperationName]: (input: OperationInput<N>) => Promise<OperationResult<N>>;
};

export type FulfilmentClientOptions = TransportOptions;

/**
 * The client of one provider connection:
 *
 *   const provider = createFulfilmentClient({ baseUrl, auth: staticToken(token) });
 *   const [status] = await provider.dropshipStatuses({ idType: "PackageId", Ids: ["SO1001-1"] });
 *   const { outcome } = await provider.createOutbound({ WarehouseId: "US01", Package: { ... } });
 *
 * The argument is the operation's body fields, plus its path and query parameters by name
 * (`trackOne({ trackingNumber, lang })`, `dropshipStatuses({ idType, Ids })`). Its type is derived
 * from the table's zod schemas (z.input), the answer's from the response schema (z.output).
 *
 * Every call:
 * 1. checks the argument against the schemas; on failure throws ProviderValidationError naming each
 *    field, and sends nothing;
 * 2. sends it (transport.server.ts: token, timeout, retries where safe);
 * 3. checks the status against the operation's success statuses and the body against its response
 *    schema (ProviderResponseError names the field that did not match);
 * 4. returns, for a keyed creation, `{ outcome, result? }` (CreationOutcome; `result` is the parsed
 *    answer where the reference describes one); otherwise the parsed answer, or nothing where the
 *    reference describes no answer.
 * Failures are the typed errors of errors.ts.
 */
export function createFulfilmentClient(options: FulfilmentClientOptions): FulfilmentClient {
  const transport = createTransport(options);

  async function call<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationResult<N>> {
    const op: OperationSpec = operations[name];
    const { path, body } = prepare(name, op, input);
    const request = { operation: name, method: op.method, path };
    const answer = await transport.send({ ...request, body, repeatable: canRepeat(name) });
    if (!op.success.includes(answer.status)) {
      throw new ProviderResponseError(
        { ...request, status: answer.status, attempts: answer.attempts },
        `The fulfilment provider answered with a status this operation does not list as success (${op.success.join(" or ")})`,
      );
    }
    const result = op.response ? readAnswer(op.response, answer, request) : undefined;
    const value = op.idempotentCreation ? creation(op, answer.status, result) : result;
    // Sound: `result` was parsed by operations[name].response, the schema OperationResult<N> is
    // derived from; TypeScript cannot follow a generic key into the table to see that.
    return value as OperationResult<N>;
  }

  const bind =
    <N extends OperationName>(name: N) =>
    (input: OperationInput<N>) =>
      call(name, input);

  return {
    createDropshipBatch: bind("createDropshipBatch"),
    createOutboundBatch: bind("createOutboundBatch"),
    trackBatch: bind("trackBatch"),
    createInbound: bind("createInbound"),
    modifyInboundBoxes: bind("modifyInboundBoxes"),
    createDropshipWithBoxes: bind("createDropshipWithBoxes"),
    createDropship: bind("createDropship"),
    dropshipStatuses: bind("dropshipStatuses"),
    createReturn: bind("createReturn"),
    declarePackage: bind("declarePackage"),
    trackOne: bind("trackOne"),
    createOutbound: bind("createOutbound"),
    createLading: bind("createLading"),
    priceAllServices: bind("priceAllServices"),
    outboundStatuses: bind("outboundStatuses"),
    createMerchantSku: bind("createMerchantSku"),
    dropshipStatus: bind("dropshipStatus"),
    priceOneService: bind("priceOneService"),
    inventoryAge: bind("inventoryAge"),
    searchSkus: bind("searchSkus"),
  };
}

/**
 * Splits the argument into path parameters, query and body, validates each with its schema, and
 * builds the path. All failing fields are reported together, before anything is sent.
 */
function prepare(name: string, op: OperationSpec, input: unknown): { path: string; body: unknown } {
  const pathKeys = keysOf(op.pathParams);
  const queryKeys = keysOf(op.query);
  const fields = isRecord(input) ? input : {};
  const bodyInput = isRecord(input)
    ? Object.fromEntries(Object.entries(input).filter(([key]) => !pathKeys.includes(key) && !queryKeys.includes(key)))
    : input;

  const pathParams = op.pathParams?.safeParse(pick(fields, pathKeys));
  const query = op.query?.safeParse(pick(fields, queryKeys));
  const body = op.body?.safeParse(bodyInput);
  const problems: ProviderErrorDetail[] = [pathParams, query, body].flatMap((parsed) =>
    parsed && !parsed.success ? detailsFromIssues(parsed.error.issues, "request") : [],
  );
  if (problems.length > 0) {
    throw new ProviderValidationError({ operation: name, method: op.method, path: op.path, errors: problems });
  }

  const filled = fillPath(op.path, texts(pathParams?.data ?? {}));
  const search = new URLSearchParams(texts(query?.data ?? {})).toString();
  return { path: search ? `${filled}?${search}` : filled, body: body?.data };
}

function readAnswer(schema: z.ZodType, answer: ProviderAnswer, request: ProviderRequestInfo): unknown {
  const context = { ...request, status: answer.status, attempts: answer.attempts };
  const json = parseJson(answer.text);
  if (json === undefined) {
    throw new ProviderResponseError(context, "The fulfilment provider's answer is empty or not JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderResponseError({ ...context, errors: detailsFromIssues(parsed.error.issues, "(answer)") });
  }
  return parsed.data;
}

function creation(op: OperationSpec, status: number, result: unknown) {
  const outcome: CreationOutcome = status === 201 ? "created" : op.success.includes(201) ? "unchanged" : "accepted";
  return op.response ? { outcome, result } : { outcome };
}

function keysOf(schema: z.ZodObject | undefined): string[] {
  return schema ? Object.keys(schema.shape) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pick(fields: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
}

/** Path and query values as text, leaving out absent optional ones. */
function texts(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}
