/**
 * Which due jobs a worker takes first (decisions 0058 and 0059): the lowest tier among due jobs,
 * however long a higher one has been due; within a tier, oldest first. The queue knows no kind of
 * its own: the app names the kinds that go first and those no one waits for
 * (app/flows/queue/job-kinds.ts), and each job keeps its kind's tier (`Job.tier`).
 */
export const TIER = { first: 0, ordinary: 1, later: 2 } as const;
export type JobTier = (typeof TIER)[keyof typeof TIER];
/** Every tier, lowest first: the claim scans each in turn (claim.server.ts). */
export const TIERS: readonly JobTier[] = [TIER.first, TIER.ordinary, TIER.later];

export interface JobTiers {
  /** Kinds run before every other due job. */
  readonly first: ReadonlySet<string>;
  /** Kinds run after every other due job: work no one waits for. */
  readonly later: ReadonlySet<string>;
}

export const ALL_ORDINARY: JobTiers = { first: new Set(), later: new Set() };

export function tierOf(tiers: JobTiers, kind: string): JobTier {
  if (tiers.first.has(kind)) return TIER.first;
  return tiers.later.has(kind) ? TIER.later : TIER.ordinary;
}
