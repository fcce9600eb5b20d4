/**
 * Alerts kept for the retention (housekeeping, decision 0021): an alert older than it whose every
 * message has gone (or was dropped) is deleted with its deliveries, then the messages nothing
 * points at any more. An alert still waiting for a channel stays, however old: nothing is lost.
 */
import type { Prisma } from "@prisma/client";
import type { DatabaseOrTransaction } from "../database/database.server";

export interface AlertsPurged {
  alerts: number;
  messages: number;
}

export async function purgeSettledAlerts(
  db: DatabaseOrTransaction,
  { createdBefore, batchSize, signal }: { createdBefore: Date; batchSize: number; signal?: AbortSignal },
): Promise<AlertsPurged> {
  const settledAlert: Prisma.AlertWhereInput = {
    createdAt: { lt: createdBefore },
    deliveries: { none: { OR: [{ messageId: null }, { message: { status: "PENDING" } }] } },
  };
  const settledMessage: Prisma.AlertMessageWhereInput = {
    createdAt: { lt: createdBefore },
    status: { in: ["SENT", "DROPPED"] },
    deliveries: { none: {} },
  };
  const purged: AlertsPurged = { alerts: 0, messages: 0 };
  for (const [table, where] of [
    ["alerts", settledAlert],
    ["messages", settledMessage],
  ] as const) {
    for (;;) {
      if (signal?.aborted) return purged;
      const batch =
        table === "alerts"
          ? await db.alert.findMany({ where, select: { id: true }, take: batchSize })
          : await db.alertMessage.findMany({ where, select: { id: true }, take: batchSize });
      if (batch.length === 0) break;
      const ids = { id: { in: batch.map((row) => row.id) } };
      const { count } =
        table === "alerts"
          ? await db.alert.deleteMany({ where: { ...settledAlert, ...ids } })
          : await db.alertMessage.deleteMany({ where: { ...settledMessage, ...ids } });
      purged[table] += count;
      if (batch.length < batchSize) break;
    }
  }
  return purged;
}
