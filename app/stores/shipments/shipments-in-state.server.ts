/** The pipeline's reads of a shop's shipments by state: what to poll, and units in flight. */
import type { Prisma, Shipment, ShipmentKind, ShipmentState } from "@prisma/client";
import { decodePackageRequest } from "~/connector/package-request";
import type { DatabaseOrTransaction } from "../database/database.server";

/** Shipments of a shop in a state, oldest first (or least recently polled first when asked). */
export function shipmentsInState(
  db: DatabaseOrTransaction,
  shop: string,
  state: ShipmentState,
  options: { kind?: ShipmentKind; where?: Prisma.ShipmentWhereInput; take: number; leastRecentlyPolled?: boolean },
): Promise<Shipment[]> {
  return db.shipment.findMany({
    where: { shop, state, ...(options.kind ? { kind: options.kind } : {}), ...options.where },
    orderBy: options.leastRecentlyPolled
      ? [{ lastPolledAt: { sort: "asc", nulls: "first" } }, { id: "asc" }]
      : [{ createdAt: "asc" }, { id: "asc" }],
    take: options.take,
  });
}

export function countInState(
  db: DatabaseOrTransaction,
  shop: string,
  state: ShipmentState,
  options: { kind?: ShipmentKind; where?: Prisma.ShipmentWhereInput } = {},
): Promise<number> {
  return db.shipment.count({ where: { shop, state, ...(options.kind ? { kind: options.kind } : {}), ...options.where } });
}

/**
 * A shop's parcels whose tracking number is still the provider's provisional one: FULFILLED, or
 * DELIVERED since `deliveredSince` (the tracking read can see a delivery before the status poll
 * sees the carrier's number); with `writingBack`, CREATED ones too (their fulfilment is being written).
 */
function provisionalNumbers(options: { deliveredSince: Date; writingBack?: boolean }): Prisma.ShipmentWhereInput {
  return {
    isFinalTracking: false,
    OR: [
      ...(options.writingBack ? [{ state: "CREATED" as const }] : []),
      { state: "FULFILLED" },
      { state: "DELIVERED", deliveredAt: { gte: options.deliveredSince } },
    ],
  };
}

/**
 * Parcels with a provisional number not polled since `polledBefore`, least recently polled first;
 * FULFILLED ones before DELIVERED ones, whose buyer already has the parcel.
 */
export async function parcelsWithProvisionalNumbers(
  db: DatabaseOrTransaction,
  shop: string,
  kind: ShipmentKind,
  options: { deliveredSince: Date; polledBefore: Date; take: number },
): Promise<Shipment[]> {
  const due = (state: Prisma.ShipmentWhereInput, take: number) =>
    db.shipment.findMany({
      where: {
        AND: [
          { shop, kind, isFinalTracking: false },
          state,
          { OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: options.polledBefore } }] },
        ],
      },
      orderBy: [{ lastPolledAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
      take,
    });
  const fulfilled = await due({ state: "FULFILLED" }, options.take);
  if (fulfilled.length === options.take) return fulfilled;
  return [
    ...fulfilled,
    ...(await due({ state: "DELIVERED", deliveredAt: { gte: options.deliveredSince } }, options.take - fulfilled.length)),
  ];
}

export function countProvisionalNumbers(
  db: DatabaseOrTransaction,
  shop: string,
  kind: ShipmentKind,
  options: { deliveredSince: Date; writingBack?: boolean },
): Promise<number> {
  return db.shipment.count({ where: { AND: [{ shop, kind }, provisionalNumbers(options)] } });
}

export async function markPolled(db: DatabaseOrTransaction, shipmentIds: readonly string[], now: Date): Promise<void> {
  if (shipmentIds.length === 0) return;
  await db.shipment.updateMany({ where: { id: { in: [...shipmentIds] } }, data: { lastPolledAt: now } });
}

/**
 * Units of a warehouse's packages that the provider has created (so its stock no longer counts
 * them) while Shopify still holds them as committed at the warehouse's location: CREATED shipments
 * whose fulfilment is not being written yet. By the provider's SKU. The stock sync adds them back
 * to the provider's count, so Shopify does not take them off twice (docs/decisions/0013).
 */
export async function unitsCreatedNotFulfilled(db: DatabaseOrTransaction, shop: string, warehouseId: string): Promise<Map<string, number>> {
  const shipments = await db.shipment.findMany({
    where: { shop, kind: "OUTBOUND", warehouseCode: warehouseId, state: "CREATED", fulfilmentIntentAt: null },
    select: { kind: true, requestSent: true },
  });
  const units = new Map<string, number>();
  for (const shipment of shipments) {
    if (shipment.requestSent === null) continue;
    const request = decodePackageRequest(shipment.kind, shipment.requestSent);
    if (!request.success) continue;
    for (const line of request.data.body.Skus) units.set(line.Sku, (units.get(line.Sku) ?? 0) + line.Quantity);
  }
  return units;
}
