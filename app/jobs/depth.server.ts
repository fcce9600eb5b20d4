/** How deep the queue is, per kind: what an operator watches to see whether the workers keep up. */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface KindDepth {
  kind: string;
  /** PENDING jobs of the kind, due or scheduled for later. */
  pending: number;
  /** How long the longest-waiting due job has been due; 0 when none is. */
  oldestPendingAgeSeconds: number;
}

export async function queueDepthByKind(db: DatabaseOrTransaction, now: Date): Promise<KindDepth[]> {
  const [pending, due] = await Promise.all([
    db.job.groupBy({ by: ["kind"], where: { status: "PENDING" }, _count: { _all: true } }),
    db.job.groupBy({ by: ["kind"], where: { status: "PENDING", runAt: { lte: now } }, _min: { runAt: true } }),
  ]);
  const oldestDue = new Map(due.map((row) => [row.kind, row._min.runAt]));
  return pending.map((row) => {
    const runAt = oldestDue.get(row.kind);
    return {
      kind: row.kind,
      pending: row._count._all,
      oldestPendingAgeSeconds: runAt ? Math.max(0, (now.getTime() - runAt.getTime()) / 1000) : 0,
    };
  });
}
