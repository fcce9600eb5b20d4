/**
 * The Admin GraphQL endpoint: parse, validate against the real 2026-10 schema, check what Shopify
 * checks at runtime (input sizes, @idempotent, cost and throttle), execute with the emulator's
 * resolvers, and answer in Shopify's shape (200 with `errors`, `extensions.cost` on every answer).
 */
import {
  execute,
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  validate,
  visit,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { deniedBy } from "./access";
import type { AdminApi } from "./admin-schema";
import { actualQueryCost, MAX_QUERY_COST, requestedQueryCost, ThrottleBucket, type ThrottleStatus } from "./cost";
import type { Platform } from "./platform";
import { UNPAGED } from "./resolvers/connection";
import { mutationRoot, queryRoot } from "./resolvers/index";
import type { ResolverContext } from "./resolvers/types";
import type { ShopRecord } from "./state";

export const MAX_INPUT_ARRAY = 250;
const RATE_LIMITS_DOC = "https://shopify.dev/api/usage/rate-limits";

export interface GraphqlOptions {
  /** Bucket size and refill per second (Shopify standard plan: 1000 and 100). */
  maximumAvailable: number;
  restoreRate: number;
  /** Deny fields the shop's granted scopes do not cover (on by default). */
  enforceAccessScopes: boolean;
  clock: () => Date;
  /** How long a bulk operation stays RUNNING before its result is ready. */
  bulkOperationMs: number;
}

export interface GraphqlResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Shopify's header when a request uses deprecated fields; the Admin API client logs it. */
const DEPRECATION_NOTICE = "https://shopify.dev/api/usage/versioning#deprecation-practices";

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

/**
 * graphql-js and graphql-ruby (Shopify's server) word validation errors differently; the common
 * ones are translated so the app sees Shopify's messages and codes.
 */
function shopifyValidationError(error: GraphQLError): GraphQLFormattedError {
  const locations = error.locations ? [...error.locations] : undefined;
  const as = (message: string, extensions: Record<string, unknown>) => ({ message, locations, extensions });
  let m = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  if (m) return as(`Field '${m[1]}' doesn't exist on type '${m[2]}'`, { code: "undefinedField", typeName: m[2], fieldName: m[1] });
  m = /^Unknown argument "(\w+)" on field "\w+\.(\w+)"/.exec(error.message);
  if (m) {
    return as(`Field '${m[2]}' doesn't accept argument '${m[1]}'`, {
      code: "argumentNotAccepted",
      name: m[2],
      typeName: "Field",
      argumentName: m[1],
    });
  }
  m = /^Field "(\w+)" argument "(\w+)" of type "[^"]+" is required, but it was not provided/.exec(error.message);
  if (m) {
    return as(`Field '${m[1]}' is missing required arguments: ${m[2]}`, {
      code: "missingRequiredArguments",
      className: "Field",
      name: m[1],
      arguments: m[2],
    });
  }
  m = /^Field "(\w+)" of type "([^"]+)" must have a selection of subfields/.exec(error.message);
  if (m) {
    const typeName = (m[2] ?? "").replace(/[[\]!]/g, "");
    return as(`Field must have selections (field '${m[1]}' returns ${typeName} but has no selections. Did you mean '${m[1]} { ... }'?)`, {
      code: "selectionMismatch",
      nodeName: `field '${m[1]}'`,
      typeName,
    });
  }
  return as(error.message, { code: "GRAPHQL_VALIDATION_FAILED" });
}

function errorBody(errors: GraphQLFormattedError[], cost?: Cost): unknown {
  return cost ? { errors, extensions: { cost } } : { errors };
}

/** Arrays over 250 items anywhere in the variables or literals are refused, as Shopify does. */
function oversizedInput(prepared: PreparedQuery, variables: Record<string, unknown>): number | undefined {
  let found: number | undefined;
  const scan = (value: unknown): void => {
    if (Array.isArray(value)) {
      if (value.length > MAX_INPUT_ARRAY) found ??= value.length;
      value.forEach(scan);
    } else if (value && typeof value === "object") Object.values(value).forEach(scan);
  };
  scan(variables);
  return found ?? prepared.oversizedLiteral;
}

/** What the query's text alone decides: its document, its validation errors, its literals' sizes, its deprecations. */
interface PreparedQuery {
  document: DocumentNode;
  invalid: readonly GraphQLError[];
  oversizedLiteral: number | undefined;
  deprecated: boolean;
}

/**
 * Parsed and validated queries by their text. The app sends the same few texts with different
 * variables, and validating against the 2026-10 schema was the emulator's largest cost (a third of
 * its CPU in a 50-shop bench). Bounded: the oldest text goes when a new one would pass the limit.
 */
const PREPARED_LIMIT = 500;

