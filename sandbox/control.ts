/**
 * Control routes under /__sandbox, for tests and demos (no auth): move the clock, plan faults, see
 * a summary of the world, start over, and do to a package what the provider or the carrier would
 * beyond the clock (orders/package-control.ts). Every route and its body: sandbox/README.md.
 */
import { z } from "zod";
import type { SandboxClock } from "./clock";
import { notFound } from "./errors";
import { FaultPlan, type Faults } from "./faults";
import type { Reply, SandboxContext } from "./operation";
import { changePackage } from "./orders/package-control";
import { currentTracking, trackingStatusAt } from "./orders/tracking";
import type { Outcome, SandboxState } from "./state";
import { warehouses } from "./world";
import { parseOrReject } from "./validation";

export interface ControlPanel {
  readonly clock: SandboxClock;
  readonly faults: Faults;
  /** The world brought up to date with the clock. */
  world(): SandboxContext;
  reset(): void;
}

const BODY = { rootCode: "Body" };
const ClockAdvance = z.object({ advanceMs: z.number().int().min(0, { error: "must not be negative: time only moves forward" }) });

function clockReading(clock: SandboxClock) {
  return { now: new Date(clock.now()).toISOString(), advancedMs: clock.advancedMs };
}

function outcomeSummary(outcome: Outcome, ctx: SandboxContext, handleStatus?: string) {
  const set = handleStatus === undefined ? {} : { HandleStatus: handleStatus };
  if (outcome.status === "CreateFailed") return { Status: outcome.status, Reason: outcome.reason, ...set };
  if (outcome.status === "Creating") return { Status: outcome.status, ...set };
  const stepMs = ctx.settings.trackingStepMs;
  const tracking = currentTracking(outcome.parcel, ctx.now, stepMs);
  return {
    Status: outcome.status,
    ...set,
    TrackingNumber: tracking.number,
    ...(outcome.parcel.extraTrackingNumbers?.length ? { ExtraTrackingNumbers: outcome.parcel.extraTrackingNumbers } : {}),
    IsFinalTrackingNumber: tracking.isFinal,
    TrackingStatus: trackingStatusAt(outcome.parcel, ctx.now, stepMs),
    ...(outcome.parcel.silentFrom === undefined ? {} : { SilentSince: new Date(outcome.parcel.silentFrom).toISOString() }),
  };
}

/** Units per SKU per warehouse. Built from Maps: a SKU is caller-chosen text, even "__proto__". */
function stockSummary(state: SandboxState): Record<string, Record<string, number>> {
  const stock = new Map<string, Map<string, number>>(warehouses.map((w) => [w.id, new Map()]));
  for (const lot of state.stock) {
    const warehouse = stock.get(lot.warehouseId) ?? new Map<string, number>();
    warehouse.set(lot.sku, (warehouse.get(lot.sku) ?? 0) + lot.quantity);
    stock.set(lot.warehouseId, warehouse);
  }
  return Object.fromEntries([...stock].map(([id, skus]) => [id, Object.fromEntries(skus)]));
}

function summary(ctx: SandboxContext, panel: ControlPanel) {
  const { state } = ctx;
  return {
    ...clockReading(panel.clock),
    settings: ctx.settings,
    dropships: [...state.dropships.values()].map((o) => ({
      PackageId: o.packageId,
      SvcPackageId: o.svcPackageId,
      ServiceCode: o.serviceCode,
      Country: o.destination.Country,
      ImporterCompany: o.importerCompany,
      // What the package said about duties (paid at checkout, or the recipient's to pay).
      ...(o.duty === undefined ? {} : { Duty: o.duty }),
      ...(o.remark === undefined ? {} : { Remark: o.remark }),
      ...outcomeSummary(o.outcome, ctx, o.handleStatus),
    })),
    outbounds: [...state.outbounds.values()].map((o) => ({
      PackageId: o.packageId,
      SvcPackageId: o.svcPackageId,
      WarehouseId: o.warehouseId,
      ServiceCode: o.serviceCode,
      Country: o.destination.Country,
      ImporterCompany: o.importerCompany,
      ...outcomeSummary(o.outcome, ctx, o.handleStatus),
    })),
    inbounds: [...state.inbounds.values()].map((s) => ({
      ShipmentId: s.shipmentId,
      SvcOrderId: s.svcOrderId,
      WarehouseId: s.warehouseId,
      Received: s.receivedAt !== undefined,
      ReceivedAt: new Date(s.receivedAt ?? s.dueAt).toISOString(),
    })),
    returns: [...state.returns.values()].map((r) => ({
      PackageId: r.packageId,
      SvcPackageId: r.svcPackageId,
      ...outcomeSummary(r.outcome, ctx),
    })),
    ladings: [...state.ladings.values()].map((l) => ({ OrderNo: l.orderNo, WarehouseId: l.warehouseId, Packages: l.packageCount })),
    skus: [...state.skus.keys()],
    stock: stockSummary(state),
    faults: panel.faults.pending(),
  };
}

export function control(method: string, pathname: string, body: unknown, panel: ControlPanel): Reply<unknown> {
  const route = `${method} ${pathname.replace(/\/+$/, "")}`;
  switch (route) {
    case "GET /__sandbox/health":
      return { status: 200, body: { ok: true } };
    case "GET /__sandbox/state":
      return { status: 200, body: summary(panel.world(), panel) };
    case "POST /__sandbox/reset":
      panel.reset();
      return { status: 200, body: { ok: true, ...clockReading(panel.clock) } };
    case "GET /__sandbox/clock":
      return { status: 200, body: clockReading(panel.clock) };
    case "POST /__sandbox/clock":
      panel.clock.advance(parseOrReject(ClockAdvance, body, BODY).advanceMs);
      return { status: 200, body: clockReading(panel.clock) };
    case "GET /__sandbox/faults":
      return { status: 200, body: { faults: panel.faults.pending() } };
    case "POST /__sandbox/faults":
      panel.faults.plan(parseOrReject(FaultPlan, body, BODY));
      return { status: 200, body: { faults: panel.faults.pending() } };
    case "DELETE /__sandbox/faults":
      panel.faults.clear();
      return { status: 200, body: { faults: [] } };
    default: {
      const pkg = /^POST \/__sandbox\/packages\/([^/]+)$/.exec(route);
      if (pkg) return { status: 200, body: changePackage(panel.world(), decodeURIComponent(pkg[1] ?? ""), body) };
      throw notFound("Route", `no control route ${method} ${pathname}`);
    }
  }
}
