/**
 * Why a customer's return was not sent to its warehouse, or not restocked (the Returns page), said by
 * its key and arguments (decision 0045) so the page says it in the admin's language. What the
 * provider or Shopify said is quoted as they said it.
 */
export const returnReasons = {
  /** `returnName`: the return as the merchant knows it ("#1001-R1"). */
  noSender: (returnName: string) =>
    `The order has no shipping address with a country: the provider needs where ${returnName} is collected.`,
  /** `title`: the returned line's title, as Shopify names it. */
  noSku: (title: string) => `"${title}" has no SKU, so the provider cannot tell what comes back: give the variant its SKU in Shopify.`,
  noService: (warehouseId: string, country: string) =>
    `No service of warehouse ${warehouseId} is set for ${country} or as its default: add one in Settings > Warehouses and routing.`,
  /** `item`: the line's SKU, or its title when it has none. */
  noWeight: (item: string) =>
    `Shopify has no weight for ${item}, and the provider needs the parcel's weight: enter it on the product in Shopify.`,
  /** `fields`: each field the provider refused and its message, as it said them. */
  providerRefused: (fields: string) => `The provider refused the return order: ${fields}`,
  providerGaveNoReason: () => "The provider could not create the return order.",
  /** `shopifySaid`: Shopify's refusal, in Shopify's words. */
  restockRefused: (returnName: string, shopifySaid: string) =>
    `Shopify would not restock ${returnName} at the warehouse's location: ${shopifySaid}`,
};
