/**
 * A queue bound to its kinds: what producers use, so every enqueue is typed by the kind it names
 * and checked against that kind's schema. The app makes its one queue in app/flows/queue.
 */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { enqueueCoalesced, type CoalescedWork } from "./coalesce.server";
import { enqueue, enqueueArgs, type Enqueued, type EnqueueRequest } from "./enqueue.server";
import type { JobKinds, KindOf } from "./kind-schemas";
import type { JobTiers } from "./tiers";

export interface JobQueue<S extends JobKinds> {
  readonly kinds: S;
  /** The kinds that run before every other due job, and those no one waits for, which run after (tiers.ts). */
  readonly tiers: JobTiers;
  enqueue<K extends KindOf<S>>(db: DatabaseOrTransaction, request: EnqueueRequest<S, K>): Promise<Enqueued>;
  /** At most one waiting job per kind and shop absorbs any number of triggers (coalesce.server.ts). */
  enqueueCoalesced<K extends KindOf<S>>(db: DatabaseOrTransaction, work: CoalescedWork<S, K>, now?: Date): Promise<Enqueued>;
  /** ENQUEUE_SQL's arguments with the payload checked, for writers that run the SQL themselves. */
  enqueueArgs<K extends KindOf<S>>(request: EnqueueRequest<S, K>, now: Date): unknown[];
}

export function jobQueue<S extends JobKinds>(
  kinds: S,
  options: { first?: readonly KindOf<S>[]; later?: readonly KindOf<S>[] } = {},
): JobQueue<S> {
  const tiers: JobTiers = { first: new Set(options.first ?? []), later: new Set(options.later ?? []) };
  const both = [...tiers.first].filter((kind) => tiers.later.has(kind));
  if (both.length > 0) throw new Error(`A job kind cannot run both first and later: ${both.join(", ")}`);
  return {
    kinds,
    tiers,
    enqueue: (db, request) => enqueue(db, kinds, request, tiers),
    enqueueCoalesced: (db, work, now) => enqueueCoalesced(db, kinds, work, now, tiers),
    enqueueArgs: (request, now) => enqueueArgs(kinds, request, now, tiers),
  };
}
