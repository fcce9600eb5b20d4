/**
 * A shop's saved settings that no longer parse (a bug, a hand edit) need a person: the job that
 * meets them stops at its first attempt, saying so in the merchant's language with the check's
 * findings, rather than retrying twelve times and giving up in English.
 */
import { afterEach, describe, expect, it } from "vitest";
import { catalogueAndStockHandlers } from "~/flows/job-handlers.server";
import { enqueue } from "~/flows/queue/jobs.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { jobErrorIn } from "~/lib/words/job-error-said";
import { zhCN } from "~/lib/words/zh-CN";
import { testPipelineDeps } from "../../pipeline/deps";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";

const { db } = useTestDatabase();
const shop = "unreadable.myshopify.com";
let worker: Worker | undefined;
afterEach(() => worker?.stop());

describe("a job of a shop whose settings no longer parse", () => {
  it("stops at its first attempt with a sentence the merchant reads in their language", async () => {
    await db.shop.create({ data: { domain: shop, settings: JSON.stringify({ warehouses: "US01" }) } });
    // Nothing is asked of the provider or Shopify: the settings are read first.
    const deps = testPipelineDeps(db, { sandboxUrl: "http://127.0.0.1:9", graphqlUrl: "http://127.0.0.1:9/graphql" });
    worker = startWorker({
      db,
      kinds: jobPayloadSchemas,
      handlers: catalogueAndStockHandlers(async () => deps.deps),
      pollIntervalMs: 10,
      logger: recordingJobLogger().logger,
    });
    const { jobId } = await enqueue(db, { kind: "stock.sync", shop, payload: { shop, trigger: "MERCHANT" } });
    const job = await waitFor(
      async () => {
        const row = await db.job.findUniqueOrThrow({ where: { id: jobId } });
        return row.status === "DEAD" ? row : undefined;
      },
      { what: "the job stopped" },
    );
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/^The settings saved for unreadable\.myshopify\.com cannot be read \(invalid:\n[\s\S]*at warehouses\)\./);
    expect(jobErrorIn(zhCN, { lastError: job.lastError ?? "", lastErrorSay: job.lastErrorSay })).toMatch(
      /^为 unreadable\.myshopify\.com 保存的设置无法读取（invalid:\n[\s\S]*at warehouses）。请在“设置”中检查并重新保存/,
    );
  });
});
