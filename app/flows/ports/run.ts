/**
 * What every flow's job handler does around its use case: the shop the job names, the flows'
 * dependencies, and the provider's and Shopify's "wait" turned into RetryLater (not an attempt).
 */
import { PermanentFailure, type JobContext } from "~/jobs/handler";
import type { PipelineDeps } from "./deps";
import { respectingWaits } from "./errors";

/** The flows' dependencies, loaded when the first job runs (so naming a handler needs no credentials). */
export type DepsSource = () => Promise<PipelineDeps>;

export function shopOf(ctx: JobContext): string {
  if (ctx.shop === null) throw new PermanentFailure("The job names no shop");
  return ctx.shop;
}

/** Runs `work` with the dependencies; waits the other side asked for become RetryLater. */
export async function withDeps(source: DepsSource, work: (deps: PipelineDeps) => Promise<void>): Promise<void> {
  const deps = await source();
  await respectingWaits(deps.now, deps.policy, () => work(deps));
}
