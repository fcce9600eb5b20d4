/** The provider's records of the merchant's SKUs (operation 20), as last read, with their approval status. */
import type { ProviderSku } from "@prisma/client";
import { productSearchText } from "~/connector/product-state";
import type { MerchantSku } from "~/fulfilment";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { restateVariants } from "./product-states.server";
import { providerSkuTitle, StoredProviderRecord } from "./provider-sku-record";

/** Stores the records; the variants sold as these SKUs are worked out again with them (decision 0053). */
export function saveProviderSkus(db: DatabaseOrTransaction, shop: string, records: readonly MerchantSku[], readAt: Date): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  return inTransaction(db, async (tx) => {
    for (const record of records) {
      const data = {
        record: JSON.stringify(record),
        approvalStatus: record.ApprovalStatus ?? null,
        readAt,
        searchText: productSearchText(providerSkuTitle(record), record.Sku, null),
      };
      await tx.providerSku.upsert({
        where: { shop_sku: { shop, sku: record.Sku } },
        create: { shop, sku: record.Sku, ...data },
        update: data,
      });
    }
    await restateVariants(tx, shop, { providerSkus: records.map((record) => record.Sku) });
  });
}

/** Once a full read is complete: SKUs the provider no longer lists; the variants sold as them are no longer registered. */
export function forgetProviderSkusReadBefore(db: DatabaseOrTransaction, shop: string, readAt: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const gone = await tx.providerSku.findMany({ where: { shop, readAt: { lt: readAt } }, select: { sku: true } });
    if (gone.length === 0) return 0;
    const { count } = await tx.providerSku.deleteMany({ where: { shop, readAt: { lt: readAt } } });
    await restateVariants(tx, shop, { providerSkus: gone.map((row) => row.sku) });
    return count;
  });
}

/** The provider's record of each SKU, by SKU; a record that no longer parses is left out (the next read replaces it). */
export async function providerSkusOf(
  db: DatabaseOrTransaction,
  shop: string,
  skus?: readonly string[],
): Promise<Map<string, { record: MerchantSku; approvalStatus: string | null; readAt: Date }>> {
  const rows: ProviderSku[] = await db.providerSku.findMany({ where: { shop, ...(skus === undefined ? {} : { sku: { in: [...skus] } }) } });
  const bySku = new Map<string, { record: MerchantSku; approvalStatus: string | null; readAt: Date }>();
  for (const row of rows) {
    const parsed = StoredProviderRecord.safeParse(row.record);
    if (parsed.success) bySku.set(row.sku, { record: parsed.data, approvalStatus: row.approvalStatus, readAt: row.readAt });
  }
  return bySku;
}
