/**
 * Lading orders: packages the merchant sent from a warehouse to one address, as the provider
 * accepted them. Every read and write names the shop, so one shop never reaches another's.
 */
import type { LadingOrder as LadingOrderRow } from "@prisma/client";
import { LadingAddress, LadingPackages, type LadingDraft, type LadingPackage, type LadingState } from "~/connector/lading";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface LadingOrder extends LadingDraft {
  id: string;
  state: LadingState;
  createdAt: Date;
}

/** Written only by this module, from checked values; a row that no longer parses has nothing to show. */
function packagesOf(text: string): LadingPackage[] {
  try {
    const parsed = LadingPackages.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const NO_ADDRESS: LadingAddress = {
  contact: "",
  company: null,
  phone: null,
  email: null,
  street1: "",
  street2: null,
  city: "",
  province: null,
  postcode: null,
  country: "",
};

function addressOf(text: string): LadingAddress {
  try {
    const parsed = LadingAddress.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : NO_ADDRESS;
  } catch {
    return NO_ADDRESS;
  }
}

function fromRow(row: LadingOrderRow): LadingOrder {
  return {
    id: row.id,
    reference: row.reference,
    shipmentId: row.shipmentId,
    warehouseId: row.warehouseId,
    serviceCode: row.serviceCode,
    reservationDate: row.reservationDate,
    shipTo: addressOf(row.shipTo),
    packages: packagesOf(row.packages),
    state: "ACCEPTED",
    createdAt: row.createdAt,
  };
}

export async function saveLadingOrder(db: DatabaseOrTransaction, shop: string, order: LadingDraft): Promise<LadingOrder> {
  const data = { ...order, shipTo: JSON.stringify(order.shipTo), packages: JSON.stringify(order.packages) };
  const row = await db.ladingOrder.upsert({
    where: { shop_reference: { shop, reference: order.reference } },
    create: { shop, ...data },
    update: data,
  });
  return fromRow(row);
}

export async function ladingOrderByReference(db: DatabaseOrTransaction, shop: string, reference: string): Promise<LadingOrder | null> {
  const row = await db.ladingOrder.findUnique({ where: { shop_reference: { shop, reference } } });
  return row === null ? null : fromRow(row);
}

export async function ladingOrderOf(db: DatabaseOrTransaction, shop: string, id: string): Promise<LadingOrder | null> {
  const row = await db.ladingOrder.findFirst({ where: { shop, id } });
  return row === null ? null : fromRow(row);
}

/** Newest first. */
export async function listLadingOrders(
  db: DatabaseOrTransaction,
  shop: string,
  { take = 100 }: { take?: number } = {},
): Promise<LadingOrder[]> {
  const rows = await db.ladingOrder.findMany({ where: { shop }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return rows.map(fromRow);
}
