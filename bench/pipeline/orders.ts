/**
 * What the pipeline benchmark sells: SKUs the provider's US01 warehouse stocks, so an order is an
 * outbound package until the shop's stock there runs out, then drop-ship.
 */
export const BENCH_SKUS = [
  "MUG-CER-350-WHT",
  "TSHIRT-ORG-M-BLK",
  "TSHIRT-ORG-L-BLK",
  "BOTTLE-SS-750-SLV",
  "PHONECASE-IP15-CLR",
  "SOCKS-WOOL-3P-GRY",
];

/** The n-th order's one line: the SKUs in turn, one or two of each. */
export function benchOrderLine(n: number): { sku: string; quantity: number } {
  return { sku: BENCH_SKUS[n % BENCH_SKUS.length] ?? "MUG-CER-350-WHT", quantity: 1 + (n % 2) };
}
