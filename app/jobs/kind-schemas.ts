/**
 * What a queue's kinds are, generically: each kind's payload schema. The queue knows no kind of its
 * own; the app's kinds and their handlers are registered in app/flows (queue/job-kinds.ts and
 * job-handlers.server.ts). A payload is parsed when queued and again before its handler runs (a row
 * written by an older version goes DEAD with the reason: docs/decisions/0005-embedded-job-queue.md).
 */
import type { z } from "zod";

/** Payloads are stored as JSON, so a schema must describe JSON and survive a round trip through JSON.stringify. */
export type JobKinds = { readonly [kind: string]: z.ZodType };

export type KindOf<S extends JobKinds> = keyof S & string;

/** What a handler of kind K receives. */
export type PayloadOf<S extends JobKinds, K extends KindOf<S>> = z.output<S[K]>;

/** What enqueue accepts for kind K. */
export type PayloadInputOf<S extends JobKinds, K extends KindOf<S>> = z.input<S[K]>;

export function isKindOf<S extends JobKinds>(kinds: S, kind: string): kind is KindOf<S> {
  return Object.hasOwn(kinds, kind);
}
