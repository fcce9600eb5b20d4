/**
 * What a catalogue read, a SKU registration or a stock sync says of itself (its progress, then its
 * summary) and the notes a stock sync keeps for a warehouse or a SKU, as the run stores them
 * (decision 0045): a run keeps the key of its sentence here and the arguments, plain strings and
 * numbers, so the admin says it again in the merchant's language; its English `message` is made
 * from this module. "" stands for something not given.
 */
import { formatNumber } from "~/lib/format";

/** A count as the admin writes numbers in English ("12,345"). */
const n = (count: number) => formatNumber(count, "en");
const plural = (count: number, one: string, other: string) => `${n(count)} ${count === 1 ? one : other}`;

export const runSays = {
  askingForCatalogue: () => "Asking Shopify for your catalogue…",
  askingForCatalogueAgain: () => "Asking Shopify for your catalogue again…",
  shopifyReadingCatalogue: () => "Shopify is reading your catalogue…",
  variantsReadSoFar: (count: number) => `Shopify has read ${n(count)} variants so far…`,
  savingVariants: (count: number) => `Saving ${n(count)} variants…`,
  readingProviderSkus: (read: number, total: number) => `Reading the provider's SKUs: ${n(read)} of ${n(total)}…`,
  catalogueNotRead: (errorCode: string) =>
    `Shopify could not read the catalogue (${errorCode === "" ? "no reason given" : errorCode}). Try again in a few minutes.`,
  catalogueRead: (variants: number, withoutSku: number, unreadable: number, providerSkus: number) => {
    const notes = [
      withoutSku > 0 ? `${n(withoutSku)} without a SKU` : null,
      unreadable > 0 ? `${n(unreadable)} lines of Shopify's answer could not be read` : null,
    ].flatMap((note) => (note === null ? [] : [note]));
    return `Read ${n(variants)} variants from Shopify${notes.length ? ` (${notes.join("; ")})` : ""} and ${n(providerSkus)} SKUs from the provider.`;
  },

  registering: (count: number) => `Registering ${n(count)} SKUs with the provider…`,
  registered: (count: number) => `Registered ${plural(count, "SKU", "SKUs")} with the provider.`,
  registeredSomeFailed: (registered: number, failed: number) =>
    `Registered ${plural(registered, "SKU", "SKUs")}; ${n(failed)} could not be: each says why.`,
  readingApproval: (read: number, registered: number) =>
    `Reading the provider's approval of the SKUs registered: ${n(read)} of ${n(registered)}…`,

  readingStock: () => "Reading the provider's stock…",
  waitingForCatalogue: () => "Waiting for your catalogue to be read: the stock is written for the variants it finds…",
  warehouseSynced: (warehouseId: string) => `Synced warehouse ${warehouseId}…`,
  noWarehouseEnabled: () => "Nothing to sync: no warehouse is enabled yet (Settings > Warehouses and routing).",
  catalogueUnreadable: () =>
    "The stock was not synced: your catalogue could not be read from Shopify, so the app does not know which variants the " +
    "provider's SKUs are. Read it again on the Products page; the stock is synced once it is read.",
  stockSynced: (changed: number, unchanged: number, warehouses: number, problems: number) =>
    `Stock synced: ${plural(changed, "quantity", "quantities")} changed, ${n(unchanged)} unchanged` +
    ` at ${plural(warehouses, "warehouse", "warehouses")}` +
    (problems > 0 ? "; see what needs you below." : "."),
  nothingWrittenNoSkus: () =>
    "No stock was written: your catalogue has no variant with a SKU. Give your variants the provider's SKUs in Shopify, then read the catalogue again on the Products page.",
  nothingWrittenNotTracked: (variants: number) =>
    `No stock was written: Shopify does not track the inventory of the ${n(variants)} variants the provider stocks. Turn on "Track quantity" for them in Shopify, then sync again.`,
  nothingWrittenNoMatch: (skus: number) =>
    `No stock was written: the provider holds stock of ${plural(skus, "SKU", "SKUs")}, but none is the SKU of a variant in your store. Give your variants the provider's SKUs, or map them on the Products page, then sync again.`,

  locationNotCreated: () => "Its Shopify location is not created yet: the app creates it after the settings are saved.",
  locationGone: () => "Its Shopify location no longer exists: save the settings again to have it created.",
  countKeptChanging: () => "Shopify's count kept changing while the sync wrote it (orders being fulfilled); the next sync sets it.",
  notStockedAtLocation: (shopifySaid: string) => `Shopify would not stock it at the warehouse's location: ${shopifySaid}`,
  // A registration's answer for one SKU (its row on Products). `providerSku`: the SKU the provider
  // knows it by, "" when it is the store's; `providerSaid`: the provider's refusal, as it said it.
  skuGone: () => "No variant has this SKU any more: refresh the catalogue from Shopify.",
  skuRegistered: (providerSku: string) => `Registered${providerSku === "" ? "" : ` as ${providerSku}`}.`,
  skuAlreadyRegistered: (providerSku: string) => `Already registered${providerSku === "" ? "" : ` as ${providerSku}`}; nothing changed.`,
  skuRefused: (providerSaid: string) => `The provider refused it: ${providerSaid}. Correct it in Shopify or below, then register it again.`,
  skuRefusedUnnamed: () =>
    "The provider refused it without naming a field. Check its weight, size and declared names in Shopify or below, then register it again.",
};
