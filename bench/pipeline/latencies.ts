/**
 * The pipeline benchmark's per-order latencies, from the clocks of the parties that saw each step
 * (all in one process, one wall clock): order placed (the emulator's order createdAt) to package
 * accepted by the provider (the sandbox's submittedAt of its creation call); tracking known at the
 * provider (the sandbox's parcel createdAt) to the fulfilment with tracking in Shopify (the emulator's
 * fulfillment createdAt: the app writes the fulfilment with its tracking in one call).
 */
import { z } from "zod";
import type { SandboxState } from "../../sandbox/state";

const EmulatorTimes = z.object({
  orders: z.array(z.object({ id: z.number(), createdAt: z.string() })),
  fulfillmentOrders: z.array(z.object({ id: z.number(), orderId: z.number() })),
  fulfillments: z.array(
    z.object({
      fulfillmentOrderIds: z.array(z.number()),
      createdAt: z.string(),
      trackingInfo: z.array(z.object({ number: z.string().nullable() })),
    }),
  ),
});

/** The emulator's raw snapshot (GET /__emulator/state), reduced to the times this module needs. */
export async function emulatorTimes(emulatorUrl: string): Promise<z.infer<typeof EmulatorTimes>> {
  return EmulatorTimes.parse(await (await fetch(`${emulatorUrl}/__emulator/state`)).json());
}

export interface Percentiles {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentiles; null when nothing was measured. */
export function percentiles(samples: number[]): Percentiles | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { count: sorted.length, p50Ms: rank(50), p99Ms: rank(99), maxMs: sorted.at(-1) ?? 0 };
}

/** The app's shipments: which fulfillment order each package is for. */
export interface ShipmentLink {
  fulfillmentOrderId: string;
  packageId: string;
  /** When the app planned the package (its shipment row was written). */
  createdAt: Date;
  /** OUTBOUND (from a warehouse's stock) or DROPSHIP. */
  kind: string;
}

const numericTail = (gid: string) => Number(gid.slice(gid.lastIndexOf("/") + 1));

export function orderLatencies(shipments: ShipmentLink[], sandbox: SandboxState, emulator: z.infer<typeof EmulatorTimes>) {
  const orderPlacedAt = new Map(emulator.orders.map((order) => [order.id, Date.parse(order.createdAt)]));
  const orderOf = new Map(emulator.fulfillmentOrders.map((fo) => [fo.id, fo.orderId]));
  const fulfilledAt = new Map<number, number>();
  for (const fulfillment of emulator.fulfillments) {
    if (!fulfillment.trackingInfo.some((t) => t.number)) continue;
    for (const id of fulfillment.fulfillmentOrderIds)
      fulfilledAt.set(id, Math.min(fulfilledAt.get(id) ?? Infinity, Date.parse(fulfillment.createdAt)));
  }
  const packages = new Map([...sandbox.outbounds.values(), ...sandbox.dropships.values()].map((p) => [p.packageId, p]));
  const placedToAccepted: number[] = [];
  const placedToAcceptedByKind = new Map<string, number[]>();
  const placedToPlanned: number[] = [];
  const plannedToAccepted: number[] = [];
  const trackingToFulfilment: number[] = [];
  for (const shipment of shipments) {
    const foId = numericTail(shipment.fulfillmentOrderId);
    const sent = packages.get(shipment.packageId);
    const placedAt = orderPlacedAt.get(orderOf.get(foId) ?? -1);
    if (sent && placedAt !== undefined) {
      placedToAccepted.push(sent.submittedAt - placedAt);
      const ofKind = placedToAcceptedByKind.get(shipment.kind) ?? [];
      ofKind.push(sent.submittedAt - placedAt);
      placedToAcceptedByKind.set(shipment.kind, ofKind);
      placedToPlanned.push(shipment.createdAt.getTime() - placedAt);
      plannedToAccepted.push(sent.submittedAt - shipment.createdAt.getTime());
    }
    const fulfilled = fulfilledAt.get(foId);
    if (sent?.outcome.status === "Created" && fulfilled !== undefined) trackingToFulfilment.push(fulfilled - sent.outcome.parcel.createdAt);
  }
  return {
    placedToAccepted: percentiles(placedToAccepted),
    placedToAcceptedByKind: [...placedToAcceptedByKind.entries()]
      .sort()
      .map(([kind, samples]) => ({ kind, figures: percentiles(samples) })),
    placedToPlanned: percentiles(placedToPlanned),
    plannedToAccepted: percentiles(plannedToAccepted),
    trackingToFulfilment: percentiles(trackingToFulfilment),
  };
}

export function describeLatency(name: string, figures: Percentiles | null, targetMs?: number): string {
  if (!figures) return `${name}: nothing measured`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const target = targetMs === undefined ? "" : ` (target < ${s(targetMs)})`;
  return `${name}: p50 ${s(figures.p50Ms)}, p99 ${s(figures.p99Ms)}${target}, max ${s(figures.maxMs)} over ${figures.count} orders`;
}
