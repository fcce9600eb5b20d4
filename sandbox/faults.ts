/**
 * Faults on demand, so clients can prove they survive a bad day: 429 with Retry-After, 500, a
 * response that never comes (timeout) or a connection closed mid-request (drop). Planned faults
 * (control route) hit the next matching calls; `--fault-rate` adds random ones. A fault happens
 * before the operation runs, so nothing changes, unless it is planned with `afterProcessing`: then
 * the operation runs and only its answer is lost, the case that tests idempotent resends.
 */
import { z } from "zod";
import { operations } from "../app/fulfilment/operations";

export const FAULT_KINDS = ["429", "500", "timeout", "drop"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultPlan = z.object({
  operation: z.string().refine((name) => name === "*" || Object.hasOwn(operations, name), {
    error: `must be "*" or an operation name: ${Object.keys(operations).join(", ")}`,
  }),
  kind: z.enum(FAULT_KINDS, { error: `must be one of ${FAULT_KINDS.join(", ")}` }),
  count: z.number().int().min(1).default(1),
  retryAfterSeconds: z.number().int().min(0).default(1),
  afterProcessing: z.boolean().default(false),
});
export type FaultPlan = z.output<typeof FaultPlan>;

export interface Fault {
  readonly kind: FaultKind;
  readonly retryAfterSeconds: number;
  readonly afterProcessing: boolean;
}

export class Faults {
  private planned: FaultPlan[] = [];

  constructor(
    private readonly random: () => number,
    private readonly rate: number,
    private readonly kinds: readonly FaultKind[],
  ) {}

  plan(plan: FaultPlan): void {
    this.planned.push({ ...plan });
  }

  clear(): void {
    this.planned = [];
  }

  pending(): readonly FaultPlan[] {
    return this.planned.map((p) => ({ ...p }));
  }

  /** The fault the next call of `operation` suffers, if any; planned faults first, in the order planned. */
  next(operation: string): Fault | undefined {
    const plan = this.planned.find((p) => p.operation === "*" || p.operation === operation);
    if (plan !== undefined) {
      plan.count -= 1;
      if (plan.count === 0) this.planned = this.planned.filter((p) => p !== plan);
      return { kind: plan.kind, retryAfterSeconds: plan.retryAfterSeconds, afterProcessing: plan.afterProcessing };
    }
    if (this.rate > 0 && this.random() < this.rate) {
      const kind = this.kinds[Math.floor(this.random() * this.kinds.length)] ?? "500";
      return { kind, retryAfterSeconds: 1, afterProcessing: false };
    }
    return undefined;
  }
}
