/**
 * Background work a merchant starts or a schedule runs (reading the catalogue, registering SKUs,
 * syncing stock): its progress, which the page's progress bar shows while the merchant watches,
 * and each row's outcome. A run survives a crash of its job: the job resumes the RUNNING run and
 * its PENDING items.
 */
import type { SyncRun, SyncRunItem } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";

export type SyncRunKind = "CATALOGUE_READ" | "SKU_REGISTER" | "STOCK_SYNC";
export type SyncTrigger = "MERCHANT" | "SCHEDULE" | "SETUP" | "PROVIDER_CHANGE";
export type ItemStatus = "PENDING" | "DONE" | "FAILED" | "SKIPPED";

export function startRun(
  db: DatabaseOrTransaction,
  input: { shop: string; kind: SyncRunKind; trigger: SyncTrigger; items?: readonly string[]; message?: string },
  now = new Date(),
): Promise<SyncRun> {
  return inTransaction(db, (tx) =>
    tx.syncRun.create({
      data: {
        shop: input.shop,
        kind: input.kind,
        trigger: input.trigger,
        status: "RUNNING",
        total: input.items?.length ?? 0,
        message: input.message ?? null,
        startedAt: now,
        ...(input.items && input.items.length > 0 ? { items: { create: [...new Set(input.items)].map((key) => ({ key })) } } : {}),
      },
    }),
  );
}

/** The run, if it is the shop's (one shop never sees another's runs). */
export function runOf(db: DatabaseOrTransaction, shop: string, runId: string): Promise<SyncRun | null> {
  return db.syncRun.findFirst({ where: { id: runId, shop } });
}

export function latestRun(
  db: DatabaseOrTransaction,
  shop: string,
  kind: SyncRunKind,
  where: { status?: string } = {},
): Promise<SyncRun | null> {
  return db.syncRun.findFirst({ where: { shop, kind, ...where }, orderBy: { startedAt: "desc" } });
}

export async function updateRun(
  db: DatabaseOrTransaction,
  runId: string,
  changes: { total?: number; processed?: number; failed?: number; message?: string; result?: unknown },
): Promise<void> {
  await db.syncRun.update({
    where: { id: runId },
    data: {
      ...(changes.total === undefined ? {} : { total: changes.total }),
      ...(changes.processed === undefined ? {} : { processed: changes.processed }),
      ...(changes.failed === undefined ? {} : { failed: changes.failed }),
      ...(changes.message === undefined ? {} : { message: changes.message }),
      ...(changes.result === undefined ? {} : { result: JSON.stringify(changes.result) }),
    },
  });
}

export async function finishRun(
  db: DatabaseOrTransaction,
  runId: string,
  outcome: { status: "DONE" | "FAILED"; message: string; result?: unknown },
  now = new Date(),
): Promise<void> {
  await db.syncRun.update({
    where: { id: runId },
    data: {
      status: outcome.status,
      message: outcome.message,
      finishedAt: now,
      ...(outcome.result === undefined ? {} : { result: JSON.stringify(outcome.result) }),
    },
  });
}

export function pendingItems(db: DatabaseOrTransaction, runId: string, limit: number): Promise<SyncRunItem[]> {
  return db.syncRunItem.findMany({ where: { runId, status: "PENDING" }, orderBy: { key: "asc" }, take: limit });
}

/** Records a row's outcome and the run's counts, together. */
export async function recordItem(
  db: DatabaseOrTransaction,
  runId: string,
  key: string,
  status: Exclude<ItemStatus, "PENDING">,
  message: string | null,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { count } = await tx.syncRunItem.updateMany({ where: { runId, key, status: "PENDING" }, data: { status, message } });
    if (count === 0) return;
    await tx.syncRun.update({
      where: { id: runId },
      data: { processed: { increment: 1 }, ...(status === "FAILED" ? { failed: { increment: 1 } } : {}) },
    });
  });
}

/** A run's rows, for the page: the failed ones first. */
export function itemsOf(db: DatabaseOrTransaction, runId: string, where: { status?: ItemStatus } = {}, take = 500): Promise<SyncRunItem[]> {
  return db.syncRunItem.findMany({ where: { runId, ...where }, orderBy: [{ status: "asc" }, { key: "asc" }], take });
}

/** The last outcome of each key over a shop's runs of a kind (the latest run that did it wins). */
export async function lastOutcomes(
  db: DatabaseOrTransaction,
  shop: string,
  kind: SyncRunKind,
  keys?: readonly string[],
): Promise<Map<string, { status: string; message: string | null; at: Date }>> {
  const items = await db.syncRunItem.findMany({
    where: { run: { shop, kind }, status: { not: "PENDING" }, ...(keys ? { key: { in: [...keys] } } : {}) },
    select: { key: true, status: true, message: true, run: { select: { startedAt: true } } },
    orderBy: { run: { startedAt: "asc" } },
  });
  return new Map(items.map((item) => [item.key, { status: item.status, message: item.message, at: item.run.startedAt }]));
}
