/**
 * Fix and retry: a HELD or FAILED shipment is planned again from the fulfillment order as Shopify
 * has it now (the merchant corrected the address, mapped the SKU, chose another service) and, if
 * it passes, made READY and pushed. A package the provider had refused to create (FAILED) is sent
 * with IsCreateNewOrder, so the provider creates it again with the corrected data instead of
 * answering "not changed". orders/updated re-plans held shipments by itself the same way.
 */
import type { Shipment, ShipmentState } from "@prisma/client";
import { encodePackageRequest, FulfillmentOrderGid, PackageId, withPackageId } from "~/connector";
import type { Database, DatabaseOrTransaction } from "~/stores/database/database.server";
import { heldChanges, type StoredHoldReason } from "~/stores/shipments/shipment-pipeline.server";
import { recordShipmentEvent, transition } from "~/stores/shipments/shipment.server";
import type { JobContext } from "~/jobs/handler";
import type { PipelineDeps } from "../ports/deps";
import { shipmentPlanOf } from "../plan/shipment-plan";
import { HANDED_BACK, HELD_BY_CHECKS, WRITE_BACK_REFUSED } from "~/stores/shipments/shipment-states";
import type { PipelineSettings, ShopifyPort } from "../ports/ports";
import { queuePush, queueWriteBack } from "../queue/stages.server";
import { workThroughWaitingReceipts } from "../queue/waiting-receipts.server";

export type RetryOutcome =
  /** Planned again and READY: it is being sent. */
  | { outcome: "ready"; shipment: Shipment }
  /** Still cannot go: the reasons say why. */
  | { outcome: "held"; shipment: Shipment; reasons: StoredHoldReason[] }
  /** The fulfillment order is closed or cancelled in Shopify: nothing to ship any more. */
  | { outcome: "cancelled"; shipment: Shipment }
  /** Nothing was changed; `message` says why. */
  | { outcome: "refused"; message: string };

interface Replanning {
  /** A person asked: released from hold-for-review too. */
  byPerson: boolean;
}

async function replan(
  db: DatabaseOrTransaction,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  settings: PipelineSettings,
  shipment: Shipment,
  { byPerson }: Replanning,
): Promise<RetryOutcome> {
  const id = FulfillmentOrderGid.safeParse(shipment.fulfillmentOrderId);
  const facts = id.success ? await shopify.readFulfillmentOrder(id.data) : null;
  if (facts === null) return { outcome: "refused", message: "Shopify no longer has this fulfillment order." };
  const { plan, shipment: planned } = shipmentPlanOf(facts.fo, facts.order, byPerson ? { ...settings, pushPolicy: "autoPush" } : settings);
  const who = byPerson ? "Retried by the merchant" : "The order was updated in Shopify";

  if (planned === undefined) {
    if (plan.kind === "SKIP" && plan.code === "CLOSED") {
      const cancelled = await transition(db, shipment, "CANCELLED", { type: "cancelled", message: `${who}: ${plan.reason} Nothing was sent.` });
      return { outcome: "cancelled", shipment: cancelled };
    }
    return { outcome: "refused", message: plan.kind === "SKIP" ? plan.reason : "The fulfillment order cannot be planned." };
  }

  const resendAsNew = shipment.resendAsNew || shipment.state === "FAILED";
  if (planned.state === "HELD") {
    const reasons = planned.hold?.reasons ?? [];
    const changes = { ...heldChanges(planned.hold?.code ?? HELD_BY_CHECKS, reasons), resendAsNew };
    const event = { type: "held" as const, message: `${who}; still held. ${planned.event.message}`, data: planned.event.data };
    if (shipment.state === "HELD") {
      await db.shipment.updateMany({ where: { id: shipment.id, state: "HELD" }, data: changes });
      await recordShipmentEvent(db, shipment.id, event);
      return { outcome: "held", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }), reasons };
    }
    return { outcome: "held", shipment: await transition(db, shipment, "HELD", event, changes), reasons };
  }

  // The PackageId stays the one the provider knows, even if the order was renamed since.
  const request = planned.request === null ? null : withPackageId(planned.request, PackageId.parse(shipment.packageId));
  const ready = await transition(
    db,
    shipment,
    "READY",
    {
      type: "retry_requested",
      message: `${who}: ${planned.summary}${resendAsNew ? " The provider is asked to create it anew (IsCreateNewOrder)." : ""}`,
      data: { ...planned.event.data, isCreateNewOrder: resendAsNew },
    },
    {
      kind: planned.kind,
      warehouseCode: planned.origin,
      serviceCode: planned.serviceCode,
      requestSent: request === null ? null : encodePackageRequest(request),
      lineItems: JSON.stringify(planned.lineItems),
      resendAsNew,
      holdReasons: null,
      lastErrorCode: null,
      lastErrorText: null,
    },
  );
  if (ready.warehouseCode !== null) await queuePush(db, { shop: ready.shop, kind: ready.kind, origin: ready.warehouseCode }, deps.now());
  return { outcome: "ready", shipment: ready };
}

