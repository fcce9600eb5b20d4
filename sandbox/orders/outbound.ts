/**
 * Outbound orders: parcels shipped from the merchant's stock in a provider warehouse, created singly
 * (12) or in a batch (2), and their status (15). Keyed by PackageId like drop-ship orders.
 * HandleStatus: Submitted (Initial with SubmitLater) while creating, Examined once created, Shipped
 * from pickup on; UnShipped when creation failed (UnShippedReason says why).
 */
import type { z } from "zod";
import type { OutboundPackage, OutboundStatusRecord } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { notFound, SandboxError } from "../errors";
import { withBody, withPathAndBody, withUncheckedBody, type SandboxContext } from "../operation";
import { nextSequence, type OutboundOrder } from "../state";
import { carriers } from "../world";
import { requireWarehouse } from "./checks";
import { accepted, judgeBatch, rejected } from "./batch";
import { missingRoutingFields, outboundWeight, placeOf } from "./creation";
import { providerId } from "./ids";
import { findByIds } from "./lookup";
import { currentTracking, PICKUP_STEP, stepReached, stepTime } from "./tracking";

type OutboundDraft = Pick<
  OutboundOrder,
  "packageId" | "warehouseId" | "serviceCode" | "destination" | "skus" | "importerCompany" | "submitLater"
>;

function draftOf(pkg: OutboundPackage, warehouseId: string, submitLater: boolean): OutboundDraft {
  return {
    packageId: pkg.PackageId,
    warehouseId,
    serviceCode: pkg.ServiceCode ?? "",
    destination: placeOf(pkg.ShipToAddress),
    skus: pkg.Skus.map((line) => ({ sku: line.Sku, quantity: line.Quantity })),
    importerCompany: pkg.ImportsInfo?.Company,
    submitLater,
  };
}

/** Takes the order in unless its PackageId is known (a failed one may be created anew, IsCreateNewOrder). */
function admit(draft: OutboundDraft, createNew: boolean, ctx: SandboxContext): boolean {
  const known = ctx.state.outbounds.get(draft.packageId);
  if (known !== undefined && !(createNew && known.outcome.status === "CreateFailed")) return false;
  ctx.state.outbounds.set(draft.packageId, {
    ...draft,
    svcPackageId: providerId("OB", ctx),
    outcome: { status: "Creating" },
    seq: nextSequence(ctx.state),
    submittedAt: ctx.now,
    dueAt: ctx.now + ctx.settings.createDelayMs,
    retryCount: known === undefined ? 0 : known.retryCount + 1,
  });
  return true;
}

/** Operation 2: 201 when any package is new, 200 when none is; one result per package. */
export const createOutboundBatch = withUncheckedBody(operations.createOutboundBatch, ({ body }, ctx) => {
  const schema = operations.createOutboundBatch.body;
  const judged = judgeBatch(schema, schema.shape.Packages.element, body);
  const envelope = schema.omit({ Packages: true }).parse(body);
  requireWarehouse(envelope.WarehouseId);
  let anyNew = false;
  const results = judged.map((j) => {
    if (!j.ok) return j.result;
    const missing = missingRoutingFields(j.pkg);
    if (missing.length > 0)
      return rejected(
        j.pkg.PackageId,
        missing.map((e) => ({ ...e, Code: `Packages[${j.index}].${e.Code}` })),
      );
    const isNew = admit(draftOf(j.pkg, envelope.WarehouseId, envelope.SubmitLater ?? false), j.pkg.IsCreateNewOrder ?? false, ctx);
    anyNew ||= isNew;
    return accepted(j.pkg.PackageId, isNew);
  });
  return { status: anyNew ? 201 : 200, body: results };
});

/** Operation 12: 201 created, 200 already known. */
export const createOutbound = withBody(operations.createOutbound, ({ body }, ctx) => {
  const missing = missingRoutingFields(body.Package).map((e) => ({ ...e, Code: `Package.${e.Code}` }));
  if (missing.length > 0) throw new SandboxError(400, missing);
  requireWarehouse(body.WarehouseId);
  const isNew = admit(draftOf(body.Package, body.WarehouseId, body.SubmitLater ?? false), body.Package.IsCreateNewOrder ?? false, ctx);
  return { status: isNew ? 201 : 200, body: undefined };
});

function handleStatus(order: OutboundOrder, step: number): string {
  if (order.handleStatus !== undefined) return order.handleStatus;
  switch (order.outcome.status) {
    case "Creating":
      return order.submitLater ? "Initial" : "Submitted";
    case "CreateFailed":
      return "UnShipped";
    case "Created":
      return step >= PICKUP_STEP ? "Shipped" : "Examined";
  }
}

/** `2026-11-22 10:00:00`, the text form the provider gives beside the date. */
const plainDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

function outboundStatusRecord(order: OutboundOrder, ctx: SandboxContext): z.input<typeof OutboundStatusRecord> {
  const stepMs = ctx.settings.trackingStepMs;
  const parcel = order.outcome.status === "Created" ? order.outcome.parcel : undefined;
  const step = parcel === undefined ? -1 : stepReached(parcel, ctx.now, stepMs);
  const tracking = parcel === undefined ? undefined : currentTracking(parcel, ctx.now, stepMs);
  const shippedAt = parcel !== undefined && step >= PICKUP_STEP ? stepTime(parcel, PICKUP_STEP, stepMs) : undefined;
  return {
    PackageId: order.packageId,
    SvcPackageId: order.svcPackageId,
    Status: order.outcome.status,
    HandleStatus: handleStatus(order, step),
    RetryCount: order.retryCount,
    UnShippedReason: order.outcome.status === "CreateFailed" ? order.outcome.reason : null,
    TrackingNumber: tracking?.number ?? null,
    IsFinalTrackingNumber: tracking?.isFinal ?? false,
    InternalNumber: `${order.warehouseId}-${order.svcPackageId.slice(2)}`,
    ShippingProvider: tracking === undefined ? null : carriers[tracking.carrier].company,
    ShippingCosts: parcel?.shippingCosts ?? [],
    Weight: outboundWeight(order, ctx),
    HasRemoteFee: false,
    SvcOrderShipOuted: shippedAt === undefined ? null : new Date(shippedAt).toISOString(),
    SvcOrderShipOutedStr: shippedAt === undefined ? null : plainDateTime(shippedAt),
  };
}

/** Operation 15: the known ones among the ids; 404 only when none is known. */
export const outboundStatuses = withPathAndBody(operations.outboundStatuses, ({ path, body }, ctx) => {
  const found = findByIds(ctx.state.outbounds, path.idType, body.Ids);
  if (found.length === 0) throw notFound("Ids", `no outbound order has any of these ${path.idType}s`);
  return { status: 200, body: found.map((order) => outboundStatusRecord(order, ctx)) };
});
