/** A shipment recorded once per fulfillment order, however often webhooks and planners ask. */
import type { Shipment, ShipmentKind, ShipmentState } from "@prisma/client";
import { encodePackageRequest, type PackageRequest } from "~/connector/package-request";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { insertRows, insertRowsReturning, newRowId, type InsertRow } from "../database/insert-rows.server";
import { heldChanges, type ShipmentLine, type StoredHoldReason } from "./shipment-columns";
import { shipmentEventRow, type ShipmentEventInput } from "./shipment.server";
import { recordAlerts } from "../alerts/alerts.server";
import { shipmentAlerts } from "../alerts/shipment-alerts";

export interface NewShipment {
  shop: string;
  kind: ShipmentKind;
  state: Extract<ShipmentState, "READY" | "HELD">;
  fulfillmentOrderId: string;
  orderId: string;
  orderName: string;
  /** The language the customer bought in (Order.customerLocale), for the tracking Shopify shows them; null when Shopify named none. */
  customerLocale: string | null;
  /** When the customer placed the order (Order.createdAt); null or absent when not known. */
  orderPlacedAt?: Date | null;
  packageId: string;
  /** Outbound: the provider's WarehouseId; drop-ship: the provider's handling Location. */
  origin: string | null;
  serviceCode: string | null;
  /** The package as it will be sent (holds the recipient's address until final: decision 0038). */
  request: PackageRequest | null;
  lineItems: readonly ShipmentLine[];
  /** SKUs, lower case, for the Shipments search. */
  searchText?: string;
  /** The recipient's name and company, lower case, for the Shipments search until the shipment is final. */
  recipientSearchText?: string;
  /** When HELD: the code and the reasons. */
  hold?: { code: string; reasons: readonly StoredHoldReason[] };
  /** When HELD until a scheduled fulfillment order opens. */
  waitUntil?: Date;
  event: ShipmentEventInput;
}

/**
 * Records the shipment of a fulfillment order, with its first timeline event, unless the fulfillment
 * order already has one: then that one is returned unchanged (`created` false). Webhooks and
 * callbacks repeat, and two jobs may plan the same fulfillment order; one shipment results.
 */
export async function recordNewShipment(db: DatabaseOrTransaction, input: NewShipment): Promise<{ shipment: Shipment; created: boolean }> {
  const [recorded] = await recordNewShipments(db, [input]);
  if (!recorded) throw new Error(`No shipment recorded for ${input.fulfillmentOrderId}`);
  return recorded;
}

/**
 * recordNewShipment for several fulfillment orders of one shop, in three statements whatever their
 * number (read the known, insert the new, insert their events): a planning round holds the shop's
 * write lock for these alone, and on PostgreSQL every statement is a round trip under it
 * (decision 0032). In the order given; a fulfillment order named twice is recorded once.
 */
export async function recordNewShipments(
  db: DatabaseOrTransaction,
  inputs: readonly NewShipment[],
): Promise<{ shipment: Shipment; created: boolean }[]> {
  if (inputs.length === 0) return [];
  const shop = inputs[0]?.shop;
  if (inputs.some((input) => input.shop !== shop)) throw new Error("recordNewShipments records one shop's shipments at a time");
  return inTransaction(db, async (tx) => {
    const known = await tx.shipment.findMany({
      where: { shop, fulfillmentOrderId: { in: inputs.map((input) => input.fulfillmentOrderId) } },
    });
    const byFulfillmentOrder = new Map(known.map((shipment) => [shipment.fulfillmentOrderId, { shipment, created: false }]));
    const fresh = new Map<string, NewShipment>();
    for (const input of inputs)
      if (!byFulfillmentOrder.has(input.fulfillmentOrderId) && !fresh.has(input.fulfillmentOrderId))
        fresh.set(input.fulfillmentOrderId, input);
    if (fresh.size > 0) {
      const now = new Date();
      const created = await insertRowsReturning<"Shipment", Shipment>(
        tx,
        "Shipment",
        [...fresh.values()].map((input) => shipmentRow(input, now)),
      );
      for (const shipment of created) byFulfillmentOrder.set(shipment.fulfillmentOrderId, { shipment, created: true });
      await insertRows(
        tx,
        "ShipmentEvent",
        created.map((shipment) => {
          const { event, state } = fresh.get(shipment.fulfillmentOrderId) as NewShipment;
          return shipmentEventRow(shipment.id, { ...event, data: { ...event.data, stateTo: state } }, now);
        }),
      );
      // Held at once: the merchant is told, with the shipment (app/stores/alerts).
      await recordAlerts(tx, shipmentAlerts(created, new Date()));
    }
    return inputs.map((input) => byFulfillmentOrder.get(input.fulfillmentOrderId) as { shipment: Shipment; created: boolean });
  });
}

/** A new shipment's row as written (insert-rows.server.ts): Prisma's own defaults given here. */
function shipmentRow(input: NewShipment, now: Date): InsertRow["Shipment"] {
  return {
    id: newRowId(),
    createdAt: now,
    updatedAt: now,
    shop: input.shop,
    kind: input.kind,
    state: input.state,
    fulfillmentOrderId: input.fulfillmentOrderId,
    orderId: input.orderId,
    orderName: input.orderName,
    customerLocale: input.customerLocale,
    orderPlacedAt: input.orderPlacedAt ?? null,
    packageId: input.packageId,
    warehouseCode: input.origin,
    serviceCode: input.serviceCode,
    requestSent: input.request === null ? null : encodePackageRequest(input.request),
    lineItems: JSON.stringify(input.lineItems),
    searchText: input.searchText ?? null,
    recipientSearchText: input.recipientSearchText ?? null,
    ...(input.hold ? heldChanges(input.hold.code, input.hold.reasons) : {}),
    waitUntil: input.waitUntil ?? null,
  };
}

export function findShipmentOfFulfillmentOrder(
  db: DatabaseOrTransaction,
  shop: string,
  fulfillmentOrderId: string,
): Promise<Shipment | null> {
  return db.shipment.findUnique({ where: { shop_fulfillmentOrderId: { shop, fulfillmentOrderId } } });
}

/** Which of these fulfillment orders already have a shipment. */
export async function fulfillmentOrdersWithShipments<Id extends string>(
  db: DatabaseOrTransaction,
  shop: string,
  fulfillmentOrderIds: readonly Id[],
): Promise<Set<Id>> {
  if (fulfillmentOrderIds.length === 0) return new Set();
  const rows = await db.shipment.findMany({
    where: { shop, fulfillmentOrderId: { in: [...fulfillmentOrderIds] } },
    select: { fulfillmentOrderId: true },
  });
  const known = new Set(rows.map((row) => row.fulfillmentOrderId));
  return new Set(fulfillmentOrderIds.filter((id) => known.has(id)));
}
