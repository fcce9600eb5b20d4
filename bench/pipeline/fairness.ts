/**
 * Whether many shops at once are served alike (issue 28): each shop's placed-to-accepted p99 set
 * against the median shop's. A queue that let one busy shop's jobs crowd out the others would show
 * here as a slowest shop far behind the median, even while the figures over all orders look fine.
 */
import { percentiles, type Percentiles } from "./latencies";

/** The slowest shop may take at most this many times the median shop's p99. */
export const SLOWEST_TO_MEDIAN_AT_MOST = 2;
/** Every shop's placed-to-accepted p99 under this (the single shop's target, docs/benchmarks.md). */
export const SHOP_P99_UNDER_MS = 10_000;

export interface ShopLatency {
  shop: string;
  /** Placed to accepted by the provider, over the shop's orders; null when none was accepted. */
  figures: Percentiles | null;
}

export interface Fairness {
  /** The shops, slowest p99 first; a shop with nothing measured counts as slowest of all. */
  shops: ShopLatency[];
  /** The median (nearest rank) of the shops' p99s. */
  medianP99Ms: number;
  slowest: { shop: string; p99Ms: number };
  /** The slowest shop's p99 over the median shop's. */
  ratio: number;
  ratioMet: boolean;
  /** Shops whose p99 is not under SHOP_P99_UNDER_MS, or that have nothing measured. */
  shopsOverTarget: string[];
}

export function fairnessOf(shops: ShopLatency[]): Fairness {
  const p99 = (shop: ShopLatency) => shop.figures?.p99Ms ?? Infinity;
  const sorted = [...shops].sort((a, b) => p99(b) - p99(a) || a.shop.localeCompare(b.shop));
  const medianP99Ms = percentiles(sorted.map(p99))?.p50Ms ?? 0;
  const first = sorted[0];
  const slowest = { shop: first?.shop ?? "", p99Ms: first ? p99(first) : 0 };
  const ratio = medianP99Ms > 0 ? slowest.p99Ms / medianP99Ms : 1;
  return {
    shops: sorted,
    medianP99Ms,
    slowest,
    ratio,
    ratioMet: ratio <= SLOWEST_TO_MEDIAN_AT_MOST,
    shopsOverTarget: sorted.filter((shop) => !(p99(shop) < SHOP_P99_UNDER_MS)).map((shop) => shop.shop),
  };
}
