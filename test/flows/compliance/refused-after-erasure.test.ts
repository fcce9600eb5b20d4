/**
 * shop/redact erases a shop's data while one of its jobs may still be running. A job that meets
 * Shopify's refusal (the token went with the uninstall) after that must not write the shop back:
 * no access check queued, no alert. The real worker, the real wrapper, a migrated database.
 */
import { afterEach, expect, it } from "vitest";
import { pausedWhileShopifyRefuses } from "~/flows/shop-access/shop-access.server";
import { FAST_PIPELINE_POLICY } from "~/flows/ports/policy";
import { ShopifyShopUnavailableError } from "~/shopify/errors";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";
import { enqueue, testKinds } from "../../support/test-queue";

const { db } = useTestDatabase();
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** Runs one job of `shop` whose handler meets Shopify's refusal (401), until the job has been postponed. */
async function refusedRunOf(shop: string): Promise<void> {
  const refused = pausedWhileShopifyRefuses<unknown>(
    async () => {
      throw new ShopifyShopUnavailableError(
        "FulfillmentOrdersFacts",
        [{ message: "Invalid API key or access token", code: undefined, path: undefined }],
        401,
        "REVOKED",
      );
    },
    async () => FAST_PIPELINE_POLICY,
  );
  worker = startWorker({ db, kinds: testKinds, handlers: { noop: refused }, pollIntervalMs: 5, logger: recordingJobLogger().logger });
  const { jobId } = await enqueue(db, { kind: "noop", shop, payload: {} });
  await waitFor(
    async () => {
      const job = await db.job.findUnique({ where: { id: jobId } });
      // RetryLater: back to PENDING, the attempt not counted, with why it waits.
      return job?.status === "PENDING" && job.lastError !== null;
    },
    { timeoutMs: 30_000, what: "the refused job postponed" },
  );
}

const whatWasWritten = async (shop: string) => ({
  checks: await db.job.count({ where: { shop, kind: "shop-access.check" } }),
  alerts: await db.alert.count({ where: { shop } }),
});

it("marks a shop the app still holds as paused: a check queued and the merchant told", async () => {
  const shop = "held.myshopify.com";
  await db.shop.create({ data: { domain: shop } });
  await db.alertChannel.create({ data: { shop, channel: "EMAIL", enabled: true } });
  await refusedRunOf(shop);
  expect(await whatWasWritten(shop)).toEqual({ checks: 1, alerts: 1 });
  expect((await db.shop.findUniqueOrThrow({ where: { domain: shop } })).shopifyAccess).toBe("REVOKED");
}, 60_000);

it("writes nothing for a shop whose data was erased while its job ran", async () => {
  const shop = "erased.myshopify.com";
  await refusedRunOf(shop);
  expect(await whatWasWritten(shop)).toEqual({ checks: 0, alerts: 0 });
  expect(await db.shop.count({ where: { domain: shop } })).toBe(0);
}, 60_000);