function prepare(schema: GraphQLSchema, prepared: Map<string, PreparedQuery>, query: string): PreparedQuery {
  const known = prepared.get(query);
  if (known !== undefined) return known;
  const document = parse(query);
  const invalid = validate(schema, document);
  let oversizedLiteral: number | undefined;
  visit(document, {
    ListValue(node) {
      if (node.values.length > MAX_INPUT_ARRAY) oversizedLiteral ??= node.values.length;
    },
  });
  const deprecated = invalid.length === 0 && validate(schema, document, [NoDeprecatedCustomRule]).length > 0;
  const made = { document, invalid, oversizedLiteral, deprecated };
  if (prepared.size >= PREPARED_LIMIT) prepared.delete(prepared.keys().next().value as string);
  prepared.set(query, made);
  return made;
}

export class AdminGraphql {
  private readonly buckets = new Map<string, ThrottleBucket>();
  /** Mutations whose 2026-10 description documents @idempotent support, and those that require it. */
  private readonly idempotentSupported = new Set<string>();
  private readonly idempotentRequired = new Set<string>();
  private readonly prepared = new Map<string, PreparedQuery>();

  constructor(
    private readonly api: AdminApi,
    private readonly platform: Platform,
    private readonly options: GraphqlOptions,
  ) {
    for (const field of Object.values(api.schema.getMutationType()?.getFields() ?? {})) {
      const description = field.description ?? "";
      if (description.includes("`@idempotent` directive")) this.idempotentSupported.add(field.name);
      if (/idempotency key is required/i.test(description)) this.idempotentRequired.add(field.name);
    }
  }

  bucket(shop: string): ThrottleBucket {
    let bucket = this.buckets.get(shop);
    if (!bucket) {
      bucket = new ThrottleBucket(this.options.maximumAvailable, this.options.restoreRate, this.options.clock);
      this.buckets.set(shop, bucket);
    }
    return bucket;
  }

  resetBuckets(): void {
    this.buckets.clear();
  }

  async handle(shop: ShopRecord, body: unknown): Promise<GraphqlResponse> {
    const { schema } = this.api;
    const request = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    if (typeof request.query !== "string" || request.query.trim() === "") {
      return { status: 400, body: { errors: { query: "Required parameter missing or invalid" } } };
    }
    const rawVariables = request.variables && typeof request.variables === "object" ? (request.variables as Record<string, unknown>) : {};
    const operationName = typeof request.operationName === "string" ? request.operationName : undefined;

    let prepared: PreparedQuery;
    try {
      prepared = prepare(schema, this.prepared, request.query);
    } catch (error) {
      const e = error instanceof GraphQLError ? error : new GraphQLError(String(error));
      return { status: 200, body: errorBody([{ message: e.message, locations: e.locations ? [...e.locations] : undefined }]) };
    }
    const { document, invalid } = prepared;
    if (invalid.length) return { status: 200, body: errorBody(invalid.map(shopifyValidationError)) };

    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === "subscription") {
      const message = operation
        ? "Subscriptions are not supported by the Admin API"
        : operationName
          ? `No operation named "${operationName}"`
          : "An operation name is required";
      return { status: 200, body: errorBody([{ message }]) };
    }
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
    if (coerced.errors) {
      return { status: 200, body: errorBody(coerced.errors.map((e) => ({ ...e.toJSON(), extensions: { code: "INVALID_VARIABLE" } }))) };
    }
    const oversized = oversizedInput(prepared, rawVariables);
    if (oversized !== undefined) {
      return {
        status: 200,
        body: errorBody([
          {
            message: `The input array size of ${oversized} is greater than the maximum allowed of ${MAX_INPUT_ARRAY}.`,
            extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" },
          },
        ]),
      };
    }
    const idempotencyErrors = this.checkIdempotency(operation, coerced.coerced);
    if (idempotencyErrors.length) return { status: 200, body: errorBody(idempotencyErrors) };

    const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
    const requested = requestedQueryCost(schema, operation, fragments, coerced.coerced);
    const bucket = this.bucket(shop.domain);
    if (requested > MAX_QUERY_COST) {
      return {
        status: 200,
        body: errorBody(
          [
            {
              message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
              extensions: { code: "MAX_COST_EXCEEDED", cost: requested, maxCost: MAX_QUERY_COST, documentation: RATE_LIMITS_DOC },
            },
          ],
          { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: bucket.status() },
        ),
      };
    }
    if (!bucket.take(requested)) {
      return {
        status: 200,
        body: errorBody([{ message: "Throttled", extensions: { code: "THROTTLED", documentation: RATE_LIMITS_DOC } }], {
          requestedQueryCost: requested,
          actualQueryCost: null,
          throttleStatus: bucket.status(),
        }),
      };
    }

