/**
 * Pacing of a shop's Admin GraphQL calls within one process. Shopify's rate limit is a bucket per app
 * and shop, so the worker's jobs for one shop share it: without a common view, each job is throttled,
 * waits, and wakes with the others into the same empty bucket (seen as a stall with 50 orders at
 * once). Here a shop's calls go one at a time, and each waits until the bucket, as the last answer
 * reported it and refilled since, holds what this document cost the last time.
 */
import type { AdminGraphql, AdminGraphqlResponse } from "./admin-graphql.server";
import { QueryCost, waitBeforeNextCall, type ThrottleStatus } from "./throttle";
import { z } from "zod";

/** Until an answer says otherwise: a standard plan's bucket. */
const STANDARD_BUCKET: ThrottleStatus = { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 100 };
/** What an unseen document is assumed to cost. */
const UNSEEN_COST = 50;

const CostOfAnswer = z.object({ extensions: z.object({ cost: QueryCost }).partial().optional() }).passthrough();

interface ShopBudget {
  last: ThrottleStatus;
  lastAt: number;
  /** The last requested cost of each document: the pipeline sends the same few again and again. */
  costOf: Map<string, number>;
  /** The shop's calls, one after another. */
  queue: Promise<unknown>;
}

export interface PacingOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const budgets = new Map<string, ShopBudget>();

function budgetOf(shop: string, now: number): ShopBudget {
  let budget = budgets.get(shop);
  if (!budget) {
    budget = { last: STANDARD_BUCKET, lastAt: now, costOf: new Map(), queue: Promise.resolve() };
    budgets.set(shop, budget);
  }
  return budget;
}

/** The costs an answer (or a refusal's body) reports, if it reports any. */
function costIn(body: unknown): QueryCost | undefined {
  const parsed = CostOfAnswer.safeParse(body);
  return parsed.success ? parsed.data.extensions?.cost : undefined;
}

/** `admin` with its calls for `shop` paced to the shop's bucket. */
export function pacedAdminGraphql(shop: string, admin: AdminGraphql, options: PacingOptions = {}): AdminGraphql {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  return {
    graphql(query, graphqlOptions) {
      const budget = budgetOf(shop, now());
      const call = async (): Promise<AdminGraphqlResponse> => {
        const expected = budget.costOf.get(query) ?? UNSEEN_COST;
        const wait = waitBeforeNextCall(budget.last, expected, now() - budget.lastAt);
        if (wait > 0) await sleep(wait);
        const note = (cost: QueryCost | undefined) => {
          if (!cost) return;
          budget.last = cost.throttleStatus;
          budget.lastAt = now();
          budget.costOf.set(query, cost.requestedQueryCost);
        };
        try {
          const response = await admin.graphql(query, graphqlOptions);
          const body: unknown = await response.json();
          note(costIn(body));
          return { status: response.status, json: async () => body };
        } catch (error) {
          // The Remix client throws on GraphQL errors (THROTTLED among them), with the body attached.
          note(costIn(error instanceof Error && "body" in error ? error.body : undefined));
          throw error;
        }
      };
      const result = budget.queue.then(call, call);
      budget.queue = result.catch(() => undefined);
      return result;
    },
  };
}
