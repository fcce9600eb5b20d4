/** What the ensure job does when Shopify says no: wait as told, or stop for a person. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";
import { enqueue } from "~/flows/queue/jobs.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { ShopifyThrottledError, ShopifyUserError } from "~/shopify/errors";
import type { FulfillmentServicesHandlerDependencies } from "~/flows/install/handlers";
import { ensureFulfillmentServicesHandler } from "~/flows/install/handlers";
import { jobErrorIn } from "~/lib/words/job-error-said";
import { zhCN } from "~/lib/words/zh-CN";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
let worker: Worker | undefined;

function run(ensure: NonNullable<FulfillmentServicesHandlerDependencies["ensure"]>) {
  const deps = {
    adminFor: async () => ({ graphql: () => Promise.reject(new Error("not called")) }),
    appUrl: "https://app.example",
    ensure,
  } satisfies FulfillmentServicesHandlerDependencies;
  worker = startWorker({
    db,
    kinds: jobPayloadSchemas,
    handlers: { "install.fulfillment-services": ensureFulfillmentServicesHandler(deps) },
    pollIntervalMs: 10,
    logger: recordingJobLogger().logger,
  });
}

const finished = () =>
  waitFor(async () => (await db.job.findFirst({ where: { lastError: { not: null }, status: { not: "RUNNING" } } })) ?? undefined, {
    what: "the job's outcome",
  });

beforeEach(async () => {
  await db.job.deleteMany();
  await db.shop.deleteMany();
  await saveShopSettings(db, shop, { warehouses: [{ warehouseId: "US01" }] });
  await enqueue(db, { kind: "install.fulfillment-services", payload: {}, shop });
});
afterEach(() => worker?.stop());

describe("the install.fulfillment-services job", () => {
  it("waits as long as Shopify's throttle says, without spending an attempt", async () => {
    run(async () => {
      throw new ShopifyThrottledError(
        "FulfillmentServices",
        [{ message: "Throttled", code: "THROTTLED", path: undefined }],
        30_000,
        undefined,
      );
    });
    const job = await finished();
    expect(job).toMatchObject({
      status: "PENDING",
      attempts: 0,
      lastError: expect.stringMatching(/^Postponed until .*Shopify throttled FulfillmentServices: retry in 30 s/),
    });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 25_000);
  });

  it("stops for a person when Shopify refuses the service as asked", async () => {
    run(async () => {
      throw new ShopifyUserError("FulfillmentServiceCreate", [
        { field: ["name"], message: "Name has already been taken", code: undefined },
      ]);
    });
    const job = await finished();
    expect(job).toMatchObject({ status: "DEAD", attempts: 1, lastError: expect.stringMatching(/Name has already been taken/) });
    // Said in the merchant's language, Shopify's own words quoted.
    expect(jobErrorIn(zhCN, { lastError: job.lastError ?? "", lastErrorSay: job.lastErrorSay })).toMatch(
      /^Shopify 拒绝将仓库设置为本应用的履约服务（.*Name has already been taken.*）。/,
    );
  });

  it("stops for a person when the shop's saved settings cannot be read, said in the merchant's language", async () => {
    // Written by hand, or by a bug: never replaced by defaults, never retried twelve times.
    await db.shop.update({ where: { domain: shop }, data: { settings: JSON.stringify({ warehouses: "US01" }) } });
    run(async () => {
      throw new Error("not called: the settings are read first");
    });
    const job = await finished();
    expect(job).toMatchObject({ status: "DEAD", attempts: 1 });
    expect(job.lastError).toMatch(
      /^The settings saved for a\.myshopify\.com cannot be read \(invalid:\n.*\n.*at warehouses\)\. Check them in Settings/,
    );
    expect(jobErrorIn(zhCN, { lastError: job.lastError ?? "", lastErrorSay: job.lastErrorSay })).toMatch(
      /^为 a\.myshopify\.com 保存的设置无法读取（invalid:\n[\s\S]*at warehouses）。请在“设置”中检查并重新保存/,
    );
  });
});
