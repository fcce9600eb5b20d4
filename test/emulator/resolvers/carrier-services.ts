/** Carrier services: where Shopify asks the app for checkout shipping rates. */
import { gid, parseGid } from "../ids";
import type { CarrierServiceRecord } from "../state";
import { connection } from "./connection";
import { compare, search } from "./search";
import { bool, obj, str, type Args, type ResolverContext, type View } from "./types";

export function carrierServiceView(service: CarrierServiceRecord): View {
  return {
    __typename: "DeliveryCarrierService",
    id: gid("DeliveryCarrierService", service.id),
    name: service.name,
    formattedName: `${service.name} (Rates provided by app)`,
    callbackUrl: service.callbackUrl,
    active: service.active,
    supportsServiceDiscovery: service.supportsServiceDiscovery,
  };
}

/** The emulator's wording of Shopify's refusal; Shopify documents the rule, not the exact words. */
export const CARRIER_CALCULATED_SHIPPING_REQUIRED = "Carrier calculated shipping is not available on this shop's plan";

function carrierError(typename: string, field: string[], message: string, code: string): View {
  return { __typename: typename, field, message, code };
}

function validUrl(value: string | null): boolean {
  try {
    return value !== null && ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const carrierServiceQueries = {
  carrierServices: (args: Args, ctx: ResolverContext) => {
    const services = search(
      ctx.state.inShop(ctx.state.carrierServices, ctx.shop.domain),
      args.query,
      { active: (s, v) => String(s.active) === v, id: (s, v, op) => compare(s.id, v, op) },
      (s) => s.name,
    );
    return connection("DeliveryCarrierService", services, args, carrierServiceView);
  },
  carrierService: (args: Args, ctx: ResolverContext) => {
    const service = ctx.state.owned(ctx.state.carrierServices, parseGid(args.id, "DeliveryCarrierService"), ctx.shop.domain);
    return service ? carrierServiceView(service) : null;
  },
};

export const carrierServiceMutations = {
  carrierServiceCreate: (args: Args, ctx: ResolverContext) => {
    const input = obj(args.input);
    const name = (str(input.name) ?? "").trim();
    const callbackUrl = str(input.callbackUrl);
    const payload = (service: CarrierServiceRecord | null, userErrors: View[]) => ({
      __typename: "CarrierServiceCreatePayload",
      carrierService: service ? carrierServiceView(service) : null,
      userErrors,
    });
    const fail = (field: string, message: string) =>
      payload(null, [carrierError("CarrierServiceCreateUserError", ["input", field], message, "CARRIER_SERVICE_CREATE_FAILED")]);
    // Shopify refuses the whole service, not a field, when the plan lacks carrier-calculated shipping.
    if (ctx.shop.carrierCalculatedShipping === false) {
      return payload(null, [
        carrierError("CarrierServiceCreateUserError", ["base"], CARRIER_CALCULATED_SHIPPING_REQUIRED, "CARRIER_SERVICE_CREATE_FAILED"),
      ]);
    }
    if (name === "") return fail("name", "Name can't be blank");
    if (!validUrl(callbackUrl) || callbackUrl === null) return fail("callbackUrl", "Callback url is not a valid URL");
    if (ctx.state.inShop(ctx.state.carrierServices, ctx.shop.domain).some((s) => s.name === name)) {
      return fail("name", `${name} is already configured`);
    }
    const service: CarrierServiceRecord = {
      id: ctx.state.newId(),
      shop: ctx.shop.domain,
      name,
      callbackUrl,
      active: bool(input.active) ?? false,
      supportsServiceDiscovery: bool(input.supportsServiceDiscovery) ?? false,
    };
    ctx.state.carrierServices.set(service.id, service);
    return payload(service, []);
  },

  carrierServiceUpdate: (args: Args, ctx: ResolverContext) => {
    const input = obj(args.input);
    const service = ctx.state.owned(ctx.state.carrierServices, parseGid(input.id, "DeliveryCarrierService"), ctx.shop.domain);
    const payload = (view: View | null, userErrors: View[]) => ({
      __typename: "CarrierServiceUpdatePayload",
      carrierService: view,
      userErrors,
    });
    if (!service) {
      return payload(null, [
        carrierError("CarrierServiceUpdateUserError", ["input", "id"], "Carrier service not found", "CARRIER_SERVICE_UPDATE_FAILED"),
      ]);
    }
    const callbackUrl = str(input.callbackUrl);
    if (callbackUrl !== null && !validUrl(callbackUrl)) {
      return payload(null, [
        carrierError(
          "CarrierServiceUpdateUserError",
          ["input", "callbackUrl"],
          "Callback url is not a valid URL",
          "CARRIER_SERVICE_UPDATE_FAILED",
        ),
      ]);
    }
    service.name = str(input.name)?.trim() || service.name;
    service.callbackUrl = callbackUrl ?? service.callbackUrl;
    service.active = bool(input.active) ?? service.active;
    service.supportsServiceDiscovery = bool(input.supportsServiceDiscovery) ?? service.supportsServiceDiscovery;
    return payload(carrierServiceView(service), []);
  },

  carrierServiceDelete: (args: Args, ctx: ResolverContext) => {
    const service = ctx.state.owned(ctx.state.carrierServices, parseGid(args.id, "DeliveryCarrierService"), ctx.shop.domain);
    if (!service) {
      return {
        __typename: "CarrierServiceDeletePayload",
        deletedId: null,
        userErrors: [carrierError("CarrierServiceDeleteUserError", ["id"], "Carrier service not found", "CARRIER_SERVICE_DELETE_FAILED")],
      };
    }
    ctx.state.carrierServices.delete(service.id);
    return { __typename: "CarrierServiceDeletePayload", deletedId: gid("DeliveryCarrierService", service.id), userErrors: [] };
  },
};
