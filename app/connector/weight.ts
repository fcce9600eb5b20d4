/** Weights in whole grams, the provider's unit. */
import type { Weight } from "./fulfillment-order";

const GRAMS_PER_UNIT = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
} as const satisfies Record<Weight["unit"], number>;

/**
 * To the nearest gram, and at least 1 g for anything that weighs something: a 0.2 g ring is
 * still a real item, while 0 means the merchant never entered a weight.
 */
export function gramsOf(weight: Weight): number {
  if (weight.value <= 0) return 0;
  return Math.max(1, Math.round(weight.value * GRAMS_PER_UNIT[weight.unit]));
}
