/** Locations and the fulfillment services that own some of them. */
import { addLocation, slug } from "../catalogue";
import { gid, parseGid } from "../ids";
import type { FulfillmentServiceRecord, LocationRecord } from "../state";
import { connection } from "./connection";
import { inventoryLevelView } from "./products";
import { search } from "./search";
import { bool, obj, str, userError, type Args, type ResolverContext, type View } from "./types";

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

export function locationView(ctx: ResolverContext, location: LocationRecord): View {
  const { state } = ctx;
  const a = location.address;
  const levels = () => state.inShop(state.inventoryLevels, location.shop).filter((l) => l.locationId === location.id);
  return {
    __typename: "Location",
    id: gid("Location", location.id),
    legacyResourceId: String(location.id),
    name: location.name,
    isActive: location.isActive,
    isFulfillmentService: location.fulfillmentServiceId !== null,
    fulfillsOnlineOrders: location.fulfillsOnlineOrders,
    shipsInventory: location.isActive,
    hasActiveInventory: levels().length > 0,
    hasUnfulfilledOrders: state
      .inShop(state.fulfillmentOrders, location.shop)
      .some((fo) => fo.assignedLocationId === location.id && (fo.status === "OPEN" || fo.status === "IN_PROGRESS")),
    activatable: !location.isActive,
    deactivatable: location.isActive && location.id !== ctx.shop.primaryLocationId,
    deletable: !location.isActive,
    addressVerified: false,
    deactivatedAt: location.deactivatedAt,
    createdAt: location.createdAt,
    updatedAt: location.updatedAt,
    address: {
      __typename: "LocationAddress",
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      country: a.country,
      countryCode: a.countryCode,
      province: a.province,
      provinceCode: a.provinceCode,
      zip: a.zip,
      phone: a.phone,
      latitude: a.latitude,
      longitude: a.longitude,
      formatted: [a.address1, a.address2, [a.city, a.provinceCode, a.zip].filter(Boolean).join(" "), a.country].filter(
        (line): line is string => Boolean(line),
      ),
    },
    fulfillmentService: () => {
      const service = state.fulfillmentServiceAt(location.id);
      return service ? fulfillmentServiceView(ctx, service) : null;
    },
    inventoryLevel: (args: Args) => {
      const itemId = parseGid(args.inventoryItemId, "InventoryItem");
      const level = itemId === undefined ? undefined : state.inventoryLevel(itemId, location.id);
      return level ? inventoryLevelView(ctx, level) : null;
    },
    inventoryLevels: (args: Args) => connection("InventoryLevel", levels(), args, (l) => inventoryLevelView(ctx, l)),
  };
}

export function fulfillmentServiceView(ctx: ResolverContext, service: FulfillmentServiceRecord): View {
  return {
    __typename: "FulfillmentService",
    id: gid("FulfillmentService", service.id),
    serviceName: service.serviceName,
    handle: service.handle,
    callbackUrl: service.callbackUrl,
    inventoryManagement: service.inventoryManagement,
    trackingSupport: service.trackingSupport,
    requiresShippingMethod: service.requiresShippingMethod,
    fulfillmentOrdersOptIn: true,
    type: "THIRD_PARTY",
    location: () => {
      const location = ctx.state.locations.get(service.locationId);
      return location ? locationView(ctx, location) : null;
    },
  };
}

function shopLocations(ctx: ResolverContext, args: Args): LocationRecord[] {
  const all = ctx.state.inShop(ctx.state.locations, ctx.shop.domain);
  const active = args.includeInactive === true ? all : all.filter((l) => l.isActive);
  return search(
    active,
    args.query,
    {
      name: (l, v) => l.name.toLowerCase() === v.toLowerCase(),
      id: (l, v) => String(l.id) === v || gid("Location", l.id) === v,
      active: (l, v) => String(l.isActive) === v,
    },
    (l) => l.name,
  );
}

export const locationQueries = {
  locations: (args: Args, ctx: ResolverContext) => connection("Location", shopLocations(ctx, args), args, (l) => locationView(ctx, l)),
  /** Without an id, Shopify answers the shop's primary location. */
  location: (args: Args, ctx: ResolverContext) => {
    const id = args.id === undefined || args.id === null ? ctx.shop.primaryLocationId : parseGid(args.id, "Location");
    const location = ctx.state.owned(ctx.state.locations, id, ctx.shop.domain);
    return location ? locationView(ctx, location) : null;
  },
  fulfillmentService: (args: Args, ctx: ResolverContext) => {
    const service = ctx.state.owned(ctx.state.fulfillmentServices, parseGid(args.id, "FulfillmentService"), ctx.shop.domain);
    return service ? fulfillmentServiceView(ctx, service) : null;
  },
};

