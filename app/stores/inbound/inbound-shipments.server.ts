/**
 * Inbound shipments: what the merchant sent into a warehouse, as the provider accepted it. Every
 * read and write names the shop, so one shop never reaches another's.
 */
import type { InboundShipment as InboundShipmentRow } from "@prisma/client";
import { InboundBoxes, type InboundBox, type InboundState } from "~/connector/inbound";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface InboundShipment {
  id: string;
  reference: string;
  providerId: string | null;
  warehouseId: string;
  shippingType: string;
  plannedArrival: Date | null;
  remark: string | null;
  boxes: InboundBox[];
  boxesVersion: number;
  state: InboundState;
  problem: string | null;
  checkedAt: Date | null;
  boxesChangedAt: Date | null;
  receivedAt: Date | null;
  createdAt: Date;
}

/** Boxes are written only by this module, from checked values; a row that no longer parses has none to show. */
function boxesOf(text: string): InboundBox[] {
  try {
    const parsed = InboundBoxes.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function fromRow(row: InboundShipmentRow): InboundShipment {
  return {
    id: row.id,
    reference: row.reference,
    providerId: row.providerId,
    warehouseId: row.warehouseId,
    shippingType: row.shippingType,
    plannedArrival: row.plannedArrival,
    remark: row.remark,
    boxes: boxesOf(row.boxes),
    boxesVersion: row.boxesVersion,
    state: row.state === "RECEIVED" ? "RECEIVED" : "ON_THE_WAY",
    problem: row.problem,
    checkedAt: row.checkedAt,
    boxesChangedAt: row.boxesChangedAt,
    receivedAt: row.receivedAt,
    createdAt: row.createdAt,
  };
}

export interface NewInboundShipment {
  reference: string;
  providerId: string | null;
  warehouseId: string;
  shippingType: string;
  plannedArrival: Date | null;
  remark: string | null;
  boxes: readonly InboundBox[];
}

export async function saveInboundShipment(db: DatabaseOrTransaction, shop: string, shipment: NewInboundShipment): Promise<InboundShipment> {
  const data = { ...shipment, boxes: JSON.stringify(shipment.boxes) };
  const row = await db.inboundShipment.upsert({
    where: { shop_reference: { shop, reference: shipment.reference } },
    create: { shop, ...data },
    update: data,
  });
  return fromRow(row);
}

export async function inboundShipmentByReference(
  db: DatabaseOrTransaction,
  shop: string,
  reference: string,
): Promise<InboundShipment | null> {
  const row = await db.inboundShipment.findUnique({ where: { shop_reference: { shop, reference } } });
  return row === null ? null : fromRow(row);
}

export async function inboundShipmentOf(db: DatabaseOrTransaction, shop: string, id: string): Promise<InboundShipment | null> {
  const row = await db.inboundShipment.findFirst({ where: { shop, id } });
  return row === null ? null : fromRow(row);
}

/** Newest first. */
export async function listInboundShipments(
  db: DatabaseOrTransaction,
  shop: string,
  { take = 100 }: { take?: number } = {},
): Promise<InboundShipment[]> {
  const rows = await db.inboundShipment.findMany({ where: { shop }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return rows.map(fromRow);
}

export async function inboundShipmentsOnTheWay(db: DatabaseOrTransaction, shop: string): Promise<InboundShipment[]> {
  const rows = await db.inboundShipment.findMany({ where: { shop, state: "ON_THE_WAY" }, orderBy: { createdAt: "asc" } });
  return rows.map(fromRow);
}

/** The provider accepted new boxes: they replace the old ones, and the version moves on. */
export async function replaceInboundBoxes(
  db: DatabaseOrTransaction,
  shop: string,
  id: string,
  boxes: readonly InboundBox[],
  at: Date,
): Promise<void> {
  await db.inboundShipment.updateMany({
    where: { shop, id, state: "ON_THE_WAY" },
    data: { boxes: JSON.stringify(boxes), boxesVersion: { increment: 1 }, boxesChangedAt: at, problem: null },
  });
}

/** What a look at the provider found: still on its way (with a problem or none), or received. */
export async function recordInboundCheck(
  db: DatabaseOrTransaction,
  shop: string,
  id: string,
  outcome: { received: boolean; problem: string | null },
  at: Date,
): Promise<void> {
  await db.inboundShipment.updateMany({
    where: { shop, id, state: "ON_THE_WAY" },
    data: { checkedAt: at, problem: outcome.problem, ...(outcome.received ? { state: "RECEIVED", receivedAt: at } : {}) },
  });
}

/** Its boxes' version now, to know whether an edit happened meanwhile. */
export async function inboundBoxesVersion(db: DatabaseOrTransaction, shop: string, id: string): Promise<number | null> {
  return (await db.inboundShipment.findFirst({ where: { shop, id }, select: { boxesVersion: true } }))?.boxesVersion ?? null;
}
