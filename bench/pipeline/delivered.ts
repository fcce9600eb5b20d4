/**
 * An order's whole way through the worker, for its CPU per order: once the run's figures are taken
 * (every order fulfilled with tracking), the run goes on until every parcel is DELIVERED, its
 * tracking checkpoints written to Shopify. How many parcels a run had tracked when its last order was
 * fulfilled varies with how fast it went, and each tracked parcel's checkpoints are a large share of
 * the worker's statements; counted to delivery, every order is the same work in every run. On
 * PostgreSQL the workers' statements are counted too, and the intakes': figures the machine's load
 * does not move.
 */
import type { Harness } from "../../test/pipeline/harness";
import type { IntakesReport, WorkerProcess } from "./processes";

export interface DeliveredWork {
  delivered: number;
  checkpoints: number;
  /** CPU time (user and system) of all workers, from ready to the last parcel delivered. */
  cpuMs: number;
  /** Statements all workers sent to PostgreSQL, from ready to the last parcel delivered (0 on SQLite). */
  statements: number;
  /** Statements the intakes sent to PostgreSQL, from listening to the last parcel delivered (0 on SQLite). */
  intakeStatements: number;
}

/** Waits until `parcels` shipments are DELIVERED (or the deadline passes), then the workers' CPU. */
export async function followToDelivered(
  harness: Harness,
  workers: WorkerProcess[],
  parcels: number,
  deadline: number,
  intakes: () => Promise<IntakesReport>,
): Promise<DeliveredWork> {
  let delivered = 0;
  while (Date.now() < deadline) {
    delivered = await harness.db.shipment.count({ where: { state: "DELIVERED" } });
    if (delivered >= parcels) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const reports = await Promise.all(workers.map((worker) => worker.report()));
  const intakesReport = await intakes();
  return {
    delivered,
    checkpoints: await harness.db.shipmentCheckpoint.count(),
    cpuMs: reports.reduce((sum, report) => sum + report.cpuMs, 0),
    statements: reports.reduce((sum, report) => sum + report.statements, 0),
    intakeStatements: intakesReport.statements,
  };
}

/** The report's line for the work to delivery. */
export function describeDelivered(work: DeliveredWork, parcels: number): string {
  const perOrder = (n: number) => (n / Math.max(1, work.delivered)).toFixed(1);
  const statements =
    work.statements > 0
      ? `; statements to PostgreSQL ${work.statements} = ${perOrder(work.statements)} per order delivered` +
        ` (the intakes' ${work.intakeStatements} = ${perOrder(work.intakeStatements)} per order)`
      : "";
  return `worker CPU to every parcel delivered: ${work.delivered}/${parcels} delivered, ${work.checkpoints} tracking checkpoints written (${perOrder(work.checkpoints)} a parcel); ${(work.cpuMs / 1000).toFixed(1)} s = ${perOrder(work.cpuMs)} ms per order delivered${statements}`;
}