function validCallbackUrl(value: string | null): boolean {
  if (value === null) return true;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const locationMutations = {
  /**
   * Creates the service and its location. `permitsSkuSharing` is gone from the 2026-10 schema, so a
   * request that sends it never gets here: validation rejects it.
   */
  fulfillmentServiceCreate: (args: Args, ctx: ResolverContext) => {
    const { state, shop } = ctx;
    const name = (str(args.name) ?? "").trim();
    const callbackUrl = str(args.callbackUrl);
    const errors: View[] = [];
    if (name === "") errors.push(userError(["name"], "Name can't be blank"));
    if (state.inShop(state.fulfillmentServices, shop.domain).some((s) => s.serviceName.toLowerCase() === name.toLowerCase())) {
      errors.push(userError(["name"], "Name has already been taken"));
    }
    if (!validCallbackUrl(callbackUrl)) errors.push(userError(["callbackUrl"], "Callback url is invalid"));
    if (errors.length) return { __typename: "FulfillmentServiceCreatePayload", fulfillmentService: null, userErrors: errors };
    const serviceId = state.newId();
    const location = addLocation(state, shop.domain, { name }, serviceId);
    const service: FulfillmentServiceRecord = {
      id: serviceId,
      shop: shop.domain,
      serviceName: name,
      handle: slug(name),
      callbackUrl,
      inventoryManagement: bool(args.inventoryManagement) ?? false,
      trackingSupport: bool(args.trackingSupport) ?? false,
      requiresShippingMethod: bool(args.requiresShippingMethod) ?? true,
      locationId: location.id,
    };
    state.fulfillmentServices.set(service.id, service);
    return { __typename: "FulfillmentServiceCreatePayload", fulfillmentService: fulfillmentServiceView(ctx, service), userErrors: [] };
  },

  fulfillmentServiceUpdate: (args: Args, ctx: ResolverContext) => {
    const { state, shop } = ctx;
    const service = state.owned(state.fulfillmentServices, parseGid(args.id, "FulfillmentService"), shop.domain);
    const payload = (fulfillmentService: View | null, userErrors: View[]) => ({
      __typename: "FulfillmentServiceUpdatePayload",
      fulfillmentService,
      userErrors,
    });
    if (!service) return payload(null, [userError(["id"], "Fulfillment service could not be found.")]);
    const callbackUrl = args.callbackUrl === undefined ? service.callbackUrl : str(args.callbackUrl);
    if (!validCallbackUrl(callbackUrl)) return payload(null, [userError(["callbackUrl"], "Callback url is invalid")]);
    const name = str(args.name)?.trim();
    if (name) {
      service.serviceName = name;
      const location = state.locations.get(service.locationId);
      if (location) location.name = name;
    }
    service.callbackUrl = callbackUrl;
    service.inventoryManagement = bool(args.inventoryManagement) ?? service.inventoryManagement;
    service.trackingSupport = bool(args.trackingSupport) ?? service.trackingSupport;
    service.requiresShippingMethod = bool(args.requiresShippingMethod) ?? service.requiresShippingMethod;
    return payload(fulfillmentServiceView(ctx, service), []);
  },

  /** The service goes; its location is deactivated (inventoryAction is recorded, not simulated). */
  fulfillmentServiceDelete: (args: Args, ctx: ResolverContext) => {
    const { state, shop } = ctx;
    const service = state.owned(state.fulfillmentServices, parseGid(args.id, "FulfillmentService"), shop.domain);
    if (!service) {
      return {
        __typename: "FulfillmentServiceDeletePayload",
        deletedId: null,
        userErrors: [userError(["id"], "Fulfillment service could not be found.")],
      };
    }
    state.fulfillmentServices.delete(service.id);
    const location = state.locations.get(service.locationId);
    if (location) {
      location.isActive = false;
      location.fulfillmentServiceId = null;
      location.deactivatedAt = state.timestamp();
    }
    return { __typename: "FulfillmentServiceDeletePayload", deletedId: gid("FulfillmentService", service.id), userErrors: [] };
  },

  /** Moves a location (a fulfillment service's, typically to its warehouse's country) or renames it. */
  locationEdit: (args: Args, ctx: ResolverContext) => {
    const { state, shop } = ctx;
    const location = state.owned(state.locations, parseGid(args.id, "Location"), shop.domain);
    const payload = (view: View | null, userErrors: View[]) => ({ __typename: "LocationEditPayload", location: view, userErrors });
    if (!location) return payload(null, [userError(["id"], "Location not found.", "NOT_FOUND")]);
    const input = obj(args.input);
    const name = str(input.name);
    if (name !== null) {
      if (name.trim() === "") return payload(null, [userError(["input", "name"], "Name can't be blank", "BLANK")]);
      location.name = name.trim();
    }
    if (typeof input.fulfillsOnlineOrders === "boolean") {
      if (location.fulfillmentServiceId !== null) {
        return payload(null, [
          userError(
            ["input", "fulfillsOnlineOrders"],
            "Cannot modify online order fulfillment for a fulfillment service location.",
            "CANNOT_MODIFY_ONLINE_ORDER_FULFILLMENT_FOR_FS_LOCATION",
          ),
        ]);
      }
      location.fulfillsOnlineOrders = input.fulfillsOnlineOrders;
    }
    const address = obj(input.address);
    for (const key of ["address1", "address2", "city", "zip", "phone", "provinceCode", "countryCode"] as const) {
      if (key in address) location.address[key] = str(address[key]);
    }
    if (typeof address.countryCode === "string") location.address.country = countryNames.of(address.countryCode) ?? null;
    location.updatedAt = state.timestamp();
    return payload(locationView(ctx, location), []);
  },
};
