/**
 * A kit's components as the merchant enters them: rows of a provider SKU and its units per kit.
 * Read the same way in the browser and on the server (conform, decision 0012), against the
 * provider's SKUs as the app last read them; each error names the component's row and what is
 * wrong with it.
 */
import { z } from "zod";
import type { KitComponent } from "~/connector/kits";
import { rows, text } from "~/lib/form-values";
import type { Words } from "~/lib/words";

/** The largest count the provider takes in a SKU line (a 32-bit integer). */
const MOST_PER_KIT = 2_147_483_647;

const Row = z.object({ sku: text, quantity: text });

/** `providerSkus`: the SKUs the provider knows, as last read; each error in `words`, the admin's language. */
export function kitFormOf(providerSkus: ReadonlySet<string>, words: Words) {
  const errors = words.kitPage.errors;
  return z
    .object({ components: rows(Row, ["sku", "quantity"]) })
    .superRefine(({ components }, context) => {
      const entries = Object.entries(components).sort(([a], [b]) => Number(a) - Number(b));
      if (entries.length === 0) {
        context.addIssue({
          code: "custom",
          path: ["components"],
          message: errors.noComponent,
        });
        return;
      }
      const seen = new Map<string, number>();
      entries.forEach(([id, row], index) => {
        const component = String(index + 1);
        const at = (column: string) => ["components", id, column];
        const first = seen.get(row.sku);
        if (row.sku === "") context.addIssue({ code: "custom", path: at("sku"), message: errors.skuRequired(component) });
        else if (!providerSkus.has(row.sku))
          context.addIssue({ code: "custom", path: at("sku"), message: errors.notProviderSku(component, row.sku) });
        else if (first !== undefined)
          context.addIssue({ code: "custom", path: at("sku"), message: errors.twice(component, row.sku, String(first)) });
        if (row.sku !== "" && !seen.has(row.sku)) seen.set(row.sku, index + 1);
        const quantity = Number(row.quantity);
        if (!/^\d+$/.test(row.quantity) || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > MOST_PER_KIT)
          context.addIssue({
            code: "custom",
            path: at("quantity"),
            message: row.quantity === "" ? errors.units(component) : errors.unitsNot(component, row.quantity),
          });
      });
    })
    .transform(({ components }): KitComponent[] =>
      Object.entries(components)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, row]) => ({ sku: row.sku, quantity: Number(row.quantity) })),
    );
}
