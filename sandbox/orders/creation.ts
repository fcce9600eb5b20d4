/**
 * Asynchronous creation of drop-ship and outbound orders: the provider accepts an order as
 * `Creating`, and after the create delay it becomes `Created` (a parcel with a tracking number) or
 * `CreateFailed` with a reason the merchant can act on. Shared by the creating operations and the
 * lifecycle that resolves due orders.
 */
import type { ErrorEntry } from "../errors";
import type { SandboxContext } from "../operation";
import { countryCode } from "../places";
import type { Cost, DropshipOrder, OutboundOrder, Parcel, Place, Reason } from "../state";
import { findService, findWarehouse, services, servicesOf, type ShippingService } from "../world";
import { newTrackingNumber } from "./ids";
import { quote, serves, shippingCosts } from "./pricing";
import { reasons } from "./reasons";
import { available, take, totalsBySku } from "./stock";

interface WrittenAddress {
  readonly Country?: string | undefined;
  readonly Province?: string | undefined;
  readonly City?: string | undefined;
  readonly Street1?: string | undefined;
  readonly Postcode?: string | undefined;
}

/** An address as the sandbox keeps it, with the country as an ISO code where it knows it. */
export function placeOf(address: WrittenAddress): Place {
  const optional = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v);
  return {
    Country: countryCode(address.Country ?? ""),
    Province: optional(address.Province),
    City: optional(address.City),
    Street1: optional(address.Street1),
    Postcode: optional(address.Postcode),
  };
}

/**
 * The two fields the reference leaves optional but no parcel can be routed without. Checked when a
 * package is accepted, reported like any other invalid field.
 */
export function missingRoutingFields(pkg: { ServiceCode?: string | undefined; ShipToAddress: WrittenAddress }): ErrorEntry[] {
  const missing: ErrorEntry[] = [];
  if (!pkg.ServiceCode?.trim()) missing.push({ Code: "ServiceCode", Message: "is required (the service that ships the parcel)" });
  if (!pkg.ShipToAddress.Country?.trim()) missing.push({ Code: "ShipToAddress.Country", Message: "is required" });
  return missing;
}

function issueParcel(
  service: ShippingService,
  route: { origin: Place; destination: Place },
  createdAt: number,
  costs: Cost[],
  ctx: SandboxContext,
): Parcel {
  return {
    serviceCode: service.code,
    createdAt,
    trackingNumber: newTrackingNumber(service.carrier, ctx),
    provisionalTrackingNumber: service.provisionalTracking ? newTrackingNumber("Provider", ctx) : undefined,
    origin: route.origin,
    destination: route.destination,
    shippingCosts: costs,
  };
}

/** Weight billed: actual, or volumetric (cm³ / 5000 in kg) when the parcel is bulky. */
export function chargedWeight(order: DropshipOrder): number {
  const p = order.packing;
  const volumetric = p === undefined ? 0 : (p.Length * p.Width * p.Height) / 5;
  return Math.round(Math.max(order.weightGrams, volumetric));
}

function fail(order: DropshipOrder | OutboundOrder, reason: Reason): void {
  order.outcome = { status: "CreateFailed", reason, failedAt: order.dueAt };
}

export function resolveDropship(order: DropshipOrder, ctx: SandboxContext): void {
  const country = order.destination.Country;
  const service = findService(order.serviceCode);
  if (service === undefined) return fail(order, reasons.serviceNotFound(order.serviceCode));
  if (!serves(service, country)) {
    return fail(
      order,
      reasons.destinationNotServed(
        service,
        country,
        services.filter((s) => serves(s, country)),
      ),
    );
  }
  const warehouse = findWarehouse(service.warehouseId);
  const origin = order.origin ?? placeOf(warehouse?.address ?? {});
  const costs = shippingCosts(quote(service, country, chargedWeight(order), 0));
  order.outcome = { status: "Created", parcel: issueParcel(service, { origin, destination: order.destination }, order.dueAt, costs, ctx) };
}

function outboundFailure(order: OutboundOrder, ctx: SandboxContext): Reason | undefined {
  const service = findService(order.serviceCode);
  if (service === undefined) return reasons.serviceNotFound(order.serviceCode);
  if (service.warehouseId !== order.warehouseId) return reasons.serviceNotAtWarehouse(service, order.warehouseId);
  const country = order.destination.Country;
  if (!serves(service, country)) {
    const alternatives = servicesOf(service.warehouseId).filter((s) => serves(s, country));
    return reasons.destinationNotServed(service, country, alternatives);
  }
  for (const [sku, wanted] of totalsBySku(order.skus)) {
    if (!ctx.state.skus.has(sku)) return reasons.skuNotFound(sku);
    const inStock = available(ctx.state, order.warehouseId, sku);
    if (inStock < wanted) return reasons.insufficientStock(sku, wanted, inStock, order.warehouseId);
  }
  return undefined;
}

/** Total weight of an outbound order's units, in grams (unknown SKUs weigh nothing). */
export function outboundWeight(order: OutboundOrder, ctx: SandboxContext): number {
  let grams = 0;
  for (const [sku, quantity] of totalsBySku(order.skus)) grams += (ctx.state.skus.get(sku)?.weight ?? 0) * quantity;
  return grams;
}

/** Resolves an outbound order; stock leaves the warehouse when it is created. */
export function resolveOutbound(order: OutboundOrder, ctx: SandboxContext): void {
  const failure = outboundFailure(order, ctx);
  if (failure !== undefined) return fail(order, failure);
  const service = findService(order.serviceCode);
  const warehouse = findWarehouse(order.warehouseId);
  // Both exist: outboundFailure has checked them.
  if (service === undefined || warehouse === undefined) return fail(order, reasons.serviceNotFound(order.serviceCode));
  const totals = totalsBySku(order.skus);
  for (const [sku, quantity] of totals) take(ctx.state, order.warehouseId, sku, quantity);
  const units = [...totals.values()].reduce((a, b) => a + b, 0);
  const costs = shippingCosts(quote(service, order.destination.Country, outboundWeight(order, ctx), units));
  const route = { origin: placeOf(warehouse.address), destination: order.destination };
  order.outcome = { status: "Created", parcel: issueParcel(service, route, order.dueAt, costs, ctx) };
}

/** A return parcel is created at once (operation 9 answers with its tracking number). */
export function createReturnParcel(
  service: ShippingService,
  route: { origin: Place; destination: Place },
  grams: number,
  ctx: SandboxContext,
): Parcel {
  return issueParcel(service, route, ctx.now, shippingCosts(quote(service, route.origin.Country, grams, 0)), ctx);
}
