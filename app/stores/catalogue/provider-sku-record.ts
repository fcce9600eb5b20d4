/** The provider's record of a SKU as stored (`ProviderSku.record`, JSON), read back through its schema. */
import { z } from "zod";
import { MerchantSku } from "~/fulfilment";

/** What the Products page names a SKU only the provider has: its customs name, else the SKU. */
export function providerSkuTitle(record: MerchantSku): string {
  return record.DeclareName ?? record.Sku;
}

export const StoredProviderRecord = z
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
