/** What a stock sync did, kept on its run (SyncRun.result) for the Stock page. */
import { z } from "zod";
import { Say } from "~/lib/words/reason-said";

const Change = z.object({
  warehouseId: z.string(),
  sku: z.string(),
  variant: z.string(),
  before: z.number().nullable(),
  after: z.number(),
});

export const StockSyncResult = z.object({
  warehouses: z.array(
    z.object({
      warehouseId: z.string(),
      /** SKUs the provider reported stock for. */
      providerSkus: z.number(),
      changed: z.number(),
      unchanged: z.number(),
      /** Items stocked at the location for the first time. */
      activated: z.number(),
      /** Why the warehouse was not synced, if it was not. */
      problem: z.string().nullable().default(null),
      /** The problem's sentence (`runSays`), said again in the admin's language; none on older runs. */
      problemSay: Say.nullable().default(null),
      /** Units the provider reported at the warehouse, all SKUs together. */
      providerUnits: z.number().default(0),
      /** Variants given a quantity above 0 at the location: what Shopify can sell there. */
      stocked: z.number().default(0),
      /** Variants whose quantity at the location the sync set, then read back from Shopify. */
      checked: z.number().default(0),
      /** Of those, the ones whose quantity in Shopify, read back, is not what the provider holds. */
      mismatched: z.number().default(0),
    }),
  ),
  /** Quantities read back from Shopify after the sync that are not what was written (at most 50). */
  mismatches: z
    .array(z.object({ warehouseId: z.string(), sku: z.string(), shopify: z.number().nullable(), provider: z.number() }))
    .default([]),
  /** Each quantity changed in Shopify (before null: newly stocked there). At most the first 500. */
  changes: z.array(Change),
  changesLeftOut: z.number().default(0),
  /** The provider stocks it, but no Shopify variant is that SKU: Shopify cannot sell it. */
  providerOnly: z.array(z.object({ warehouseId: z.string(), sku: z.string(), total: z.number() })),
  /** Stocked at the warehouse's location in Shopify, but unknown to the provider there: set to 0. */
  unknownToProvider: z.array(z.object({ warehouseId: z.string(), sku: z.string(), variant: z.string() })),
  /** Shopify does not track the variant's inventory: no quantity can be written for it. */
  notTracked: z.array(z.object({ sku: z.string(), variant: z.string() })),
  /** Several variants are one provider SKU: the warehouse's stock cannot be split between them. */
  sharedSkus: z.array(z.object({ sku: z.string(), variants: z.array(z.string()) })),
  /** Quantities Shopify refused, with its reason (and its sentence, `say`, since it had one). */
  refused: z.array(z.object({ warehouseId: z.string(), sku: z.string(), message: z.string(), say: Say.optional() })),
  /**
   * What the sync left for the merchant (a digest of the problems), and the sync that first found
   * that same set in a row: the event an alert is told for once (flows/stock/sync.server.ts).
   */
  problemsFound: z.object({ digest: z.string(), since: z.string() }).nullable().default(null),
});
export type StockSyncResult = z.infer<typeof StockSyncResult>;

export function parseStockSyncResult(text: string | null): StockSyncResult | null {
  if (text === null) return null;
  try {
    const parsed = StockSyncResult.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
