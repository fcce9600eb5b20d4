/**
 * Status of drop-ship orders (operations 8 and 17), computed from the order and the clock.
 * HandleStatus: Submitted (Initial with SubmitLater) while creating and until pickup, Shipped from
 * pickup on; Initial after a failed creation.
 */
import type { z } from "zod";
import type { DropshipStatusRecord } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { notFound } from "../errors";
import { withPath, withPathAndBody, type SandboxContext } from "../operation";
import type { DropshipOrder } from "../state";
import { carriers } from "../world";
import { chargedWeight } from "./creation";
import { findByIds } from "./lookup";
import { currentTracking, DEPARTED_STEP, PICKUP_STEP, stepReached, stepTime } from "./tracking";

const iso = (ms: number) => new Date(ms).toISOString();

function handleStatus(order: DropshipOrder, step: number): string {
  if (order.handleStatus !== undefined) return order.handleStatus;
  switch (order.outcome.status) {
    case "Creating":
      return order.submitLater ? "Initial" : "Submitted";
    case "CreateFailed":
      return "Initial";
    case "Created":
      return step >= PICKUP_STEP ? "Shipped" : order.submitLater ? "Initial" : "Submitted";
  }
}

export function dropshipStatusRecord(order: DropshipOrder, ctx: SandboxContext): z.input<typeof DropshipStatusRecord> {
  const stepMs = ctx.settings.trackingStepMs;
  const parcel = order.outcome.status === "Created" ? order.outcome.parcel : undefined;
  const step = parcel === undefined ? -1 : stepReached(parcel, ctx.now, stepMs);
  const tracking = parcel === undefined ? undefined : currentTracking(parcel, ctx.now, stepMs);
  const pickedUp = parcel !== undefined && step >= PICKUP_STEP;
  const departed = parcel !== undefined && step >= DEPARTED_STEP;
  return {
    WeightInit: Math.round(order.weightGrams),
    PackingInit: order.packing ?? null,
    // Weighed and measured by the warehouse when it receives the parcel.
    Weight: pickedUp ? Math.round(order.weightGrams) : null,
    Packing: pickedUp ? (order.packing ?? null) : null,
    ChargedWeight: parcel === undefined ? null : chargedWeight(order),
    ServerSource: null,
    Country: order.destination.Country,
    ServiceCode: order.serviceCode,
    MailingDate: pickedUp ? iso(stepTime(parcel, PICKUP_STEP, stepMs)) : null,
    CodAmount: order.codAmount === undefined ? null : order.codAmount.toFixed(2),
    CodAmountCurrency: order.codCurrency ?? null,
    PackageId: order.packageId,
    SvcPackageId: order.svcPackageId,
    Status: order.outcome.status,
    HandleStatus: handleStatus(order, step),
    TrackingNumber: tracking?.number ?? null,
    // The other parcels' numbers, comma-separated, once the parcels exist.
    ExtraTrackNumber: parcel?.extraTrackingNumbers?.length ? parcel.extraTrackingNumbers.join(",") : null,
    IsFinalTrackingNumber: tracking?.isFinal ?? false,
    ShippingProvider: tracking === undefined ? null : carriers[tracking.carrier].company,
    RetryCount: order.retryCount,
    CreateFailedReason: order.outcome.status === "CreateFailed" ? order.outcome.reason : null,
    ShippingCosts: parcel?.shippingCosts ?? [],
    HasRemoteFee: false,
    WarehouseReceivedTime: pickedUp ? iso(stepTime(parcel, PICKUP_STEP, stepMs)) : null,
    WarehouseDepartedTime: departed ? iso(stepTime(parcel, DEPARTED_STEP, stepMs)) : null,
    CreatedTime: iso(order.submittedAt),
  };
}

/** Operation 8: the known ones among the ids; 404 only when none is known. */
export const dropshipStatuses = withPathAndBody(operations.dropshipStatuses, ({ path, body }, ctx) => {
  const found = findByIds(ctx.state.dropships, path.idType, body.Ids);
  if (found.length === 0) throw notFound("Ids", `no drop-ship package has any of these ${path.idType}s`);
  return { status: 200, body: found.map((order) => dropshipStatusRecord(order, ctx)) };
});

/** Operation 17. */
export const dropshipStatus = withPath(operations.dropshipStatus, ({ path }, ctx) => {
  const order = ctx.state.dropships.get(path.packageId);
  if (order === undefined) throw notFound("packageId", `drop-ship package ${path.packageId} is not known`);
  return { status: 200, body: dropshipStatusRecord(order, ctx) };
});
