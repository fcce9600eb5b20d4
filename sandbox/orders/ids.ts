/**
 * The ids the provider issues: its own order numbers (SvcPackageId, SvcOrderId) and tracking
 * numbers. Derived from the persisted sequence and the seed, so they are reproducible with `--seed`
 * and never repeat after a restart with `--state`.
 */
import { digitsFor } from "../random";
import type { SandboxContext } from "../operation";
import { nextSequence, type SandboxState } from "../state";
import { carriers, type CarrierKey } from "../world";

/** The provider's id of an order: a prefix per kind (DX drop-ship, OB outbound, RT return, IB inbound). */
export function providerId(prefix: "DX" | "OB" | "RT" | "IB", ctx: SandboxContext): string {
  return `${prefix}${String(nextSequence(ctx.state)).padStart(10, "0")}`;
}

function* trackingNumbersInUse(state: SandboxState): Generator<string> {
  for (const order of [...state.dropships.values(), ...state.outbounds.values(), ...state.returns.values()]) {
    if (order.outcome.status !== "Created") continue;
    yield order.outcome.parcel.trackingNumber;
    const provisional = order.outcome.parcel.provisionalTrackingNumber;
    if (provisional !== undefined) yield provisional;
    yield* order.outcome.parcel.extraTrackingNumbers ?? [];
  }
}

/** A new tracking number in the carrier's format, unlike any issued before. */
export function newTrackingNumber(carrier: CarrierKey, ctx: SandboxContext): string {
  const inUse = new Set(trackingNumbersInUse(ctx.state));
  for (;;) {
    const number = carriers[carrier].trackingNumber(digitsFor(24, ctx.settings.seed, carrier, nextSequence(ctx.state)));
    if (!inUse.has(number)) return number;
  }
}
