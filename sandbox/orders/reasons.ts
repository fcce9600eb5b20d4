/**
 * Why an order could not be created, in words a merchant can act on: ReasonCode for programs,
 * ReasonText for people, ExtendMessage with what to do instead (which services would deliver, ...).
 */
import type { Reason } from "../state";
import { services, type ShippingService } from "../world";

export const reasons = {
  serviceNotFound: (code: string): Reason => ({
    ReasonCode: "ServiceNotFound",
    ReasonText: `Service ${code} does not exist`,
    ExtendMessage: `Known services: ${services.map((s) => s.code).join(", ")}`,
  }),
  serviceNotAtWarehouse: (service: ShippingService, warehouseId: string): Reason => ({
    ReasonCode: "ServiceNotAvailable",
    ReasonText: `Service ${service.code} does not ship from warehouse ${warehouseId}`,
    ExtendMessage: `Services of ${warehouseId}: ${services
      .filter((s) => s.warehouseId === warehouseId)
      .map((s) => s.code)
      .join(", ")}`,
  }),
  destinationNotServed: (service: ShippingService, country: string, alternatives: readonly ShippingService[]): Reason => ({
    ReasonCode: "DestinationNotServed",
    ReasonText: `Service ${service.code} does not deliver to ${country || "an empty country"}`,
    ExtendMessage:
      alternatives.length > 0
        ? `Services that deliver to ${country}: ${alternatives.map((s) => s.code).join(", ")}`
        : `No service delivers to ${country}`,
  }),
  skuNotFound: (sku: string): Reason => ({
    ReasonCode: "SkuNotFound",
    ReasonText: `SKU ${sku} is not registered`,
    ExtendMessage: "Register the SKU (merchant SKU) and send stock in before shipping it",
  }),
  insufficientStock: (sku: string, wanted: number, inStock: number, warehouseId: string): Reason => ({
    ReasonCode: "InsufficientStock",
    ReasonText: `SKU ${sku}: ${wanted} wanted, ${inStock} in stock at ${warehouseId}`,
    ExtendMessage: "Send stock in (inbound shipment) or ship from another warehouse",
  }),
};
