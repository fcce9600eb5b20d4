/**
 * When a warehouse should ship what it accepts: the acceptance plus the warehouse's handling time
 * in working days (Monday to Friday, UTC), as the merchant entered it from the provider's terms.
 * The provider's own times are delivery times (operation 14's LogisticsTimes, in days), not ship
 * times, so without a handling time there is no estimate. Pure.
 */

const DAY_MS = 24 * 60 * 60_000;

export function estimatedShipDate(acceptedAt: Date, handlingDays: number | undefined): Date | null {
  if (handlingDays === undefined || !Number.isInteger(handlingDays) || handlingDays < 0) return null;
  let at = acceptedAt.getTime();
  // Accepted at a weekend: the warehouse starts on Monday.
  while (isWeekend(at)) at += DAY_MS;
  for (let left = handlingDays; left > 0;) {
    at += DAY_MS;
    if (!isWeekend(at)) left -= 1;
  }
  return new Date(at);
}

function isWeekend(ms: number): boolean {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
}
