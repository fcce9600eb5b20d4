/** The shop's kits: each kit variant's store SKU with its components, as the merchant set them on the Products page. */
import type { KitComponent, Kits } from "~/connector/kits";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { restateVariants } from "./product-states.server";

/** Every kit of the shop, its components in the merchant's order. */
export async function kitsOf(db: DatabaseOrTransaction, shop: string): Promise<Kits> {
  const rows = await db.kitComponent.findMany({ where: { shop }, orderBy: [{ kitSku: "asc" }, { position: "asc" }] });
  const kits: Kits = {};
  for (const row of rows) (kits[row.kitSku] ??= []).push({ sku: row.componentSku, quantity: row.quantity });
  return kits;
}

/** One kit's components; empty when the SKU is not a kit. */
export async function kitOf(db: DatabaseOrTransaction, shop: string, kitSku: string): Promise<KitComponent[]> {
  const rows = await db.kitComponent.findMany({ where: { shop, kitSku }, orderBy: { position: "asc" } });
  return rows.map((row) => ({ sku: row.componentSku, quantity: row.quantity }));
}

/** The kit's components become these, all at once; none removes the kit mapping. Its variants' state goes with it. */
export function saveKit(db: DatabaseOrTransaction, shop: string, kitSku: string, components: readonly KitComponent[]): Promise<void> {
  return inTransaction(db, async (tx) => {
    await tx.kitComponent.deleteMany({ where: { shop, kitSku } });
    if (components.length > 0)
      await tx.kitComponent.createMany({
        data: components.map((component, position) => ({
          shop,
          kitSku,
          componentSku: component.sku,
          quantity: component.quantity,
          position,
        })),
      });
    await restateVariants(tx, shop, { skus: [kitSku] });
  });
}
