/**
 * Queueing work that reads the shop's current state when it runs ("fetch the fulfillment requests
 * assigned to us"), so one waiting job answers any number of triggers. Only a PENDING job absorbs a
 * trigger: a RUNNING one may have read Shopify before the new request existed, so the trigger takes
 * the next of the keys in coalescedKeys. Why: docs/decisions/0005-embedded-job-queue.md and 0006.
 */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { enqueue, type Enqueued } from "./enqueue.server";
import type { JobKinds, KindOf, PayloadInputOf } from "./kind-schemas";
import type { JobTiers } from "./tiers";

export interface CoalescedWork<S extends JobKinds, K extends KindOf<S>> {
  kind: K;
  payload: PayloadInputOf<S, K>;
  shop: string;
  /** What makes this trigger unique (its event id): the key of last resort. */
  triggerId: string;
}

/** How long the third key's job waits before it starts, gathering the triggers of a burst. */
export const COALESCE_DELAY_MS = 1_000;

/**
 * The keys tried in turn (shared with the intake's synchronous path, record-at-once.server.ts). The
 * queue's dedupe key means "at most one live job", so a trigger that arrives while the key's job is
 * RUNNING would be dropped. Past a running one, a second key takes it; past that, a third key whose
 * job starts a moment later (so it stays PENDING long enough to absorb a burst of triggers), and
 * only past all three, a key of its own. Without the delayed key, a burst of requests while two runs
 * were under way made one job per request, each reading every requested fulfillment order again.
 */
export function coalescedKeys(work: { kind: string; shop: string; triggerId: string }, now: Date): { dedupeKey: string; runAt?: Date }[] {
  const base = `${work.kind}:${work.shop}`;
  const later = new Date(now.getTime() + COALESCE_DELAY_MS);
  return [
    { dedupeKey: base },
    { dedupeKey: `${base}:next` },
    { dedupeKey: `${base}:later`, runAt: later },
    { dedupeKey: `${base}:${work.triggerId}` },
  ];
}

export async function enqueueCoalesced<S extends JobKinds, K extends KindOf<S>>(
  tx: DatabaseOrTransaction,
  kinds: S,
  work: CoalescedWork<S, K>,
  now = new Date(),
  tiers?: JobTiers,
): Promise<Enqueued> {
  let last: Enqueued | undefined;
  for (const { dedupeKey, runAt } of coalescedKeys(work, now)) {
    const request = { kind: work.kind, payload: work.payload, shop: work.shop, dedupeKey, ...(runAt ? { runAt } : {}) };
    last = await enqueue(tx, kinds, request, tiers);
    if (last.enqueued || last.status === "PENDING") return last;
  }
  // The trigger's own key was live already: this very trigger is queued.
  if (last === undefined) throw new Error("unreachable: at least one key was tried");
  return last;
}
