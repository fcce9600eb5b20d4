/**
 * Bulk operations: `bulkOperationRunQuery`, `bulkOperationCancel`, and reading them back through
 * `bulkOperation(id)`, `bulkOperations` (2026-10's way) and the deprecated `currentBulkOperation`.
 */
import { bulkOperationUrl, MAX_CONCURRENT_BULK_QUERIES, planBulkQuery, restBulkOperation, runInBackground } from "../bulk-operations";
import { gid, parseGid } from "../ids";
import type { BulkOperationRecord } from "../state";
import { connection } from "./connection";
import { compare, compareDate, search } from "./search";
import { bool, str, userError, type Args, type ResolverContext, type View } from "./types";

export function bulkOperationView(ctx: ResolverContext, operation: BulkOperationRecord): View {
  return {
    __typename: "BulkOperation",
    id: gid("BulkOperation", operation.id),
    type: operation.type,
    status: operation.status,
    query: operation.query,
    createdAt: operation.createdAt,
    completedAt: operation.completedAt,
    errorCode: operation.errorCode,
    objectCount: String(operation.objectCount),
    rootObjectCount: String(operation.rootObjectCount),
    fileSize: operation.jsonl !== null && operation.objectCount > 0 ? String(Buffer.byteLength(operation.jsonl)) : null,
    url: bulkOperationUrl(ctx.platform, operation),
    partialDataUrl: null,
  };
}

function bulkUserError(message: string, code: string | null, field: string[] | null = ["query"]): View {
  return { __typename: "BulkOperationUserError", field, message, code };
}

function operationsOf(ctx: ResolverContext): BulkOperationRecord[] {
  return ctx.state.inShop(ctx.state.bulkOperations, ctx.shop.domain);
}

export const bulkOperationQueries = {
  bulkOperation: (args: Args, ctx: ResolverContext) => {
    const operation = ctx.state.owned(ctx.state.bulkOperations, parseGid(args.id, "BulkOperation"), ctx.shop.domain);
    return operation ? bulkOperationView(ctx, operation) : null;
  },
  /** Newest first unless `reverse`, as Shopify sorts by created_at by default. */
  bulkOperations: (args: Args, ctx: ResolverContext) => {
    const items = search(
      operationsOf(ctx),
      args.query,
      {
        status: (o, v) => o.status.toLowerCase() === v.toLowerCase(),
        operation_type: (o, v) => o.type.toLowerCase() === v.toLowerCase(),
        created_at: (o, v, op) => compareDate(o.createdAt, v, op),
        id: (o, v, op) => compare(o.id, String(parseGid(v, "BulkOperation") ?? v), op),
      },
      () => null,
    );
    return connection("BulkOperation", items, { ...args, reverse: args.reverse !== true }, (o) => bulkOperationView(ctx, o));
  },
  /** Deprecated in 2026-10 (use `bulkOperations` with a status filter); still answers the newest. */
  currentBulkOperation: (args: Args, ctx: ResolverContext) => {
    const type = str(args.type) ?? "QUERY";
    const newest = operationsOf(ctx)
      .filter((o) => o.type === type)
      .sort((a, b) => b.id - a.id)[0];
    return newest ? bulkOperationView(ctx, newest) : null;
  },
};

export const bulkOperationMutations = {
  bulkOperationRunQuery: (args: Args, ctx: ResolverContext) => {
    const { state, shop } = ctx;
    const payload = (operation: BulkOperationRecord | null, userErrors: View[]) => ({
      __typename: "BulkOperationRunQueryPayload",
      bulkOperation: operation ? bulkOperationView(ctx, operation) : null,
      userErrors,
    });
    const query = str(args.query) ?? "";
    const plan = planBulkQuery(ctx.schema, query);
    if ("errors" in plan)
      return payload(
        null,
        plan.errors.map((message) => bulkUserError(message, "INVALID")),
      );
    const active = operationsOf(ctx).filter((o) => o.type === "QUERY" && (o.status === "CREATED" || o.status === "RUNNING"));
    if (active.length >= MAX_CONCURRENT_BULK_QUERIES) {
      return payload(null, [
        bulkUserError(
          `A shop can run at most ${MAX_CONCURRENT_BULK_QUERIES} bulk query operations at once for an app.`,
          "LIMIT_REACHED",
          null,
        ),
      ]);
    }
    const operation: BulkOperationRecord = {
      id: state.newId(),
      shop: shop.domain,
      type: "QUERY",
      status: "CREATED",
      query,
      groupObjects: bool(args.groupObjects) ?? false,
      createdAt: state.timestamp(),
      completedAt: null,
      errorCode: null,
      errorDetail: null,
      objectCount: 0,
      rootObjectCount: 0,
      jsonl: null,
      urlPath: null,
    };
    state.bulkOperations.set(operation.id, operation);
    runInBackground(ctx.platform, operation, plan, ctx.bulk.execute, ctx.bulk.durationMs);
    return payload(operation, []);
  },

  bulkOperationCancel: (args: Args, ctx: ResolverContext) => {
    const operation = ctx.state.owned(ctx.state.bulkOperations, parseGid(args.id, "BulkOperation"), ctx.shop.domain);
    const payload = (view: View | null, userErrors: View[]) => ({
      __typename: "BulkOperationCancelPayload",
      bulkOperation: view,
      userErrors,
    });
    if (!operation) return payload(null, [userError(["id"], "Bulk operation does not exist")]);
    if (operation.status === "CREATED") {
      // Never started: canceled at once, and the app is told like for any other end.
      operation.status = "CANCELED";
      ctx.platform.webhooks.publish(operation.shop, "bulk_operations/finish", restBulkOperation(operation));
    } else if (operation.status === "RUNNING") operation.status = "CANCELING";
    else
      return payload(bulkOperationView(ctx, operation), [
        userError(null, `A bulk operation cannot be canceled when it is ${operation.status.toLowerCase()}`),
      ]);
    return payload(bulkOperationView(ctx, operation), []);
  },
};
