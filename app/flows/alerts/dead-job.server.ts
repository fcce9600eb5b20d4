/** A shop's job that gave up is told to the merchant (the worker's onDead, in the transaction that marks it DEAD). */
import type { DeadJobHook } from "~/jobs/run-job.server";
import { jobErrors } from "~/lib/words/en/job-errors";
import { jobStoppedSay } from "~/lib/words/job-error-said";
import { recordAlert } from "~/stores/alerts/alerts.server";

/** Where the work of a kind is seen and retried. */
function pageOf(kind: string): string {
  if (kind === "stock.sync") return "/app/stock";
  if (kind.startsWith("catalogue.")) return "/app/products";
  return "/app/shipments?filter=attention";
}

export const recordDeadJobAlert: DeadJobHook = async (tx, job, reason, now, say) => {
  // A job of no shop is the operator's (logs and metrics); an alert's own delivery never dies of a
  // channel that is down (it waits), and one that died otherwise would only be told through itself.
  if (job.shop === null || job.kind.startsWith("alerts.")) return;
  await recordAlert(
    tx,
    {
      shop: job.shop,
      key: `job:${job.id}:${now.getTime()}`,
      kind: "JOB_DEAD",
      path: pageOf(job.kind),
      detail: jobErrors.jobStopped(job.kind, reason),
      // A reason kept as a sentence is said in each channel's language; the job's kind as the queue names it.
      detailSay: say === undefined ? null : { group: "jobErrors", parts: [jobStoppedSay(job.kind, say)] },
    },
    now,
  );
};
