/** A shop's job that gave up is told to the merchant (the worker's onDead, in the transaction that marks it DEAD). */
import type { DeadJobHook } from "~/jobs/run-job.server";
import { jobErrors } from "~/lib/words/en/job-errors";
import { jobErrorWithin, jobStoppedSay } from "~/lib/words/job-error-said";
import type { NestedSay } from "~/lib/words/reason-said";
import { ALERT_DETAIL_MAX, recordAlert } from "~/stores/alerts/alerts.server";

/** Where the work of a kind is seen and retried. */
function pageOf(kind: string): string {
  if (kind === "stock.sync") return "/app/stock";
  if (kind.startsWith("catalogue.")) return "/app/products";
  return "/app/shipments?filter=attention";
}

/**
 * The stop as the alert keeps it, within what an alert keeps: a long failure's own text (the end of
 * "Gave up after N attempts. …") cut so that the whole stays the sentence, said in each channel's
 * language, rather than the sentence's end cut off, which would leave the English as recorded.
 */
function stopFitted(kind: string, reason: string, say: NestedSay | undefined): { detail: string; say: NestedSay | undefined } {
  const fitted =
    say === undefined ? undefined : jobErrorWithin({ message: reason, say }, ALERT_DETAIL_MAX - jobErrors.jobStopped(kind, "").length);
  return fitted === undefined
    ? { detail: jobErrors.jobStopped(kind, reason), say }
    : { detail: jobErrors.jobStopped(kind, fitted.message), say: fitted.say };
}

export const recordDeadJobAlert: DeadJobHook = async (tx, job, reason, now, say) => {
  // A job of no shop is the operator's (logs and metrics); an alert's own delivery never dies of a
  // channel that is down (it waits), and one that died otherwise would only be told through itself.
  if (job.shop === null || job.kind.startsWith("alerts.")) return;
  const stop = stopFitted(job.kind, reason, say);
  await recordAlert(
    tx,
    {
      shop: job.shop,
      key: `job:${job.id}:${now.getTime()}`,
      kind: "JOB_DEAD",
      path: pageOf(job.kind),
      detail: stop.detail,
      // A reason kept as a sentence is said in each channel's language; the job's kind as the queue names it.
      detailSay: stop.say === undefined ? null : { group: "jobErrors", parts: [jobStoppedSay(job.kind, stop.say)] },
    },
    now,
  );
};
