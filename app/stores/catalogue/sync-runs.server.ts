/**
 * Background work a merchant starts or a schedule runs (reading the catalogue, registering SKUs,
 * syncing stock): its progress, which the page's progress bar shows while the merchant watches,
 * and each row's outcome. A run survives a crash of its job: the job resumes the RUNNING run and
 * its PENDING items. What a run says of itself is `Said`: its English message in `message`, and the
 * sentence's key in the result JSON (run-said.ts), so each page says it in its reader's language.
 */
import type { SyncRun, SyncRunItem } from "@prisma/client";
import { partsSayOf, type PartsSay } from "~/lib/words/parts-said";
import type { Said } from "~/lib/words/reason-said";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { withSay } from "./run-say";

export type SyncRunKind = "CATALOGUE_READ" | "SKU_REGISTER" | "STOCK_SYNC";
export type SyncTrigger = "MERCHANT" | "SCHEDULE" | "SETUP" | "PROVIDER_CHANGE";
export type ItemStatus = "PENDING" | "DONE" | "FAILED" | "SKIPPED";

export function startRun(
  db: DatabaseOrTransaction,
  input: { shop: string; kind: SyncRunKind; trigger: SyncTrigger; items?: readonly string[]; said?: Said },
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
        message: input.said?.message ?? null,
        ...(input.said === undefined ? {} : { result: JSON.stringify(withSay(null, input.said.say)) }),
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

/** The result to store: the one given, or the stored one, with what the run says now put into it. */
async function resultWith(db: DatabaseOrTransaction, runId: string, result: unknown, said: Said | undefined): Promise<{ result?: string }> {
  if (said === undefined) return result === undefined ? {} : { result: JSON.stringify(result) };
  if (result !== undefined) return { result: JSON.stringify(withSay(result, said.say)) };
  const stored = await db.syncRun.findUnique({ where: { id: runId }, select: { result: true } });
  let kept: unknown = null;
  try {
    kept = stored?.result ? JSON.parse(stored.result) : null;
  } catch {
    kept = null;
  }
  return { result: JSON.stringify(withSay(kept, said.say)) };
}

export async function updateRun(
  db: DatabaseOrTransaction,
  runId: string,
  changes: { total?: number; processed?: number; failed?: number; said?: Said; result?: unknown },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const result = await resultWith(tx, runId, changes.result, changes.said);
    await tx.syncRun.update({
      where: { id: runId },
      data: {
        ...(changes.total === undefined ? {} : { total: changes.total }),
        ...(changes.processed === undefined ? {} : { processed: changes.processed }),
        ...(changes.failed === undefined ? {} : { failed: changes.failed }),
        ...(changes.said === undefined ? {} : { message: changes.said.message }),
        ...result,
      },
    });
  });
}

export async function finishRun(
  db: DatabaseOrTransaction,
  runId: string,
  outcome: { status: "DONE" | "FAILED"; said: Said; result?: unknown },
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const result = await resultWith(tx, runId, outcome.result, outcome.said);
    await tx.syncRun.update({
      where: { id: runId },
      data: { status: outcome.status, message: outcome.said.message, finishedAt: now, ...result },
    });
  });
}

export function pendingItems(db: DatabaseOrTransaction, runId: string, limit: number): Promise<SyncRunItem[]> {
  return db.syncRunItem.findMany({ where: { runId, status: "PENDING" }, orderBy: { key: "asc" }, take: limit });
}

/** A row's answer: its English, and the sentences it was made from, so the admin says it in the merchant's language. */
export interface ItemSaid {
  message: string;
  say: PartsSay;
}

/** Records a row's outcome and the run's counts, together. */
export async function recordItem(
  db: DatabaseOrTransaction,
  runId: string,
  key: string,
  status: Exclude<ItemStatus, "PENDING">,
  said: ItemSaid | null,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { count } = await tx.syncRunItem.updateMany({
      where: { runId, key, status: "PENDING" },
      data: { status, message: said?.message ?? null, messageSay: said === null ? null : JSON.stringify(said.say) },
    });
    if (count === 0) return;
    await tx.syncRun.update({
      where: { id: runId },
      data: { processed: { increment: 1 }, ...(status === "FAILED" ? { failed: { increment: 1 } } : {}) },
    });
  });
}

/** A run's rows of one status after `afterKey`, in key order, `take` at a time: a run of any size read page by page. */
export function itemsAfter(
  db: DatabaseOrTransaction,
  runId: string,
  status: ItemStatus,
  afterKey: string | null,
  take: number,
): Promise<SyncRunItem[]> {
  return db.syncRunItem.findMany({
    where: { runId, status, ...(afterKey === null ? {} : { key: { gt: afterKey } }) },
    orderBy: { key: "asc" },
    take,
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
): Promise<Map<string, { status: string; message: string | null; say: PartsSay | undefined; at: Date }>> {
  const items = await db.syncRunItem.findMany({
    where: { run: { shop, kind }, status: { not: "PENDING" }, ...(keys ? { key: { in: [...keys] } } : {}) },
    select: { key: true, status: true, message: true, messageSay: true, run: { select: { startedAt: true } } },
    orderBy: { run: { startedAt: "asc" } },
  });
  return new Map(
    items.map((item) => [
      item.key,
      { status: item.status, message: item.message, say: partsSayOf(item.messageSay), at: item.run.startedAt },
    ]),
  );
}
