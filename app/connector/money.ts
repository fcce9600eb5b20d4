/**
 * Amounts in whole cents, so that unit price × quantity and sums never pick up floating-point
 * dust (0.1 + 0.2). The provider takes amounts with at most two decimals.
 */
import type { Money } from "./fulfillment-order";

/** An amount in hundredths of its currency unit. */
export type Cents = number;

/**
 * Shopify amounts have at most two decimals for nearly every currency; the few with three
 * (BHD, KWD, ...) are rounded half up to two, the provider's precision.
 */
export function centsOf(money: Money): Cents {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(money.amount);
  if (match === null) throw new Error(`not a decimal amount: ${money.amount}`);
  const [, sign = "", whole = "0", fraction = ""] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  return (sign === "-" ? -1 : 1) * (hundredths + roundUp);
}

export function times(amount: Cents, quantity: number): Cents {
  return amount * quantity;
}

export function sum(amounts: readonly Cents[]): Cents {
  return amounts.reduce((a, b) => a + b, 0);
}

/** The number the provider receives, e.g. 8999 → 89.99. */
export function toAmount(amount: Cents): number {
  return amount / 100;
}
