/**
 * The shop's settings as the pipeline reads them: the connector's routing settings built from the
 * stored ShopSettings and the shop's Shopify locations. A warehouse's origin country is its
 * fulfillment-service location's country; a drop-ship sender is the merchant location's name and
 * address. SKU mapping, kits, customs defaults, tax numbers and cash-on-delivery gateways pass through as
 * the merchant set them. Pure.
 */
import { ConnectorSettings } from "~/connector";
import type { Kits } from "~/connector/kits";
import type { ShopSettings } from "~/stores/shops/shop-settings";
import type { LocationBrief, PipelineSettings } from "./ports";

/** A setting that cannot become a route, said in words for the settings page and the logs. */
export interface RouteProblem {
  locationId: string;
  message: string;
}

const services = (rules: {
  defaultService: string | null;
  byCountry: Record<string, string>;
  byShippingMethod: Record<string, string>;
}) => ({
  byCountry: rules.byCountry,
  byShippingMethod: rules.byShippingMethod,
  ...(rules.defaultService === null ? {} : { default: rules.defaultService }),
});

/** The Shopify locations the shop's routes stand on: enabled warehouses' and drop-ship locations. */
export function locationsNamedBy(shop: ShopSettings): string[] {
  const warehouses = shop.warehouses.flatMap((warehouse) =>
    warehouse.enabled && warehouse.shopifyLocationId !== null ? [warehouse.shopifyLocationId] : [],
  );
  return [...warehouses, ...(shop.dropShip?.merchantLocationIds ?? [])];
}

export function pipelineSettingsOf(
  shop: ShopSettings,
  locations: readonly LocationBrief[],
  /** The shop's kits (their own table, not the stored settings). */
  kits: Kits = {},
): { settings: PipelineSettings; problems: RouteProblem[] } {
  const byId = new Map(locations.map((location) => [location.id, location]));
  const problems: RouteProblem[] = [];
  const routes: unknown[] = [];

  for (const warehouse of shop.warehouses) {
    if (!warehouse.enabled || warehouse.shopifyLocationId === null) continue;
    const country = byId.get(warehouse.shopifyLocationId)?.address.countryCode;
    if (!country) {
      problems.push({
        locationId: warehouse.shopifyLocationId,
        message: `The Shopify location of warehouse ${warehouse.warehouseId} has no country.`,
      });
      continue;
    }
    routes.push({
      kind: "OUTBOUND",
      locationId: warehouse.shopifyLocationId,
      warehouseId: warehouse.warehouseId,
      originCountry: country,
      services: services(warehouse.services),
    });
  }

  for (const locationId of shop.dropShip?.merchantLocationIds ?? []) {
    const location = byId.get(locationId);
    const address = location?.address;
    if (!location || !address?.address1 || !address.city || !address.countryCode) {
      problems.push({
        locationId,
        message: `The drop-ship location ${location?.name ?? locationId} needs a street, city and country in Shopify: they are the sender's address.`,
      });
      continue;
    }
    routes.push({
      kind: "DROPSHIP",
      locationId,
      handlingLocation: shop.dropShip?.handlingLocation,
      sender: {
        name: location.name,
        address1: address.address1,
        ...(address.address2 ? { address2: address.address2 } : {}),
        city: address.city,
        ...(address.provinceCode ? { province: address.provinceCode } : {}),
        ...(address.zip ? { zip: address.zip } : {}),
        countryCode: address.countryCode,
      },
      services: services(shop.dropShip?.services ?? { defaultService: null, byCountry: {}, byShippingMethod: {} }),
    });
  }

  const { ioss, euVatNumber, ukVatNumber } = shop.taxIds;
  const connector = ConnectorSettings.parse({
    routes,
    checkoutWarehouses: shop.warehouses.map(({ warehouseId, enabled, country, services }) => ({
      warehouseId,
      enabled,
      country,
      services: { defaultService: services.defaultService, byCountry: services.byCountry },
    })),
    skus: shop.skus,
    kits,
    customs: {
      ...(shop.customs.declareNameEn ? { fallbackDeclaredName: shop.customs.declareNameEn } : {}),
      ...(shop.customs.hsCode ? { defaultHsCode: shop.customs.hsCode } : {}),
      declaredValueCurrency: shop.customs.declaredValueCurrency,
    },
    taxIds: {
      ...(ioss === null ? {} : { ioss }),
      ...(euVatNumber === null ? {} : { euVatNumber }),
      ...(ukVatNumber === null ? {} : { ukVatNumber }),
    },
    codGatewayNames: shop.codGatewayNames,
    orders: shop.orders,
  });
  const handlingDays = Object.fromEntries(
    shop.warehouses.flatMap((w) => (w.handlingDays === null ? [] : [[w.warehouseId, w.handlingDays]])),
  );
  return {
    settings: {
      connector,
      notifyCustomer: shop.notifyCustomer,
      pushPolicy: shop.pushPolicy,
      afterSending: shop.afterSending,
      handlingDays,
    },
    problems,
  };
}