    const context = this.context(shop);
    const result = await execute({
      schema,
      document,
      operationName,
      variableValues: rawVariables,
      contextValue: context,
      rootValue: operation.operation === "mutation" ? mutationRoot : queryRoot,
      fieldResolver: this.fieldResolver(shop),
    });
    const actual = actualQueryCost(schema, operation, fragments, coerced.coerced, result.data);
    bucket.refund(requested - actual);
    const cost: Cost = { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: bucket.status() };
    return {
      status: 200,
      headers: prepared.deprecated ? { "X-Shopify-API-Deprecated-Reason": DEPRECATION_NOTICE } : {},
      body: {
        ...(result.errors?.length ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
        data: result.data ?? null,
        extensions: { cost },
      },
    };
  }

  private context(shop: ShopRecord): ResolverContext {
    return {
      platform: this.platform,
      state: this.platform.state,
      shop,
      schema: this.api.schema,
      bulk: { execute: (document) => this.executeBulk(shop, document), durationMs: this.options.bulkOperationMs },
    };
  }

  /** A bulk query: the same resolvers and access rules, every connection read whole. */
  private async executeBulk(shop: ShopRecord, document: DocumentNode): Promise<ExecutionResult> {
    return execute({
      schema: this.api.schema,
      document,
      contextValue: this.context(shop),
      rootValue: queryRoot,
      fieldResolver: this.fieldResolver(shop, true),
    });
  }

  /**
   * The emulator's one field resolver: check access, then read the field from the view (calling it
   * when it is a function). A field the view does not have is not implemented: say so, never null.
   * `unpaged` (bulk queries) asks every connection for all its items.
   */
  private fieldResolver(shop: ShopRecord, unpaged = false): GraphQLFieldResolver<unknown, ResolverContext> {
    const enforce = this.options.enforceAccessScopes && shop.scopes.length > 0;
    const access = this.api.access;
    return (source, args, context, info) => {
      if (enforce) {
        const returnType = getNamedType(info.returnType).name;
        const denied =
          deniedBy(access, `${info.parentType.name}.${info.fieldName}`, shop.scopes) ?? deniedBy(access, returnType, shop.scopes);
        if (denied) {
          const required = denied.requiredAccess || `\`${denied.offlineScopes.join("` or `")}\` access scope.`;
          throw new GraphQLError(`Access denied for ${info.fieldName} field. Required access: ${required}`, {
            extensions: { code: "ACCESS_DENIED", documentation: "https://shopify.dev/api/usage/access-scopes", requiredAccess: required },
          });
        }
      }
      if (source !== null && typeof source === "object" && Object.hasOwn(source, info.fieldName)) {
        const value: unknown = (source as Record<string, unknown>)[info.fieldName];
        const fieldArgs =
          unpaged && getNamedType(info.returnType).name.endsWith("Connection") ? { ...args, first: UNPAGED, last: null } : args;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown)(fieldArgs, context, info) : value;
      }
      throw new GraphQLError(
        `The Shopify emulator does not implement ${info.parentType.name}.${info.fieldName}. Add it under test/emulator/resolvers/ if the app needs it.`,
        { extensions: { code: "NOT_IMPLEMENTED_IN_EMULATOR", typeName: info.parentType.name, fieldName: info.fieldName } },
      );
    };
  }

  /** `@idempotent` only where documented, required where 2026-10 says so, and never with a blank key. */
  private checkIdempotency(operation: OperationDefinitionNode, variables: Record<string, unknown>): GraphQLFormattedError[] {
    const errors: GraphQLFormattedError[] = [];
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const name = selection.name.value;
      const directive = selection.directives?.find((d) => d.name.value === "idempotent");
      const locations = selection.loc ? [{ line: selection.loc.startToken.line, column: selection.loc.startToken.column }] : undefined;
      if (directive && (operation.operation !== "mutation" || !this.idempotentSupported.has(name))) {
        errors.push({
          message: `The @idempotent directive is not supported on ${name}.`,
          locations,
          path: [name],
          extensions: { code: "BAD_REQUEST" },
        });
      } else if (!directive && operation.operation === "mutation" && this.idempotentRequired.has(name)) {
        errors.push({
          message: `${name} requires an idempotency key: add @idempotent(key: "<uuid>") to the field (required as of 2026-04).`,
          locations,
          path: [name],
          extensions: { code: "BAD_REQUEST" },
        });
      } else if (directive) {
        const arg = directive.arguments?.find((a) => a.name.value === "key")?.value;
        const key = arg?.kind === Kind.STRING ? arg.value : arg?.kind === Kind.VARIABLE ? variables[arg.name.value] : undefined;
        if (typeof key !== "string" || key.trim() === "") {
          errors.push({
            message: "The idempotency key cannot be an empty string or whitespace only.",
            locations,
            path: [name],
            extensions: { code: "BAD_REQUEST" },
          });
        }
      }
    }
    return errors;
  }
}
