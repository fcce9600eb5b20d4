import { z } from "zod";

/**
 * Shopify's FulfillmentEventStatus (2026-10): the only values fulfillmentEventCreate accepts. There
 * is no SHIPPED, PICKED_UP, FULFILLED or CANCELED here; those belong to FulfillmentDisplayStatus.
 */
export const FulfillmentEventStatus = z.enum([
  "ATTEMPTED_DELIVERY",
  "CARRIER_PICKED_UP",
  "CONFIRMED",
  "DELAYED",
  "DELIVERED",
  "FAILURE",
  "IN_TRANSIT",
  "LABEL_PRINTED",
  "LABEL_PURCHASED",
  "OUT_FOR_DELIVERY",
  "READY_FOR_PICKUP",
]);
export type FulfillmentEventStatus = z.infer<typeof FulfillmentEventStatus>;
