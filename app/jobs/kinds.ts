/**
 * The registry of job kinds: each kind's payload schema. A payload is parsed with it when queued
 * (a bug in the producer fails at once) and again before its handler runs (a row written by an
 * older version, or by hand, goes DEAD with the reason instead of reaching the handler).
 *
 * Payloads are stored as JSON, so a schema must describe JSON and survive a round trip through
 * JSON.stringify. They carry references (shop, fulfillment order id, PackageId), never personal
 * data: the handler reads the current facts when it runs.
 */
import { z } from "zod";
import { intakeJobPayloadSchemas } from "./kinds/intake";
import { pipelineJobPayloadSchemas } from "./kinds/pipeline";

export const jobPayloadSchemas = {
  /** Does nothing. Ops queue one to see that workers are running; tests and the benchmark use it. */
  noop: z.strictObject({ note: z.string().max(200).optional() }),
  ...intakeJobPayloadSchemas,
  ...pipelineJobPayloadSchemas,
} satisfies Record<string, z.ZodType>;

export type JobKind = keyof typeof jobPayloadSchemas;
export const jobKinds = Object.keys(jobPayloadSchemas).filter(isJobKind);

/** What a handler receives. */
export type JobPayload<K extends JobKind> = z.output<(typeof jobPayloadSchemas)[K]>;
/** What enqueue accepts. */
export type JobPayloadInput<K extends JobKind> = z.input<(typeof jobPayloadSchemas)[K]>;

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(jobPayloadSchemas, kind);
}
