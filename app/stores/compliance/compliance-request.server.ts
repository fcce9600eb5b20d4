/**
 * Customer compliance requests (customers/data_request, customers/redact) and what the app did about
 * each: received, completed, and the report. What a merchant shows when asked whether a customer's
 * request was honoured.
 */
import type { ComplianceRequest, ComplianceRequestKind } from "@prisma/client";
import { z } from "zod";
import type { DatabaseOrTransaction } from "../database/database.server";

export interface NewComplianceRequest {
  shop: string;
  kind: ComplianceRequestKind;
  /** gid://shopify/Customer/… */
  customerId: string;
  /** gid://shopify/Order/… */
  orderIds: readonly string[];
  shopifyRequestId?: string | null;
  receiptId: string;
  receivedAt: Date;
}

export interface StoredComplianceRequest extends Omit<ComplianceRequest, "orderIds" | "report"> {
  orderIds: string[];
  report: unknown;
}

const OrderIds = z.array(z.string());

function parseStored(row: ComplianceRequest): StoredComplianceRequest {
  return { ...row, orderIds: OrderIds.parse(JSON.parse(row.orderIds)), report: row.report === null ? null : JSON.parse(row.report) };
}

export async function recordComplianceRequest(db: DatabaseOrTransaction, request: NewComplianceRequest): Promise<string> {
  const { id } = await db.complianceRequest.create({
    data: { ...request, orderIds: JSON.stringify(request.orderIds), shopifyRequestId: request.shopifyRequestId ?? null },
    select: { id: true },
  });
  return id;
}

/** Null when it is gone: shop/redact erased the shop's records meanwhile. */
export async function getComplianceRequest(db: DatabaseOrTransaction, id: string): Promise<StoredComplianceRequest | null> {
  const row = await db.complianceRequest.findUnique({ where: { id } });
  return row === null ? null : parseStored(row);
}

export async function completeComplianceRequest(db: DatabaseOrTransaction, id: string, report: unknown, now = new Date()): Promise<void> {
  await db.complianceRequest.update({ where: { id }, data: { report: JSON.stringify(report), completedAt: now } });
}

/**
 * The reports of data requests answered before `completedBefore` removed: each is a copy of the
 * customer's data, kept for the merchant to pass on, not for ever (decision 0038). The request, and
 * when it was answered, stay as the merchant's record. The number removed.
 */
export async function removeDataReportsCompletedBefore(db: DatabaseOrTransaction, completedBefore: Date): Promise<number> {
  const { count } = await db.complianceRequest.updateMany({
    where: { kind: "CUSTOMER_DATA_REQUEST", completedAt: { lt: completedBefore }, report: { not: null } },
    data: { report: null },
  });
  return count;
}

/** A shop's compliance requests, the latest first: the merchant's record of what was asked and done. */
export async function listComplianceRequests(db: DatabaseOrTransaction, shop: string, limit = 100): Promise<StoredComplianceRequest[]> {
  const rows = await db.complianceRequest.findMany({ where: { shop }, orderBy: { receivedAt: "desc" }, take: limit });
  return rows.map(parseStored);
}
