/**
 * Kits: one variant of the store that the warehouse picks as several of the provider's SKUs (a gift
 * set of three items, a 3-pack of one SKU). Planning sends a kit's line as its components; the
 * stock sync gives the kit what its components allow. Pure (decision 0047).
 */
import { z } from "zod";

export const KitComponent = z.object({
  /** The provider's SKU. */
  sku: z.string().trim().min(1),
  /** Units of it in one kit. */
  quantity: z.number().int().min(1),
});
export type KitComponent = z.infer<typeof KitComponent>;

/** The shop's kits by the store SKU of the kit's variant; each has one component at least. */
export const Kits = z.record(z.string().min(1), z.array(KitComponent).min(1));
export type Kits = z.infer<typeof Kits>;

/** What the warehouse picks for one line: the line itself, or for a kit each component times the kit's units. */
export interface PickedSku {
  readonly sku: string;
  readonly quantity: number;
  /** The component's units in one kit, when the line is a kit's. */
  readonly perKit?: number;
}

/**
 * A package line as the warehouse picks it. The line stays the kit's (its fulfillment order line
 * item is what the fulfilment claims); only what is picked becomes the components. A kit's own
 * mapping wins over a provider SKU set for the same store SKU: the store SKU is the kit's.
 */
export function pickedSkusOf(
  item: { readonly line: { readonly sku: string | null }; readonly sku: string; readonly quantity: number },
  kits: Kits,
): PickedSku[] {
  const storeSku = item.line.sku?.trim() ?? "";
  const components = kits[storeSku];
  if (components === undefined) return [{ sku: item.sku, quantity: item.quantity }];
  return components.map((component) => ({ sku: component.sku, quantity: item.quantity * component.quantity, perKit: component.quantity }));
}

/** How many kits use each component SKU. */
export function kitsUsing(kits: Kits): Map<string, number> {
  const using = new Map<string, number>();
  for (const components of Object.values(kits)) {
    for (const component of components) using.set(component.sku, (using.get(component.sku) ?? 0) + 1);
  }
  return using;
}

/**
 * The kits a warehouse can make, by kit SKU: for each kit, the least over its components of the
 * component's share of `units` divided by its units per kit. A component several kits use is
 * divided evenly among them (whole units; the remainder is left unsold until the next sync), so
 * the same unit is never offered by two kits at once (decision 0047).
 */
export function kitsAvailable(kits: Kits, units: (sku: string) => number): Map<string, number> {
  const using = kitsUsing(kits);
  const available = new Map<string, number>();
  for (const [kitSku, components] of Object.entries(kits)) {
    const made = components.map((component) => {
      const share = Math.floor(Math.max(0, units(component.sku)) / (using.get(component.sku) ?? 1));
      return Math.floor(share / component.quantity);
    });
    available.set(kitSku, Math.min(...made));
  }
  return available;
}
