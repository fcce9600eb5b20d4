/**
 * A queue bound to its kinds: what producers use, so every enqueue is typed by the kind it names
 * and checked against that kind's schema. The app makes its one queue in app/flows/queue.
 */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { enqueueCoalesced, type CoalescedWork } from "./coalesce.server";
import { enqueue, enqueueArgs, type Enqueued, type EnqueueRequest } from "./enqueue.server";
import type { JobKinds, KindOf } from "./kind-schemas";

export interface JobQueue<S extends JobKinds> {
  readonly kinds: S;
  /** The kinds no one waits for: they run after every due job of the other kinds (decision 0058). */
  readonly later: ReadonlySet<string>;
  enqueue<K extends KindOf<S>>(db: DatabaseOrTransaction, request: EnqueueRequest<S, K>): Promise<Enqueued>;
  /** At most one waiting job per kind and shop absorbs any number of triggers (coalesce.server.ts). */
  enqueueCoalesced<K extends KindOf<S>>(db: DatabaseOrTransaction, work: CoalescedWork<S, K>, now?: Date): Promise<Enqueued>;
  /** ENQUEUE_SQL's arguments with the payload checked, for writers that run the SQL themselves. */
  enqueueArgs<K extends KindOf<S>>(request: EnqueueRequest<S, K>, now: Date): unknown[];
}

export function jobQueue<S extends JobKinds>(kinds: S, options: { later?: readonly KindOf<S>[] } = {}): JobQueue<S> {
  const later: ReadonlySet<string> = new Set(options.later ?? []);
  return {
    kinds,
    later,
    enqueue: (db, request) => enqueue(db, kinds, request, later),
    enqueueCoalesced: (db, work, now) => enqueueCoalesced(db, kinds, work, now, later),
    enqueueArgs: (request, now) => enqueueArgs(kinds, request, now, later),
  };
}
