/**
 * Customer returns sent back to provider warehouses: one row per Shopify return and warehouse,
 * unique by its PackageId, so whatever number of webhooks and jobs reach it, it is recorded (and
 * sent) once.
 */
import type { CustomerReturn, ReturnState } from "@prisma/client";
import { z } from "zod";
import type { ReturnLine } from "~/connector/returns";
import type { DatabaseOrTransaction } from "../database/database.server";
import type { Words } from "~/lib/words/en";
import { sayOf, textIn, type Said } from "~/lib/words/reason-said";

export type { CustomerReturn, ReturnState };

export interface NewReturn {
  shop: string;
  returnId: string;
  returnName: string;
  orderId: string;
  orderName: string;
  warehouseCode: string;
  locationId: string;
  packageId: string;
  serviceCode: string | null;
  lines: ReturnLine[];
  units: number;
  state: ReturnState;
  svcPackageId?: string | null;
  trackingNumber?: string | null;
  trackingCarrier?: string | null;
  lastErrorCode?: string | null;
  lastErrorText?: string | null;
  /** The sentence lastErrorText was made from (JSON `{key, args}` of `returnReasons`); none for the provider's own words. */
  lastErrorSay?: string | null;
  sentAt?: Date | null;
}

export function findReturn(db: DatabaseOrTransaction, shop: string, packageId: string): Promise<CustomerReturn | null> {
  return db.customerReturn.findUnique({ where: { shop_packageId: { shop, packageId } } });
}

/** Records a return once: a second record of the same PackageId keeps the first. */
export async function recordReturn(db: DatabaseOrTransaction, input: NewReturn): Promise<CustomerReturn> {
  const { lines, ...fields } = input;
  return db.customerReturn.upsert({
    where: { shop_packageId: { shop: input.shop, packageId: input.packageId } },
    create: { ...fields, lines: JSON.stringify(lines) },
    update: {},
  });
}

const Lines = z.array(z.object({ reverseLineId: z.string(), sku: z.string(), title: z.string(), quantity: z.number().int() }));

export function linesOf(row: Pick<CustomerReturn, "lines">): ReturnLine[] {
  const parsed = Lines.safeParse(JSON.parse(row.lines));
  return parsed.success ? parsed.data : [];
}

export function returnsInState(db: DatabaseOrTransaction, shop: string, state: ReturnState, take = 100): Promise<CustomerReturn[]> {
  return db.customerReturn.findMany({
    where: { shop, state },
    orderBy: [{ lastPolledAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
    take,
  });
}

export async function countInState(db: DatabaseOrTransaction, shop: string, states: ReturnState[]): Promise<number> {
  return db.customerReturn.count({ where: { shop, state: { in: states } } });
}

export async function markPolled(db: DatabaseOrTransaction, ids: string[], now: Date): Promise<void> {
  await db.customerReturn.updateMany({ where: { id: { in: ids } }, data: { lastPolledAt: now } });
}

/** Delivered to the warehouse: only a SENT return moves on, so a repeated poll changes nothing. */
export async function markReceived(db: DatabaseOrTransaction, id: string, now: Date): Promise<void> {
  await db.customerReturn.updateMany({ where: { id, state: "SENT" }, data: { state: "RECEIVED", receivedAt: now, lastPolledAt: now } });
}

export async function markRestocked(db: DatabaseOrTransaction, id: string, now: Date): Promise<void> {
  await db.customerReturn.updateMany({
    where: { id, state: "RECEIVED" },
    data: { state: "RESTOCKED", restockedAt: now, lastErrorCode: null, lastErrorText: null, lastErrorSay: null },
  });
}

/** The columns that make a sentence of `returnReasons` the return's last error. */
export function returnErrorColumns(code: string, reason: Said): Pick<NewReturn, "lastErrorCode" | "lastErrorText" | "lastErrorSay"> {
  return { lastErrorCode: code, lastErrorText: reason.message, lastErrorSay: JSON.stringify(reason.say) };
}

/** Shopify refused the disposal: the return stays RECEIVED with the reason, and is tried again. */
export async function noteProblem(db: DatabaseOrTransaction, id: string, code: string, reason: Said): Promise<void> {
  await db.customerReturn.update({ where: { id }, data: returnErrorColumns(code, reason) });
}

export type ReturnFilter = "all" | "progress" | "attention" | "restocked";
const STATES_OF: Record<ReturnFilter, ReturnState[] | undefined> = {
  all: undefined,
  progress: ["SENT", "RECEIVED"],
  attention: ["FAILED"],
  restocked: ["RESTOCKED"],
};
export const RETURN_FILTERS = Object.keys(STATES_OF) as ReturnFilter[];

const PAGE_SIZE = 50;

/** The Returns page: the shop's returns, newest first, 50 to a page; each reason in these words. */
export async function listReturns(
  db: DatabaseOrTransaction,
  shop: string,
  filter: ReturnFilter,
  page: number,
  words: Words["returnReasons"],
) {
  const states = STATES_OF[filter];
  const rows = await db.customerReturn.findMany({
    where: { shop, ...(states ? { state: { in: states } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE + 1,
  });
  return {
    page,
    hasPrevious: page > 1,
    hasNext: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map((row) => ({
      id: row.id,
      returnName: row.returnName,
      orderName: row.orderName,
      warehouseCode: row.warehouseCode,
      packageId: row.packageId,
      svcPackageId: row.svcPackageId,
      serviceCode: row.serviceCode,
      state: row.state,
      units: row.units,
      // Written by the page, in the admin's language.
      items: linesOf(row).map((line) => ({ sku: line.sku, quantity: line.quantity })),
      trackingNumber: row.trackingNumber,
      trackingCarrier: row.trackingCarrier,
      // The app's own reasons in the admin's language; the provider's words as it said them.
      reason: row.lastErrorText === null ? null : textIn(words, { message: row.lastErrorText, say: sayOf(row.lastErrorSay) }),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** `?filter=&page=` read leniently: anything unknown is the first page of all. */
export function returnListQueryOf(params: URLSearchParams): { filter: ReturnFilter; page: number } {
  const filter = RETURN_FILTERS.find((f) => f === params.get("filter")) ?? "all";
  const page = Math.max(1, Math.trunc(Number(params.get("page") ?? "1")) || 1);
  return { filter, page };
}
