/**
 * The admin's reads of shipments: a shop's list (filtered, newest first, paged) and one shipment
 * with its reasons and timeline. Every read names the shop, so a page can never show, or reveal the
 * existence of, another shop's shipment.
 */
import type { Prisma, Shipment, ShipmentKind, ShipmentState } from "@prisma/client";
import { z } from "zod";
import type { DatabaseOrTransaction } from "../database/database.server";
import { holdReasonsOf, type StoredHoldReason } from "./shipment-pipeline.server";
import { webAddressOrNull } from "~/lib/web-address";

export const SHIPMENTS_PER_PAGE = 50;

/** The list's filters, as the merchant thinks of them rather than one per state. */
export const ShipmentFilter = z.enum(["all", "attention", "progress", "fulfilled", "delivered", "cancelled"]);
export type ShipmentFilter = z.infer<typeof ShipmentFilter>;

const STATES_OF: { readonly [F in ShipmentFilter]: readonly ShipmentState[] | undefined } = {
  all: undefined,
  attention: ["HELD", "FAILED"],
  progress: ["READY", "SUBMITTED", "CREATED"],
  fulfilled: ["FULFILLED"],
  delivered: ["DELIVERED"],
  cancelled: ["CANCELLED"],
};

/** The list's query string, parsed: an unknown filter or page falls back to the first page of all. */
export const ShipmentListQuery = z.object({
  filter: ShipmentFilter.catch("all"),
  page: z.coerce.number().int().min(1).catch(1),
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

export function shipmentListQueryOf(params: URLSearchParams): ShipmentListQuery {
  return ShipmentListQuery.parse({ filter: params.get("filter") ?? undefined, page: params.get("page") ?? undefined });
}

export interface ShipmentRow {
  id: string;
  orderName: string | null;
  packageId: string;
  kind: ShipmentKind;
  warehouseCode: string | null;
  state: ShipmentState;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** HELD or FAILED: why, in words the merchant can act on. */
  reason: string | null;
  createdAt: string;
}

export interface ShipmentPage {
  rows: ShipmentRow[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

const NEEDS_ATTENTION: readonly ShipmentState[] = ["HELD", "FAILED"];

/** Why a held or failed shipment waits; null for one that does not. */
function reasonOf(shipment: Pick<Shipment, "state" | "lastErrorText" | "holdReasons">): string | null {
  if (!NEEDS_ATTENTION.includes(shipment.state)) return null;
  const text = shipment.lastErrorText ?? holdReasonsOf(shipment).map((reason) => reason.message).join(" ");
  return text || "No reason was recorded. Open the shipment to see its timeline.";
}

function rowOf(shipment: Shipment): ShipmentRow {
  return {
    id: shipment.id,
    orderName: shipment.orderName,
    packageId: shipment.packageId,
    kind: shipment.kind,
    warehouseCode: shipment.warehouseCode,
    state: shipment.state,
    trackingNumber: shipment.trackingNumber,
    // Stored before links were checked, or written past the flows: rendered only if it is a web address.
    trackingUrl: webAddressOrNull(shipment.trackingUrl),
    reason: reasonOf(shipment),
    createdAt: shipment.createdAt.toISOString(),
  };
}

export async function listShipments(db: DatabaseOrTransaction, shop: string, { filter, page }: ShipmentListQuery): Promise<ShipmentPage> {
  const states = STATES_OF[filter];
  const where: Prisma.ShipmentWhereInput = states ? { shop, state: { in: [...states] } } : { shop };
  // One more than a page tells whether there is a next one without counting.
  const found = await db.shipment.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * SHIPMENTS_PER_PAGE,
    take: SHIPMENTS_PER_PAGE + 1,
  });
  return { rows: found.slice(0, SHIPMENTS_PER_PAGE).map(rowOf), page, hasPrevious: page > 1, hasNext: found.length > SHIPMENTS_PER_PAGE };
}

export interface ShipmentTimelineEntry {
  id: string;
  at: string;
  type: string;
  message: string;
}

export interface ShipmentDetail extends ShipmentRow {
  fulfillmentOrderId: string;
  orderId: string;
  serviceCode: string | null;
  trackingCarrier: string | null;
  attempts: number;
  holdReasons: StoredHoldReason[];
  updatedAt: string;
  /** Oldest first: the order things happened in. */
  timeline: ShipmentTimelineEntry[];
}

/** One shipment of the shop, or null when the shop has none with this id (another shop's included). */
export async function findShipmentDetail(db: DatabaseOrTransaction, shop: string, id: string): Promise<ShipmentDetail | null> {
  const shipment = await db.shipment.findFirst({
    where: { id, shop },
    include: { events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (shipment === null) return null;
  return {
    ...rowOf(shipment),
    fulfillmentOrderId: shipment.fulfillmentOrderId,
    orderId: shipment.orderId,
    serviceCode: shipment.serviceCode,
    trackingCarrier: shipment.trackingCarrier,
    attempts: shipment.attempts,
    holdReasons: holdReasonsOf(shipment),
    updatedAt: shipment.updatedAt.toISOString(),
    timeline: shipment.events.map((event) => ({ id: event.id, at: event.createdAt.toISOString(), type: event.type, message: event.message })),
  };
}

export async function shipmentExists(db: DatabaseOrTransaction, shop: string, id: string): Promise<boolean> {
  return (await db.shipment.count({ where: { id, shop } })) === 1;
}