const RETRYABLE: readonly ShipmentState[] = ["HELD", "FAILED"];

/**
 * The admin's fix-and-retry button. HELD or FAILED: planned again from Shopify's current facts.
 * CREATED that Shopify refused to fulfil: written again.
 */
export async function retryShipment(db: Database, deps: PipelineDeps, shop: string, shipmentId: string): Promise<RetryOutcome> {
  const shipment = await db.shipment.findFirst({ where: { id: shipmentId, shop } });
  if (shipment === null) return { outcome: "refused", message: "No such shipment in this shop." };
  if (shipment.state === "CREATED" && shipment.lastErrorCode === WRITE_BACK_REFUSED) {
    await db.$transaction(async (tx) => {
      await tx.shipment.update({ where: { id: shipment.id }, data: { lastErrorCode: null, lastErrorText: null } });
      await recordShipmentEvent(tx, shipment.id, { type: "retry_requested", message: "Retried by the merchant: the fulfilment is written to Shopify again." });
      await queueWriteBack(tx, shop, deps.now());
    });
    return { outcome: "ready", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }) };
  }
  if (shipment.state === "FAILED" && shipment.lastErrorCode === HANDED_BACK) {
    return { outcome: "refused", message: "Handed back to Shopify: the fulfillment order is closed there. Request fulfilment again from the order in Shopify; the app plans it when the request arrives." };
  }
  if (!RETRYABLE.includes(shipment.state)) {
    return { outcome: "refused", message: `A ${shipment.state.toLowerCase()} shipment cannot be retried; only held and failed ones can.` };
  }
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  return replan(db, deps, shopify, settings, shipment, { byPerson: true });
}

/** Updated orders whose held shipments are looked at per round (one database read for all). */
const UPDATES_PER_ROUND = 100;

/**
 * orders.updated: the held shipments (held by the checks, not for review) of the shop's updated
 * orders (its waiting orders/updated events) are planned again, a round at a time. Most updates
 * concern orders with nothing held, and cost one database read per round between them.
 */
export async function replanUpdatedOrders(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const batches = { kind: "orders.updated", topic: "orders/updated", perRound: UPDATES_PER_ROUND } as const;
  await workThroughWaitingReceipts(ctx, deps, shop, batches, async (receipts) => {
    const orderIds = [...new Set(receipts.flatMap((receipt) => receipt.orderId ?? []))];
    const held = await ctx.db.shipment.findMany({ where: { shop, orderId: { in: orderIds }, state: "HELD", lastErrorCode: HELD_BY_CHECKS } });
    if (held.length > 0) {
      const shopify = await deps.shopify(shop);
      const settings = await deps.settings(shop, shopify);
      for (const shipment of held) await replan(ctx.db, deps, shopify, settings, shipment, { byPerson: false });
    }
    return async () => {};
  });
}
