/**
 * An approved Shopify return: the units provider warehouses shipped go back to them as the
 * provider's return orders (operation 9), one per warehouse. Exactly once, however many webhooks
 * and jobs ask: a return already recorded is not sent again, and the PackageId is the return's and
 * warehouse's own, so a send repeated after a crash is the provider's "same result".
 */
import { planReturns, type ReturnPlan } from "~/connector/returns";
import { ProviderValidationError } from "~/fulfilment";
import type { JobContext } from "~/jobs/handler";
import type { ReturnToReceive } from "~/shopify/returns.server";
import { findReturn, recordReturn, returnErrorColumns, type NewReturn } from "~/stores/returns/returns.server";
import { returnReasons } from "~/lib/words/en/return-reasons";
import { saidFrom } from "~/lib/words/reason-said";
import type { PipelineDeps } from "../ports/deps";

const reason = saidFrom(returnReasons);

/** What the provider said, as the row keeps it. */
async function send(deps: PipelineDeps, shop: string, plan: Extract<ReturnPlan, { request: unknown }>): Promise<Partial<NewReturn>> {
  const provider = await deps.provider(shop);
  try {
    const { result } = await provider.createReturn(plan.request);
    const failed = result.CreateFailedReason;
    if (failed) {
      const text = [failed.ReasonText, failed.ExtendMessage].filter(Boolean).join(" ");
      const code = failed.ReasonCode ?? "CreateFailed";
      return {
        state: "FAILED",
        svcPackageId: result.SvcPackageId ?? null,
        // The provider's own words as it said them; the app's when it said none.
        ...(text === "" ? returnErrorColumns(code, reason("providerGaveNoReason")) : { lastErrorCode: code, lastErrorText: text }),
      };
    }
    return {
      state: "SENT",
      svcPackageId: result.SvcPackageId ?? null,
      trackingNumber: result.TrackingNumber ?? null,
      trackingCarrier: result.ShippingProvider ?? null,
      sentAt: deps.now(),
    };
  } catch (error) {
    // Refused as data (a field the provider rejects): a person must act, retrying changes nothing.
    if (error instanceof ProviderValidationError) {
      const fields = error.errors.map((e) => `${e.code ?? "?"}: ${e.message ?? ""}`).join("; ");
      // No field named: the app's sentence, not the client's English message.
      return {
        state: "FAILED",
        ...returnErrorColumns("INVALID", fields === "" ? reason("providerGaveNoReason") : reason("providerRefused", fields)),
      };
    }
    throw error;
  }
}

/** Sends what has not been sent; whether the shop now has returns to follow. */
export async function openReturn(ctx: JobContext, deps: PipelineDeps, shop: string, returnId: string): Promise<boolean> {
  const shopify = await deps.shopify(shop);
  const ret: ReturnToReceive | null = await shopify.readReturn(returnId);
  // Requested, declined, cancelled or closed: nothing comes back to a warehouse (yet).
  if (ret === null || ret.status !== "OPEN") return false;
  const settings = await deps.settings(shop, shopify);
  let following = false;
  for (const plan of planReturns(ret, settings.connector)) {
    const known = await findReturn(ctx.db, shop, plan.packageId);
    if (known) {
      following ||= known.state === "SENT" || known.state === "RECEIVED";
      continue;
    }
    const base: NewReturn = {
      shop,
      returnId: ret.id,
      returnName: ret.name,
      orderId: ret.orderId,
      orderName: ret.orderName,
      warehouseCode: plan.warehouseId,
      locationId: plan.locationId,
      packageId: plan.packageId,
      serviceCode: "serviceCode" in plan ? plan.serviceCode : null,
      lines: plan.lines,
      units: plan.units,
      state: "FAILED",
    };
    const outcome =
      "refusal" in plan
        ? { state: "FAILED" as const, ...returnErrorColumns(plan.refusal.code, plan.refusal.said) }
        : await send(deps, shop, plan);
    const row = await recordReturn(ctx.db, { ...base, ...outcome });
    following ||= row.state === "SENT";
  }
  return following;
}
