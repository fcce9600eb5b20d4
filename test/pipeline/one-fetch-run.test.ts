/**
 * Two fetch runs of one shop must not overlap (issue 14): once they did, and answered 150 of a
 * 1,000-order run's fulfillment requests twice. The race made likely: two workers, Shopify slow to
 * answer (every GraphQL answer held back, through a proxy in front of the emulator), and wake-ups
 * all the time, some written with a runAt in the past, as the intake writes them when it
 * took `now` and then waited for SQLite's write lock. Every request must be accepted exactly once.
 * The exact interleaving that let two runs start (a job written with a runAt earlier than that of
 * a run already under way) is pinned down in test/jobs/one-at-a-time.server.test.ts; here the whole
 * pipeline shows that nothing is answered twice under that pressure.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { enqueueCoalesced } from "~/jobs/coalesce.server";
import { pipelineHandlers } from "~/flows/job-handlers.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { recordingJobLogger, waitFor } from "../support/jobs";
import { DEMO_SHOP, testPipelineDeps } from "./deps";
import { type Harness, startHarness } from "./harness";

const ORDERS = 30;
const SHOPIFY_ANSWER_DELAY_MS = 120;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let harness: Harness;
let proxy: Server;
/** How often each fulfillment order's request was accepted: what Shopify was sent. */
const accepts = new Map<string, number>();

/** The emulator's GraphQL endpoint behind a delay; counts the accept mutations it passes on. */
async function slowShopify(upstream: string): Promise<string> {
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const sent = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
      if (/mutation AcceptFulfillmentRequests/.test(sent.query)) {
        for (const [name, value] of Object.entries(sent.variables ?? {}))
          if (/^id\d+$/.test(name)) accepts.set(String(value), (accepts.get(String(value)) ?? 0) + 1);
      }
      void (async () => {
        await sleep(SHOPIFY_ANSWER_DELAY_MS);
        const answer = await fetch(upstream, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Shopify-Access-Token": String(request.headers["x-shopify-access-token"] ?? ""),
          },
          body,
        });
        response.writeHead(answer.status, { "Content-Type": "application/json" });
        response.end(await answer.text());
      })().catch(() => {
        // The emulator stopped under a call still held back (the test is over): the call fails.
        response.writeHead(502).end();
      });
    });
  });
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/graphql`;
}

beforeAll(async () => {
  harness = await startHarness({
    createDelayMs: 0,
    trackingStepMs: 20,
    worker: false,
    shopifyThrottle: { maximumAvailable: 10_000, restoreRate: 1_000 },
  });
}, 30_000);

// Closing waits for the database's last connections (up to 30 s) after the workers' stop.
afterAll(async () => {
  proxy?.closeAllConnections();
  if (proxy) await new Promise((closed) => proxy?.close(closed));
  await harness?.close();
}, 90_000);

describe("fetch runs of one shop, two workers, a slow Shopify, wake-ups all the time", () => {
  it("accept each fulfillment request exactly once", async () => {
    const { deps } = testPipelineDeps(harness.db, {
      sandboxUrl: harness.sandbox.url,
      graphqlUrl: await slowShopify(harness.shopify.graphqlUrl(DEMO_SHOP)),
    });
    const workers: Worker[] = ["first", "second"].map((name) =>
      startWorker({
        db: harness.db,
        kinds: jobPayloadSchemas,
        handlers: pipelineHandlers(async () => deps),
        owner: `one-fetch-run-${name}`,
        logger: recordingJobLogger().logger,
        pollIntervalMs: 5,
        concurrency: 3,
        stopTimeoutMs: 2_000,
        backoff: { baseDelayMs: 20, maxDelayMs: 200 },
      }),
    );
    // Wake-ups beside the callbacks' own, from two loops, while a run is under way, each written
    // with a runAt from before that run was claimed: as the intake writes a trigger when it took
    // `now`, then waited for SQLite's write lock while the run started.
    let waking = true;
    const wakeLoop = async (loop: number) => {
      for (let n = 0; waking; n++) {
        const running = await harness.db.job.findFirst({
          where: { kind: "plan.requests", status: "RUNNING" },
          orderBy: { updatedAt: "asc" },
        });
        // Claimed at updatedAt: a trigger that took `now` a second before that.
        if (running)
          await enqueueCoalesced(
            harness.db,
            jobPayloadSchemas,
            { kind: "plan.requests", payload: {}, shop: DEMO_SHOP, triggerId: `wake-${loop}-${n}` },
            new Date(running.updatedAt.getTime() - 1_000),
          );
        await sleep(10);
      }
    };
    const wakeUps = Promise.all([wakeLoop(0), wakeLoop(1)]);
    try {
      const skus = ["MUG-CER-350-WHT", "TSHIRT-ORG-M-BLK", "BOTTLE-SS-750-SLV"];
      // Orders over a few seconds, so requests keep arriving while runs are under way.
      const placed = [];
      for (let n = 0; n < ORDERS; n++) {
        placed.push(await harness.placeOrder([{ sku: skus[n % skus.length] ?? "MUG-CER-350-WHT", quantity: 1 }]));
        await sleep(60);
      }
      const ids = placed.flatMap((order) => order.fulfillmentOrders.map((fo) => fo.id));
      expect(ids).toHaveLength(ORDERS);
      await waitFor(
        async () => ((await harness.db.shipment.count({ where: { fulfillmentOrderId: { in: ids } } })) === ORDERS ? true : undefined),
        {
          timeoutMs: 120_000,
          intervalMs: 50,
          what: `all ${ORDERS} requests accepted and recorded`,
        },
      );
      // Every fetch run queued so far has run and decided: one that answered the same requests again
      // would be among them.
      waking = false;
      await wakeUps;
      await waitFor(
        async () =>
          (await harness.db.job.count({ where: { kind: "plan.requests", status: { in: ["PENDING", "RUNNING"] } } })) === 0 || undefined,
        { timeoutMs: 60_000, intervalMs: 25, what: "no fetch run left to run" },
      );
      expect([...accepts.keys()].sort()).toEqual([...ids].sort());
      expect([...accepts.entries()].filter(([, times]) => times > 1)).toEqual([]);
    } finally {
      waking = false;
      await wakeUps;
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    // Generous: beside a second test run, the runs left took longer than 20 s to decide.
  }, 240_000);
});
