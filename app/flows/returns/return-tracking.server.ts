/**
 * Returns on their way back: the provider's tracking of each return parcel (operation 3, 20 to a
 * query) until it is delivered to the warehouse; then the units are disposed of in Shopify as
 * restocked at the warehouse's location and the stock sync is queued, so Shopify's count follows
 * the provider's. A disposal is made only for units Shopify has not yet disposed of (read first),
 * so a run repeated after a crash never restocks twice.
 */
import { returnReasons } from "~/lib/words/en/return-reasons";
import { saidFrom } from "~/lib/words/reason-said";
import type { TrackingResult } from "~/fulfilment";
import type { JobContext } from "~/jobs/handler";
import { chunks } from "~/lib/chunks";
import { ShopifyUserError } from "~/shopify/errors";
import {
  countInState,
  linesOf,
  markPolled,
  markReceived,
  markRestocked,
  noteProblem,
  returnsInState,
  type CustomerReturn,
} from "~/stores/returns/returns.server";
import { inTransaction } from "~/stores/database/database.server";
import type { PipelineDeps } from "../ports/deps";
import type { ShopifyPort } from "../ports/ports";
import { queueReturnsFollow, queueStockSync } from "../queue/stages.server";

/** The provider's tracking says delivered: the parcel's status, or any of its checkpoints. */
function delivered(result: TrackingResult | undefined): boolean {
  if (!result) return false;
  const said = (status: string | null | undefined) => status?.toLowerCase() === "delivered";
  return said(result.TrackingStatus) || (result.Checkpoints ?? []).some((c) => said(c.TrackingStatus));
}

async function pollParcels(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const sent = (await returnsInState(ctx.db, shop, "SENT")).filter((r) => r.trackingNumber);
  if (sent.length === 0) return;
  const provider = await deps.provider(shop);
  for (const chunk of chunks(sent, deps.policy.trackingNumbersPerQuery)) {
    const results = await provider.trackBatch({
      TrackingNumbers: chunk.flatMap((r) => (r.trackingNumber ? [r.trackingNumber] : [])),
      // Only whether it arrived is read, and nothing of it reaches the buyer: the default language.
      lang: deps.policy.trackingLanguage,
    });
    const byNumber = new Map(results.map((result) => [result.TrackingNumber, result]));
    const now = deps.now();
    for (const ret of chunk) {
      if (delivered(byNumber.get(ret.trackingNumber ?? ""))) await markReceived(ctx.db, ret.id, now);
    }
    await markPolled(
      ctx.db,
      chunk.map((r) => r.id),
      now,
    );
  }
}

async function restock(ctx: JobContext, deps: PipelineDeps, shopify: ShopifyPort, shop: string, ret: CustomerReturn): Promise<void> {
  const current = await shopify.readReturn(ret.returnId);
  const left = new Map((current?.lines ?? []).map((line) => [line.reverseLineId, line.quantity - line.disposed]));
  const lines = linesOf(ret).flatMap((line) => {
    const quantity = Math.min(line.quantity, left.get(line.reverseLineId) ?? 0);
    return quantity > 0 ? [{ reverseLineId: line.reverseLineId, quantity }] : [];
  });
  try {
    if (lines.length > 0) await shopify.restockReturned(ret.locationId, lines);
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    // Shopify refused (the return was closed or its location removed): shown on the Returns page.
    await noteProblem(ctx.db, ret.id, "RESTOCK_REFUSED", saidFrom(returnReasons)("restockRefused", ret.returnName, error.message));
    return;
  }
  const now = deps.now();
  await inTransaction(ctx.db, async (tx) => {
    await markRestocked(tx, ret.id, now);
    await queueStockSync(tx, shop, now, "PROVIDER_CHANGE");
  });
}

export async function followReturns(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  await pollParcels(ctx, deps, shop);
  const received = await returnsInState(ctx.db, shop, "RECEIVED");
  if (received.length > 0) {
    const shopify = await deps.shopify(shop);
    for (const ret of received) await restock(ctx, deps, shopify, shop, ret);
  }
  const next = new Date(deps.now().getTime() + deps.policy.trackingPollMs);
  await ctx.complete(async (tx) => {
    if ((await countInState(tx, shop, ["SENT", "RECEIVED"])) > 0) await queueReturnsFollow(tx, shop, next);
  });
}
