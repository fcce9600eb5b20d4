/**
 * Pacing of a shop's Admin GraphQL calls within one process. Shopify's rate limit is a bucket per app
 * and shop, so the worker's jobs for one shop share it: a call is admitted once the bucket, as the
 * last answer reported it and refilled since, holds what it and the calls under way are expected to
 * cost, and calls for orders waiting for the app's answer (`first`) go before the others. Why:
 * docs/decisions/0010-pipeline-throughput.md (item 6) and 0032-batched-writes-and-orders-first.md.
 */
import type { AdminGraphql, AdminGraphqlResponse } from "./admin-graphql.server";
import { QueryCost, waitBeforeNextCall, type ThrottleStatus } from "./throttle";
import { z } from "zod";

/** Until an answer says otherwise: a standard plan's bucket. */
const STANDARD_BUCKET: ThrottleStatus = { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 100 };
/** What an unseen document is assumed to cost. */
const UNSEEN_COST = 50;
/**
 * Calls of one shop under way at once, at most. Shopify serves concurrent requests while the bucket
 * holds them; one at a time left a busy shop's fulfilments queued behind its reads. A document never
 * seen before goes alone, as its cost is unknown.
 */
export const MAX_IN_FLIGHT = 4;
/** How long a call that is not `first` waits behind `first` ones, at most, before it goes in turn. */
export const OTHERS_WAIT_AT_MOST_MS = 10_000;
/** Orders are being answered while a `first` call was admitted this recently. */
export const ANSWERING_MS = 2_000;
/** The share of the bucket the other calls leave to the orders being answered. */
export const LEFT_FOR_ORDERS = 0.5;

const CostOfAnswer = z.object({ extensions: z.object({ cost: QueryCost }).partial().optional() }).passthrough();

interface ShopBudget {
  last: ThrottleStatus;
  lastAt: number;
  /** The last requested cost of each document: the pipeline sends the same few again and again. */
  costOf: Map<string, number>;
  /** Calls waiting to be admitted, in the order they came. */
  waiting: Waiting[];
  /** Whether a loop is admitting the waiting calls now (one at a time per shop). */
  admitting: boolean;
  inFlight: number;
  /** What the calls under way were expected to cost. */
  reserved: number;
  /** When a `first` call was last admitted (-Infinity: never). */
  firstAdmittedAt: number;
  /** Resolves the admission waiting for a call to finish, if any. */
  onFinish: (() => void) | undefined;
  /** Resolves the admission waiting for points, if any, when another call comes (it may go first). */
  onArrival: (() => void) | undefined;
}

interface Waiting {
  query: string;
  first: boolean;
  since: number;
  admit(expected: number): void;
}

export interface PacingOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** This client's calls are for orders waiting for the app's answer: admitted before the shop's others. */
  first?: boolean;
}

const budgets = new Map<string, ShopBudget>();

function budgetOf(shop: string, now: number): ShopBudget {
  let budget = budgets.get(shop);
  if (!budget) {
    budget = {
      last: STANDARD_BUCKET,
      lastAt: now,
      costOf: new Map(),
      waiting: [],
      admitting: false,
      inFlight: 0,
      reserved: 0,
      firstAdmittedAt: -Infinity,
      onFinish: undefined,
      onArrival: undefined,
    };
    budgets.set(shop, budget);
  }
  return budget;
}

/** The costs an answer (or a refusal's body) reports, if it reports any. */
function costIn(body: unknown): QueryCost | undefined {
  const parsed = CostOfAnswer.safeParse(body);
  return parsed.success ? parsed.data.extensions?.cost : undefined;
}

/** The call to admit next: a `first` one, unless another has waited its most; else the oldest. */
function nextOf(waiting: readonly Waiting[], now: number): Waiting | undefined {
  const oldest = waiting[0];
  if (oldest === undefined || oldest.first || now - oldest.since >= OTHERS_WAIT_AT_MOST_MS) return oldest;
  return waiting.find((call) => call.first) ?? oldest;
}

/**
 * Admits the shop's waiting calls one after another, each once the bucket holds it, and returns
 * when none is waiting. The next one is chosen afresh after every wait, so a `first` call that
 * comes while another waits goes before it.
 *
 * Without a common view of the bucket, each job was throttled, waited, and woke with the others into
 * the same empty bucket (seen as a stall with 50 orders at once). When the bucket is short, a client
 * made with `first` (the planning jobs', decision 0032) is admitted before the shop's other waiting
 * calls (fulfilments, tracking events), and while orders are being answered (a `first` call in the
 * last ANSWERING_MS) the others leave half of the bucket to them; unless one of those has waited
 * OTHERS_WAIT_AT_MOST_MS already. In a sale the bucket is what bounds how soon an order is accepted;
 * a fulfilment whose tracking is known can wait a few seconds without the customer noticing.
 */
