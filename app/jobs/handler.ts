/**
 * What a job handler is, what it is given, and what it can say besides "done" (return) and
 * "failed, try again with backoff" (throw anything else).
 */
import type { Prisma } from "@prisma/client";
import type { Logger } from "~/lib/log.server";
import type { Said } from "~/lib/words/reason-said";
import type { Database } from "~/stores/database/database.server";
import type { JobKinds, KindOf, PayloadOf } from "./kind-schemas";

export interface JobContext {
  /** The app's client. Not for use inside `complete`: that callback has its own transaction. */
  readonly db: Database;
  readonly shop: string | null;
  readonly jobId: string;
  /** 1 on the first run; runs rescheduled with RetryLater do not count. */
  readonly attempt: number;
  readonly logger: Logger;
  /**
   * Aborted when the worker lost the job's lease (it was too slow or the database was unreachable,
   * and another worker may now hold it) or when the worker is stopping and its grace time is over.
   * Pass it to fetch so the provider call stops too.
   */
  readonly signal: AbortSignal;
  /**
   * Writes the job's database effects and marks it DONE in one transaction, provided this worker
   * still holds the lease; otherwise nothing is written and LeaseLost is thrown. A crash before
   * this commits leaves neither the effects nor DONE, and the job runs again: effects written here
   * happen exactly once. Returning without calling it marks the job DONE all the same.
   */
  complete<T>(write: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T>;
}

export type JobHandler<Payload> = (payload: Payload, ctx: JobContext) => Promise<void>;

/** The handlers one worker runs; it claims only jobs of these kinds. */
export type JobHandlers<S extends JobKinds> = { readonly [K in KindOf<S>]?: JobHandler<PayloadOf<S, K>> };

/**
 * Why a job failed or waits: a text, or a sentence of the catalogue (`Said`, lib/words) the job
 * keeps beside its English (`Job.lastErrorSay`), so the admin and the alerts say it in the
 * merchant's language. A sentence for what a merchant must act on; a text for the operator's logs.
 */
export type JobReason = string | Said;

const messageOf = (reason: JobReason) => (typeof reason === "string" ? reason : reason.message);
const saidOf = (reason: JobReason) => (typeof reason === "string" ? undefined : reason);

/** Not a failure: the job is to run again at `at` (a provider's Retry-After), attempts unchanged. */
export class RetryLater extends Error {
  override readonly name = "RetryLater";
  /** The reason as a sentence, when it was given as one. */
  readonly said: Said | undefined;
  constructor(
    readonly at: Date,
    reason: JobReason,
  ) {
    super(messageOf(reason));
    this.said = saidOf(reason);
  }
}

/** Retrying cannot help (the provider refused the request as invalid): the job goes DEAD at once. */
export class PermanentFailure extends Error {
  override readonly name = "PermanentFailure";
  /** The reason as a sentence, when it was given as one (a person must act: the merchant reads it). */
  readonly said: Said | undefined;
  constructor(reason: JobReason) {
    super(messageOf(reason));
    this.said = saidOf(reason);
  }
}

/** The worker no longer holds the job: another worker may be running it, so nothing was written. */
export class LeaseLost extends Error {
  override readonly name = "LeaseLost";
}
