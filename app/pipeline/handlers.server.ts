/**
 * The pipeline's job handlers: the intake's kinds (orders.*, fulfillment-orders.*, the
 * fulfillment-service's request fetches; routing events and order updates in batches per shop) and the pipeline's own stages (shipments.*). Thin: each
 * resolves the shop, runs its use case, and completes the job with the follow-up work queued in the
 * same transaction. `createPipelineHandlers` takes the dependencies, so tests run the very same
 * handlers against the sandbox and the emulator.
 */
import { PermanentFailure, type JobContext, type JobHandler } from "~/jobs/handler";
import type { DatabaseOrTransaction } from "~/models/database.server";
import { cancelFulfillmentOrder, cancelOrder, answerCancellationRequests } from "./cancellation.server";
import type { PipelineDeps } from "./deps";
import { respectingWaits } from "./errors";
import { followShipments } from "./follow.server";
import { answerFulfillmentRequests, planRoutedFulfillmentOrders, queuePushes } from "./intake.server";
import { pushShipments } from "./push.server";
import { replanUpdatedOrders } from "./retry.server";
import { trackParcels } from "./tracking.server";
import { writeBackShipments } from "./write-back.server";

/** The kinds this module handles. */
type PipelineKind =
  | "orders.updated"
  | "orders.cancelled"
  | "fulfillment-orders.routed"
  | "fulfillment-orders.cancelled"
  | "fulfillment-requests.fetch"
  | "cancellation-requests.fetch"
  | "shipments.push"
  | "shipments.poll-status"
  | "shipments.write-back"
  | "shipments.track";

export type PipelineHandlers = { readonly [K in PipelineKind]: JobHandler<K> };

function shopOf(ctx: JobContext): string {
  if (ctx.shop === null) throw new PermanentFailure("The job names no shop");
  return ctx.shop;
}

/** The webhook's receipt is PROCESSED once its job is done (a receipt erased meanwhile is fine). */
async function processed(db: DatabaseOrTransaction, receiptId: string, now: Date): Promise<void> {
  await db.webhookReceipt.updateMany({ where: { id: receiptId }, data: { status: "PROCESSED", reason: null, processedAt: now } });
}

export function createPipelineHandlers(dependencies: () => Promise<PipelineDeps>): PipelineHandlers {
  /** Runs `work` with the dependencies; the provider's and Shopify's "wait" become RetryLater. */
  const run = async (work: (deps: PipelineDeps) => Promise<void>) => {
    const deps = await dependencies();
    await respectingWaits(deps.now, deps.policy, () => work(deps));
  };

  return {
    "orders.updated": (_payload, ctx) =>
      run(async (deps) => {
        const shop = shopOf(ctx);
        await replanUpdatedOrders(ctx, deps, shop);
        await ctx.complete((tx) => queuePushes(tx, shop, deps.now()));
      }),

    "orders.cancelled": ({ receiptId, orderId }, ctx) =>
      run(async (deps) => {
        await cancelOrder(ctx, deps, shopOf(ctx), orderId);
        await ctx.complete((tx) => processed(tx, receiptId, deps.now()));
      }),

    "fulfillment-orders.routed": (_payload, ctx) =>
      run(async (deps) => {
        const shop = shopOf(ctx);
        await planRoutedFulfillmentOrders(ctx, deps, shop);
        await ctx.complete((tx) => queuePushes(tx, shop, deps.now()));
      }),

    "fulfillment-orders.cancelled": ({ receiptId, fulfillmentOrderId }, ctx) =>
      run(async (deps) => {
        await cancelFulfillmentOrder(ctx, deps, shopOf(ctx), fulfillmentOrderId);
        await ctx.complete((tx) => processed(tx, receiptId, deps.now()));
      }),

    "fulfillment-requests.fetch": (_payload, ctx) =>
      run(async (deps) => {
        const shop = shopOf(ctx);
        await answerFulfillmentRequests(ctx, deps, shop);
        await ctx.complete((tx) => queuePushes(tx, shop, deps.now()));
      }),

    "cancellation-requests.fetch": (_payload, ctx) => run((deps) => answerCancellationRequests(ctx, deps, shopOf(ctx))),

    "shipments.push": (payload, ctx) => run((deps) => pushShipments(ctx, deps, payload)),
    "shipments.poll-status": ({ shop, kind }, ctx) => run((deps) => followShipments(ctx, deps, shop, kind)),
    "shipments.write-back": ({ shop }, ctx) => run((deps) => writeBackShipments(ctx, deps, shop)),
    "shipments.track": ({ shop }, ctx) => run((deps) => trackParcels(ctx, deps, shop)),
  };
}

/** The handlers the app's worker runs, on the app's wiring (loaded when the first job runs). */
export const pipelineJobHandlers: PipelineHandlers = createPipelineHandlers(async () => (await import("./wiring.server")).appPipelineDeps());