async function admitWaiting(budget: ShopBudget, now: () => number, sleep: (ms: number) => Promise<void>): Promise<void> {
  if (budget.admitting) return;
  budget.admitting = true;
  const finished = () => new Promise<void>((resolve) => (budget.onFinish = resolve));
  const arrival = () => new Promise<void>((resolve) => (budget.onArrival = resolve));
  try {
    for (;;) {
      const next = nextOf(budget.waiting, now());
      if (next === undefined) return;
      const seen = budget.costOf.get(next.query);
      const expected = seen ?? UNSEEN_COST;
      if (budget.inFlight > 0 && (seen === undefined || budget.inFlight >= MAX_IN_FLIGHT)) {
        await finished();
        continue;
      }
      // While orders are being answered, another call that has not waited its most leaves them half the bucket.
      const leaveForOrders =
        !next.first && now() - budget.firstAdmittedAt < ANSWERING_MS && now() - next.since < OTHERS_WAIT_AT_MOST_MS
          ? LEFT_FOR_ORDERS * budget.last.maximumAvailable
          : 0;
      const wait = waitBeforeNextCall(budget.last, expected + budget.reserved + leaveForOrders, now() - budget.lastAt);
      if (wait > 0) {
        // Calls under way will report the bucket afresh; otherwise wait for it to refill. A call
        // that comes meanwhile may be one to go first: the choice is made again.
        // Leaving half to the orders lasts only while they are being answered.
        const sleepMs = leaveForOrders > 0 ? Math.min(wait, Math.max(1, budget.firstAdmittedAt + ANSWERING_MS - now())) : wait;
        await Promise.race([budget.inFlight > 0 ? finished() : sleep(sleepMs), arrival()]);
        continue;
      }
      budget.waiting.splice(budget.waiting.indexOf(next), 1);
      budget.inFlight++;
      budget.reserved += expected;
      if (next.first) budget.firstAdmittedAt = now();
      next.admit(expected);
    }
  } finally {
    budget.admitting = false;
  }
}

/** An Admin client paced to its shop's bucket, which also tells how full that bucket is. */
export interface PacedAdminGraphql extends AdminGraphql {
  /**
   * The share of the shop's bucket free now (0 to 1): as the last answer reported it, refilled
   * since, less what the calls under way may take. Undefined before the first answer.
   */
  budgetLeft(): number | undefined;
}

/** `admin` with its calls for `shop` paced to the shop's bucket. */
export function pacedAdminGraphql(shop: string, admin: AdminGraphql, options: PacingOptions = {}): PacedAdminGraphql {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  return {
    budgetLeft() {
      const budget = budgets.get(shop);
      if (budget === undefined || budget.last === STANDARD_BUCKET) return undefined;
      const { currentlyAvailable, maximumAvailable, restoreRate } = budget.last;
      const refilled = Math.min(maximumAvailable, currentlyAvailable + (restoreRate * (now() - budget.lastAt)) / 1000);
      return Math.max(0, refilled - budget.reserved) / maximumAvailable;
    },
    graphql(query, graphqlOptions) {
      const budget = budgetOf(shop, now());
      const admitted = new Promise<number>((admit) => budget.waiting.push({ query, first: options.first ?? false, since: now(), admit }));
      const wake = budget.onArrival;
      budget.onArrival = undefined;
      wake?.();
      void admitWaiting(budget, now, sleep);
      const note = (cost: QueryCost | undefined) => {
        if (!cost) return;
        budget.last = cost.throttleStatus;
        budget.lastAt = now();
        budget.costOf.set(query, cost.requestedQueryCost);
      };
      const run = async (expected: number): Promise<AdminGraphqlResponse> => {
        try {
          const response = await admin.graphql(query, graphqlOptions);
          const body: unknown = await response.json();
          note(costIn(body));
          return { status: response.status, json: async () => body };
        } catch (error) {
          // The Remix client throws on GraphQL errors (THROTTLED among them), with the body attached.
          note(costIn(error instanceof Error && "body" in error ? error.body : undefined));
          throw error;
        } finally {
          budget.inFlight--;
          budget.reserved -= expected;
          const wake = budget.onFinish;
          budget.onFinish = undefined;
          wake?.();
        }
      };
      return admitted.then(run);
    },
  };
}
