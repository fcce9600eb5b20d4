import { beforeEach, describe, expect, it } from "vitest";
import type { JobContext } from "~/jobs/handler";
import { ShopifyGraphqlError, ShopifyUserError } from "~/shopify/errors";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger } from "../../support/jobs";
import type { PipelineDeps } from "~/flows/ports/deps";
import { workThroughWaitingReceipts, type ReceiptBatches } from "~/flows/queue/waiting-receipts.server";

const { db } = useTestDatabase();
const shop = "batches.myshopify.com";
const now = new Date("2026-11-22T08:00:00.000Z");
const topic = "fulfillment_orders/order_routing_complete";
const batches: ReceiptBatches = { kind: "plan.routed", topics: [topic], perRound: 4 };
// The module reads only the clock of the pipeline's dependencies.
const deps = { now: () => now } as unknown as PipelineDeps;

function context(): JobContext & { warnings: unknown[] } {
  const { logger, lines } = recordingJobLogger();
  return {
    db,
    shop,
    jobId: "not-a-stored-job",
    attempt: 1,
    logger,
    signal: new AbortController().signal,
    complete: (write) => db.$transaction(write),
    get warnings() {
      return lines.filter((line) => line.level === "warn");
    },
  };
}

async function waiting(count: number) {
  for (let n = 0; n < count; n += 1) {
    await db.webhookReceipt.create({
      data: {
        id: `r${n}`,
        shop,
        topic,
        webhookId: `w${n}`,
        eventId: `e${n}`,
        apiVersion: "2026-10",
        status: "ENQUEUED",
        payload: `{"n":${n}}`,
        receivedAt: new Date(now.getTime() + n),
      },
    });
  }
}

const statuses = async () =>
  Object.fromEntries((await db.webhookReceipt.findMany({ orderBy: { id: "asc" } })).map((r) => [r.id, r.status]));

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
});

describe("working through a shop's waiting webhook events", () => {
  it("takes them in rounds, oldest first, and marks each round PROCESSED", async () => {
    await waiting(10);
    const rounds: string[][] = [];
    await workThroughWaitingReceipts(context(), deps, shop, batches, async (receipts) => {
      rounds.push(receipts.map((r) => r.id));
      return async () => {};
    });
    expect(rounds).toEqual([
      ["r0", "r1", "r2", "r3"],
      ["r4", "r5", "r6", "r7"],
      ["r8", "r9"],
    ]);
    expect(new Set(Object.values(await statuses()))).toEqual(new Set(["PROCESSED"]));
  });

  it("sets apart an event Shopify refuses, REJECTED with the reason, and does the others", async () => {
    await waiting(6);
    const ctx = context();
    await workThroughWaitingReceipts(ctx, deps, shop, batches, async (receipts) => {
      if (receipts.some((r) => r.id === "r2"))
        throw new ShopifyUserError("FulfillmentOrderLocations", [
          { field: ["id"], message: "is not a fulfillment order", code: undefined },
        ]);
      return async () => {};
    });
    expect(await statuses()).toEqual({
      r0: "PROCESSED",
      r1: "PROCESSED",
      r2: "REJECTED",
      r3: "PROCESSED",
      r4: "PROCESSED",
      r5: "PROCESSED",
    });
    const rejected = await db.webhookReceipt.findUniqueOrThrow({ where: { id: "r2" } });
    expect(rejected.reason).toMatch(/^Could not be worked on: .*is not a fulfillment order/);
    expect(rejected.processedAt).toEqual(now);
    expect(ctx.warnings).toHaveLength(1);
  });

  it("leaves every event waiting when the failure is the moment's (Shopify down), for the next run", async () => {
    await waiting(3);
    const run = workThroughWaitingReceipts(context(), deps, shop, batches, async () => {
      throw new ShopifyGraphqlError(
        "FulfillmentOrderLocations",
        [{ message: "Internal error", code: "INTERNAL_SERVER_ERROR", path: undefined }],
        500,
      );
    });
    await expect(run).rejects.toThrow(/Internal error/);
    expect(new Set(Object.values(await statuses()))).toEqual(new Set(["ENQUEUED"]));
  });

  it("queues another run after its rounds, when more may be waiting", async () => {
    await waiting(4 * 20 + 1);
    await workThroughWaitingReceipts(context(), deps, shop, batches, async () => async () => {});
    expect(await db.webhookReceipt.count({ where: { status: "ENQUEUED" } })).toBe(1);
    expect(await db.job.findMany({ select: { kind: true, shop: true, status: true } })).toEqual([
      { kind: "plan.routed", shop, status: "PENDING" },
    ]);
  });
});
