/**
 * Shopify global ids of the resources this layer hands back and takes again, branded so a
 * fulfilment id cannot be passed where an inventory item id is due. They are created only by parsing
 * Shopify's answers (or input the caller validated). Fulfillment order, line and location ids are
 * the connector's own, re-exported so callers have one place to import ids from.
 */
import { z } from "zod";

export { FulfillmentOrderGid, FulfillmentOrderLineItemGid, LocationGid, legacyIdOf } from "~/connector/fulfillment-order";

/** `gid://shopify/<Type>/<digits>`; InventoryLevel-style query suffixes are not used for these types. */
function gid<T extends string>(type: T) {
  return z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`), { error: `must be a gid://shopify/${type}/… id` });
}

export const FulfillmentGid = gid("Fulfillment").brand<"FulfillmentGid">();
export type FulfillmentGid = z.infer<typeof FulfillmentGid>;
export const FulfillmentEventGid = gid("FulfillmentEvent").brand<"FulfillmentEventGid">();
export type FulfillmentEventGid = z.infer<typeof FulfillmentEventGid>;
export const FulfillmentServiceGid = gid("FulfillmentService").brand<"FulfillmentServiceGid">();
export type FulfillmentServiceGid = z.infer<typeof FulfillmentServiceGid>;
export const CarrierServiceGid = gid("DeliveryCarrierService").brand<"CarrierServiceGid">();
export type CarrierServiceGid = z.infer<typeof CarrierServiceGid>;
export const InventoryItemGid = gid("InventoryItem").brand<"InventoryItemGid">();
export type InventoryItemGid = z.infer<typeof InventoryItemGid>;
export const InventoryAdjustmentGroupGid = gid("InventoryAdjustmentGroup").brand<"InventoryAdjustmentGroupGid">();
export type InventoryAdjustmentGroupGid = z.infer<typeof InventoryAdjustmentGroupGid>;
export const ProductVariantGid = gid("ProductVariant").brand<"ProductVariantGid">();
export type ProductVariantGid = z.infer<typeof ProductVariantGid>;
export const OrderGid = gid("Order").brand<"OrderGid">();
export type OrderGid = z.infer<typeof OrderGid>;
