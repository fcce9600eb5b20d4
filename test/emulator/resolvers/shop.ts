/** The shop the access token belongs to. */
import { gid } from "../ids";
import { shopAssignedFulfillmentOrders } from "./fulfillment-orders";
import { appView } from "./common";
import { fulfillmentServiceView } from "./locations";
import type { Args, ResolverContext, View } from "./types";

export function shopView(ctx: ResolverContext): View {
  const { shop, state } = ctx;
  const a = shop.address;
  return {
    __typename: "Shop",
    id: gid("Shop", shop.id),
    name: shop.name,
    myshopifyDomain: shop.domain,
    email: shop.email,
    contactEmail: shop.email,
    shopOwnerName: `${shop.name} owner`,
    currencyCode: shop.currencyCode,
    enabledPresentmentCurrencies: [shop.currencyCode],
    weightUnit: shop.weightUnit,
    ianaTimezone: shop.ianaTimezone,
    url: `https://${shop.domain}`,
    primaryDomain: { __typename: "Domain", id: gid("Domain", shop.id), host: shop.domain, url: `https://${shop.domain}`, sslEnabled: true },
    plan: { __typename: "ShopPlan", partnerDevelopment: true, shopifyPlus: false, publicDisplayName: "Development" },
    shipsToCountries: ["US", "CA", "GB", "DE", "FR", "IT", "ES", "NL", "JP", "AU"],
    shopAddress: {
      __typename: "ShopAddress",
      id: gid("ShopAddress", shop.id),
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      province: a.province,
      provinceCode: a.provinceCode,
      country: a.country,
      countryCodeV2: a.countryCode,
      zip: a.zip,
      phone: a.phone,
      company: null,
      coordinatesValidated: false,
      latitude: a.latitude,
      longitude: a.longitude,
    },
    fulfillmentServices: () => state.inShop(state.fulfillmentServices, shop.domain).map((s) => fulfillmentServiceView(ctx, s)),
    assignedFulfillmentOrders: (args: Args) => shopAssignedFulfillmentOrders(args, ctx),
  };
}

/** The app's installation on the shop (`currentAppInstallation`): the scopes granted now, as Shopify holds them. */
export function currentAppInstallationView(ctx: ResolverContext): View {
  return {
    __typename: "AppInstallation",
    id: gid("AppInstallation", ctx.shop.id),
    app: appView(),
    accessScopes: ctx.shop.scopes.map((handle) => ({ __typename: "AccessScope", handle, description: handle })),
  };
}
