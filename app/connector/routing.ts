/**
 * Where a fulfillment order goes: its Shopify location picks the route (a provider warehouse, or
 * the merchant's own location shipping drop-ship); the shipping line the customer chose picks the
 * service, else its destination country (decision 0041).
 */
import { CARRIER_SERVICE_NAME, isFlatRateCode, warehouseForCart } from "./checkout-rates";
import { said } from "../lib/words/reason-said";
import type { LocationGid, ShippingLine } from "./fulfillment-order";
import { type Checked, held, ok } from "./hold";
import type { ConnectorSettings, Route } from "./settings";

/** The route of the location, or undefined when the app does not ship for that location. */
export function routeFor(locationId: LocationGid | null, settings: ConnectorSettings): Route | undefined {
  if (locationId === null) return undefined;
  return settings.routes.find((route) => route.locationId === locationId);
}

/** Where a route ships from, in the merchant's words: "warehouse US01", "drop-ship location SZ-HUB". */
export function describeRoute(route: Route): string {
  return route.kind === "OUTBOUND" ? `warehouse ${route.warehouseId}` : `drop-ship location ${route.handlingLocation}`;
}

/** Where a route ships from, as a reason's sentence takes it: its kind and its warehouse or handling location. */
export function routeWhere(route: Route): [kind: string, code: string] {
  return route.kind === "OUTBOUND" ? [route.kind, route.warehouseId] : [route.kind, route.handlingLocation];
}

export function originCountryOf(route: Route): string {
  return route.kind === "OUTBOUND" ? route.originCountry : route.sender.countryCode;
}

/** The service the merchant set for the order's shipping method (its code, else its title), if any. */
function serviceForShippingMethod(route: Route, shippingLine: ShippingLine | null): string | undefined {
  if (shippingLine === null) return undefined;
  const wanted = [shippingLine.code, shippingLine.title].flatMap((name) => (name === null ? [] : [name.trim().toLowerCase()]));
  const match = Object.entries(route.services.byShippingMethod).find(([name]) => wanted.includes(name.trim().toLowerCase()));
  return match?.[1];
}

/**
 * The provider service the customer chose, when they chose one of the rates the app's carrier
 * service answered: its code is the provider's service code, exactly as the app returned it. A flat
 * rate (answered while the provider's prices could not be had) chooses no service.
 */
export function providerServiceChosen(shippingLine: ShippingLine | null): string | undefined {
  if (shippingLine?.source?.trim() !== CARRIER_SERVICE_NAME || shippingLine.code === null) return undefined;
  const code = shippingLine.code;
  return code.trim() === "" || isFlatRateCode(code.trim()) ? undefined : code;
}

/** Every service the merchant set for a route (default, by country, by shipping method), upper-cased. */
function servicesSetFor(route: Route): Set<string> {
  const { default: fallback, byCountry, byShippingMethod } = route.services;
  return new Set(
    [...(fallback === undefined ? [] : [fallback]), ...Object.values(byCountry), ...Object.values(byShippingMethod)].map((c) =>
      c.toUpperCase(),
    ),
  );
}

/**
 * Whether a route ships with the service the customer chose: the warehouse checkout priced the cart
 * from offers every service it priced, and any route offers the services the merchant set for it
 * (checked with the provider when saved).
 */
function shipsWith(route: Route, service: string, pricedFrom: string | null): boolean {
  return (route.kind === "OUTBOUND" && route.warehouseId === pricedFrom) || servicesSetFor(route).has(service.toUpperCase());
}

/**
 * The service, in this order: the one the merchant set for the shipping method the customer paid
 * for; the provider service the customer chose from the app's checkout rates, exactly as chosen
 * (held when this route does not ship with it, never swapped for another); the destination
 * country's; the route's default.
 */
export function serviceFor(
  route: Route,
  countryCode: string,
  shippingLine: ShippingLine | null,
  settings: Pick<ConnectorSettings, "checkoutWarehouses">,
): Checked<string> {
  const mapped = serviceForShippingMethod(route, shippingLine);
  if (mapped !== undefined) return ok(mapped);
  const chosen = providerServiceChosen(shippingLine);
  if (chosen !== undefined && shippingLine !== null) {
    const pricedFrom = warehouseForCart(settings.checkoutWarehouses, countryCode)?.warehouseId ?? null;
    if (shipsWith(route, chosen, pricedFrom)) return ok(chosen);
    // Not served here, so `pricedFrom` (when known) is another warehouse.
    return held({
      field: "ServiceCode",
      value: chosen,
      ...said("chosenServiceNotServed", ...routeWhere(route), shippingLine.title, chosen, pricedFrom ?? ""),
    });
  }
  const service = route.services.byCountry[countryCode] ?? route.services.default;
  if (service !== undefined) return ok(service);
  return held({ field: "ServiceCode", value: countryCode, ...said("noServiceForCountry", ...routeWhere(route), countryCode) });
}
