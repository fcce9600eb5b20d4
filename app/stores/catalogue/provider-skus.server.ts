/** The provider's records of the merchant's SKUs (operation 20), as last read, with their approval status. */
import type { ProviderSku } from "@prisma/client";
import { z } from "zod";
import { MerchantSku } from "~/fulfilment";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export async function saveProviderSkus(
  db: DatabaseOrTransaction,
  shop: string,
  records: readonly MerchantSku[],
  readAt: Date,
): Promise<void> {
  for (const record of records) {
    const data = { record: JSON.stringify(record), approvalStatus: record.ApprovalStatus ?? null, readAt };
    await db.providerSku.upsert({
      where: { shop_sku: { shop, sku: record.Sku } },
      create: { shop, sku: record.Sku, ...data },
      update: data,
    });
  }
}

/** Once a full read is complete: SKUs the provider no longer lists. */
export async function forgetProviderSkusReadBefore(db: DatabaseOrTransaction, shop: string, readAt: Date): Promise<number> {
  return (await db.providerSku.deleteMany({ where: { shop, readAt: { lt: readAt } } })).count;
}

const StoredRecord = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "is not JSON" });
      return z.NEVER;
    }
  })
  .pipe(MerchantSku);

/** The provider's record of each SKU, by SKU; a record that no longer parses is left out (the next read replaces it). */
export async function providerSkusOf(
  db: DatabaseOrTransaction,
  shop: string,
): Promise<Map<string, { record: MerchantSku; approvalStatus: string | null; readAt: Date }>> {
  const rows: ProviderSku[] = await db.providerSku.findMany({ where: { shop } });
  const bySku = new Map<string, { record: MerchantSku; approvalStatus: string | null; readAt: Date }>();
  for (const row of rows) {
    const parsed = StoredRecord.safeParse(row.record);
    if (parsed.success) bySku.set(row.sku, { record: parsed.data, approvalStatus: row.approvalStatus, readAt: row.readAt });
  }
  return bySku;
}
