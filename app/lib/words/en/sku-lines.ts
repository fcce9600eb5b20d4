/**
 * The SKU picker and the parcels packed with SKUs (an inbound shipment's boxes, a bulk shipment's
 * packages), shared by the pages that use them. A parcel is named with its number ("Box 2").
 */

/** What the merchant reads about one kind of parcel, numbered as it is on the form. */
const parcel = (one: string, lower: string) => ({
  title: (number: string) => `${one} ${number}`,
  add: `Add a ${lower}`,
  remove: `Remove ${lower}`,
  removeNumbered: (number: string) => `Remove ${lower} ${number}`,
  addSku: (number: string) => `Add a SKU to ${lower} ${number}`,
  removeSku: (sku: string, number: string) => `Remove ${sku} from ${lower} ${number}`,
  quantityOf: (sku: string, number: string) => `Quantity of ${sku} in ${lower} ${number}`,
});

export const skuLines = {
  picker: {
    addSku: "Add a SKU",
    search: "Search by product or SKU",
    noMatch: (query: string) => `No SKU matches “${query}”.`,
  },
  /** A shop whose catalogue was never read has nothing to pick. */
  emptyCatalogue: "Your catalogue has no SKUs yet: it is read from Shopify on the Products page.",
  removeLine: "Remove",
  quantity: "Qty",
  parcels: {
    box: parcel("Box", "box"),
    package: parcel("Package", "package"),
  },
  /** A line as the shipment's page lists it: "24 × Green tea (TEA-100G)", or the provider's SKU beside it. */
  line: (quantity: string, name: string, sku: string) => `${quantity} × ${name} (${sku})`,
  lineSentAs: (quantity: string, name: string, sku: string, providerSku: string) =>
    `${quantity} × ${name} (${sku}, sent as ${providerSku})`,
};
