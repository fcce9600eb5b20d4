/**
 * Where a fulfillment order goes: its Shopify location picks the route (a provider warehouse, or
 * the merchant's own location shipping drop-ship), its destination country picks the service.
 */
import { countryName } from "./countries";
import type { LocationGid } from "./fulfillment-order";
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

export function originCountryOf(route: Route): string {
  return route.kind === "OUTBOUND" ? route.originCountry : route.sender.countryCode;
}

/** The service set for the order's shipping method (its code, else its title), if any. */
function serviceForShippingMethod(route: Route, shippingMethod: { code: string | null; title: string } | null): string | undefined {
  if (shippingMethod === null) return undefined;
  const wanted = [shippingMethod.code, shippingMethod.title].flatMap((name) => (name === null ? [] : [name.trim().toLowerCase()]));
  const match = Object.entries(route.services.byShippingMethod).find(([name]) => wanted.includes(name.trim().toLowerCase()));
  return match?.[1];
}

/**
 * The service: the one set for the shipping method the customer paid for, else the destination
 * country's, else the route's default.
 */
export function serviceFor(
  route: Route,
  countryCode: string,
  shippingMethod: { code: string | null; title: string } | null = null,
): Checked<string> {
  const service = serviceForShippingMethod(route, shippingMethod) ?? route.services.byCountry[countryCode] ?? route.services.default;
  if (service !== undefined) return ok(service);
  return held({
    field: "ServiceCode",
    value: countryCode,
    message:
      `No shipping service is set for ${countryName(countryCode)} at ${describeRoute(route)}. ` +
      `Add a service for ${countryCode}, or a default service, in Settings > Warehouses and routing, then retry.`,
  });
}
