/**
 * What a fulfilment may claim: the lines a package carried, as far as the fulfillment order still
 * has them. An edit, a move or a split in Shopify after the package was sent takes lines (or units)
 * off the fulfillment order; the parcel still carries them, but Shopify refuses a fulfilment of
 * what the fulfillment order no longer holds. So the fulfilment claims the rest, and what could not
 * be claimed is said. Pure.
 */

export interface ClaimLine {
  /** The fulfillment order line item. */
  id: string;
  quantity: number;
}

export interface Claim {
  /** What the fulfilment names: each planned line, up to what remains of it on the fulfillment order. */
  lines: ClaimLine[];
  /** Units the package carried that the fulfillment order no longer has. */
  unclaimed: ClaimLine[];
}

export function claimOf(planned: readonly ClaimLine[], remaining: readonly { id: string; remainingQuantity: number }[]): Claim {
  const left = new Map<string, number>();
  for (const line of remaining) left.set(line.id, (left.get(line.id) ?? 0) + Math.max(0, line.remainingQuantity));
  const lines: ClaimLine[] = [];
  const unclaimed: ClaimLine[] = [];
  for (const line of planned) {
    const available = left.get(line.id) ?? 0;
    const take = Math.min(line.quantity, available);
    left.set(line.id, available - take);
    if (take > 0) lines.push({ id: line.id, quantity: take });
    if (line.quantity > take) unclaimed.push({ id: line.id, quantity: line.quantity - take });
  }
  return { lines, unclaimed };
}
