/**
 * The fulfillment-service callback: Shopify POSTs `{callbackUrl}/fulfillment_order_notification`
 * with `{"kind": "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST"}` when a merchant asks one of the
 * app's warehouses to fulfil, or to cancel. The body names no fulfillment order, and its signature is
 * the same for every shop, so a call stores nothing of its own: it only wakes the shop's one fetch
 * job, which reads every request assigned to the app's locations. Why:
 * docs/decisions/0014-hardening-intake-keys-and-addresses.md.
 */
import { z } from "zod";
import type { JobKind } from "~/flows/queue/job-kinds";
import { isPostgres, writeAtOnce, type Database } from "~/stores/database/database.server";
import { PerKeyThrottle } from "./per-key-throttle.server";
import { queueAtOnce, queueInOneStatement } from "./record-at-once.server";
import type { VerifiedCallback } from "./verify-webhook.server";
import { log } from "~/lib/log.server";
import { callbackWakeUps, countPendingWakeUpsWith } from "~/metrics/metrics.server";

type FetchKind = Extract<JobKind, "plan.requests" | "cancel.requests">;

const Notification = z.object({ kind: z.enum(["FULFILLMENT_REQUEST", "CANCELLATION_REQUEST"]) });

const JOB_FOR: Record<z.infer<typeof Notification>["kind"], FetchKind> = {
  FULFILLMENT_REQUEST: "plan.requests",
  CANCELLATION_REQUEST: "cancel.requests",
};

/**
 * One wake-up per shop and kind per second, in this process: anyone who has seen one call can send
 * it again, under any shop's name. The calls in between are folded into one wake-up at the second's
 * end (PerKeyThrottle), and the fetch job is coalesced (a waiting job absorbs it). A replay
 * therefore costs the route's session lookup, and at most a read of the requests Shopify really
 * assigned: no receipt, no new work, nothing another shop can see.
 */
export const WAKE_WINDOW_MS = 1_000;

const appThrottle = new PerKeyThrottle(WAKE_WINDOW_MS, (error) =>
  log.error({ err: error }, "Fulfillment service: a deferred wake-up could not be written"),
);
countPendingWakeUpsWith(() => appThrottle.pending);

export type NotificationOutcome =
  /** The shop's fetch jobs were woken now (their ids). */
  | { status: "woken"; jobIds: string[] }
  /** Folded into the wake-up at the end of the shop's current second. */
  | { status: "deferred" };

/** On PostgreSQL in one statement (decision 0064); on SQLite by the write program, synchronously. */
async function wake(db: Database, shop: string, kind: FetchKind, now: () => Date): Promise<string> {
  const job = { coalesced: { kind, payload: {}, shop, triggerId: "callback" } };
  const queued = isPostgres(db) ? await queueInOneStatement(db, job, now()) : await writeAtOnce(db, () => queueAtOnce(job, now()));
  return queued.jobId;
}

/**
 * Wakes the shop's fetch job for the notification's kind; both, when the signed body cannot be
 * read (a fetch of either kind only reads what Shopify has assigned: waking one for nothing is
 * cheap, missing a request is not).
 */
export async function wakeForFulfillmentServiceNotification(
  db: Database,
  callback: VerifiedCallback,
  options: { throttle?: PerKeyThrottle; now?: () => Date } = {},
): Promise<NotificationOutcome> {
  const { shop } = callback;
  const parsed = Notification.safeParse(callback.payload);
  if (!parsed.success) {
    log.warn(
      { shop, problem: callback.unreadable ?? z.prettifyError(parsed.error) },
      "Fulfillment service: a notification that cannot be read; both fetches woken",
    );
  }
  const kinds: FetchKind[] = parsed.success ? [JOB_FOR[parsed.data.kind]] : ["plan.requests", "cancel.requests"];
  const throttle = options.throttle ?? appThrottle;
  const now = options.now ?? (() => new Date());
  const written = kinds.flatMap((kind) => {
    const atOnce = throttle.run(`${shop} ${kind}`, () => wake(db, shop, kind, now));
    callbackWakeUps.inc({ outcome: atOnce === null ? "folded" : "woken" });
    return atOnce ?? [];
  });
  if (written.length === 0) return { status: "deferred" };
  try {
    return { status: "woken", jobIds: await Promise.all(written) };
  } catch (error) {
    throw new Error(`Could not wake the fulfillment-service jobs of ${shop}; answering 500 so that Shopify sends it again`, {
      cause: error,
    });
  }
}
