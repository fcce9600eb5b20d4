/**
 * Housekeeping on a real migrated database, run by a real worker: finished jobs and processed
 * webhook receipts past the retention are deleted (in batches, more rows than one batch), what is
 * recent, still waiting or dead for a person to see stays; provider logins past their time go; a job of a kind no version knows is
 * given up with its reason instead of waiting forever; and the next run is queued for a day later.
 * The customer's data is held to its retention (decision 0038): final shipments lose their
 * recipient, those still on their way keep it, and data reports past the retention are removed.
 */
import { randomUUID } from "node:crypto";
import type { JobStatus, Prisma, ShipmentState, WebhookReceiptStatus } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { encodePackageRequest, PackageId } from "~/connector";
import { housekeepingHandler, PURGE_BATCH, queueHousekeeping } from "~/flows/housekeeping/daily-purge.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { jobErrorIn } from "~/lib/words/job-error-said";
import { zhCN } from "~/lib/words/zh-CN";
import { startWorker } from "~/jobs/worker.server";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";

const { db } = useTestDatabase();
const { logger, lines } = recordingJobLogger();
const DAY = 24 * 3_600_000;
const RETENTION_DAYS = 30;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function addJobs(count: number, status: JobStatus, at: Date, kind = "noop"): Promise<void> {
  await db.job.createMany({
    data: Array.from({ length: count }, () => ({
      id: randomUUID(),
      kind,
      payload: "{}",
      status,
      attempts: status === "PENDING" ? 0 : 1,
      maxAttempts: 12,
      runAt: at,
      createdAt: at,
      updatedAt: at,
      finishedAt: status === "DONE" || status === "DEAD" ? at : null,
      ...(status === "DEAD" ? { lastError: "Gave up after 12 attempts" } : {}),
    })),
  });
}

async function addReceipts(count: number, status: WebhookReceiptStatus, at: Date): Promise<void> {
  await db.webhookReceipt.createMany({
    data: Array.from({ length: count }, () => ({
      shop: "old.myshopify.com",
      topic: "orders/create",
      webhookId: randomUUID(),
      eventId: randomUUID(),
      apiVersion: "2026-10",
      receivedAt: at,
      processedAt: status === "PROCESSED" || status === "REJECTED" ? at : null,
      status,
      payload: '{"shipping_address":{"address1":"1 Old Street"}}',
    })),
  });
}

describe("housekeeping", () => {
  it(
    "purges what is old and finished, keeps what is recent, waiting or dead, buries unknown kinds, and comes back tomorrow",
    { timeout: 30_000 },
    async () => {
      const oldDone = PURGE_BATCH * 2 + 7;
      await addJobs(oldDone, "DONE", daysAgo(RETENTION_DAYS + 1));
      await addJobs(5, "DONE", daysAgo(RETENTION_DAYS - 1));
      await addJobs(3, "DEAD", daysAgo(RETENTION_DAYS + 10));
      await addJobs(2, "PENDING", daysAgo(RETENTION_DAYS + 10));
      await addJobs(4, "PENDING", new Date(Date.now() - 2 * 3_600_000), "inventory.reticulate");
      // Queued a minute ago by a newer version, perhaps: its workers are starting.
      await addJobs(1, "PENDING", new Date(Date.now() - 60_000), "inventory.reticulate-v2");
      await addReceipts(PURGE_BATCH + 3, "PROCESSED", daysAgo(RETENTION_DAYS + 2));
      await addReceipts(2, "REJECTED", daysAgo(RETENTION_DAYS + 2));
      await addReceipts(3, "ENQUEUED", daysAgo(RETENTION_DAYS + 2));
      await addReceipts(4, "PROCESSED", daysAgo(1));
      // Provider logins (decision 0037): two past their ten minutes, one still running.
      for (const [id, expiresAt] of [
        ["expired-yesterday", daysAgo(1)],
        ["expired-just-now", new Date(Date.now() - 1_000)],
        ["in-time", new Date(Date.now() + 600_000)],
      ] as const)
        await db.providerConnectionAttempt.create({
          data: { id, shop: "old.myshopify.com", staffMember: "42", verifierCiphertext: "sealed", expiresAt },
        });

      await queueHousekeeping(db);
      const worker = startWorker({
        db,
        kinds: jobPayloadSchemas,
        handlers: { "housekeeping.purge": housekeepingHandler({ retentionDays: RETENTION_DAYS }) },
        pollIntervalMs: 10,
        logger,
      });
      try {
        await waitFor(() => lines.find((line) => line.message === "Housekeeping done"), { what: "a housekeeping run", timeoutMs: 20_000 });
      } finally {
        await worker.stop();
      }

      expect(lines.find((line) => line.message === "Housekeeping done")?.fields).toMatchObject({
        retentionDays: RETENTION_DAYS,
        jobsPurged: oldDone,
        receiptsPurged: PURGE_BATCH + 5,
        unknownKindJobsDead: 4,
        providerConnectionAttemptsPurged: 2,
      });
      expect((await db.providerConnectionAttempt.findMany({ select: { id: true } })).map((row) => row.id)).toEqual(["in-time"]);
      const jobs = await db.job.groupBy({ by: ["kind", "status"], _count: { _all: true }, orderBy: [{ kind: "asc" }, { status: "asc" }] });
      expect(jobs.map((row) => `${row.kind} ${row.status} ${row._count._all}`).sort()).toEqual([
        "housekeeping.purge PENDING 1",
        "inventory.reticulate DEAD 4",
        "inventory.reticulate-v2 PENDING 1",
        "noop DEAD 3",
        "noop DONE 5",
        "noop PENDING 2",
      ]);
      const buried = await db.job.findFirstOrThrow({ where: { kind: "inventory.reticulate" } });
      expect(buried.lastError).toBe(
        'No job kind is named "inventory.reticulate": no worker of this version can run it (queued by a newer or older version of the app, or by hand)',
      );
      // The stopped jobs list says it in the merchant's language.
      expect(jobErrorIn(zhCN, { lastError: buried.lastError ?? "", lastErrorSay: buried.lastErrorSay })).toBe(
        zhCN.jobErrors.unknownKind("inventory.reticulate"),
      );
      const receipts = await db.webhookReceipt.groupBy({ by: ["status"], _count: { _all: true } });
      expect(receipts.map((row) => `${row.status} ${row._count._all}`).sort()).toEqual(["ENQUEUED 3", "PROCESSED 4"]);
      // The next run, a day from now; its own row re-armed, so there is never a second one.
      const next = await db.job.findFirstOrThrow({ where: { kind: "housekeeping.purge" } });
      expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
      expect(next.attempts).toBe(0);
      await queueHousekeeping(db);
      expect(await db.job.count({ where: { kind: "housekeeping.purge" } })).toBe(1);
      expect((await db.job.findFirstOrThrow({ where: { kind: "housekeeping.purge" } })).runAt).toEqual(next.runAt);
    },
  );
});

/** One housekeeping run by a real worker: what its log line counted. */
async function housekeepingRun(): Promise<Record<string, unknown>> {
  const { logger, lines } = recordingJobLogger();
  await queueHousekeeping(db);
  const worker = startWorker({
    db,
    kinds: jobPayloadSchemas,
    handlers: { "housekeeping.purge": housekeepingHandler({ retentionDays: RETENTION_DAYS }) },
    pollIntervalMs: 10,
    logger,
  });
  try {
    const done = await waitFor(() => lines.find((line) => line.message === "Housekeeping done"), {
      what: "a housekeeping run",
      timeoutMs: 20_000,
    });
    return done.fields ?? {};
  } finally {
    await worker.stop();
  }
}

/** A shipment of Jane Doe's order, as the pipeline leaves it in `state`. */
async function addShipment(state: ShipmentState, fields: Partial<Prisma.ShipmentUncheckedCreateInput> = {}) {
  const n = randomUUID().slice(0, 8);
  const request = encodePackageRequest({
    kind: "OUTBOUND",
    body: {
      PackageId: PackageId.parse(`P-${n}`),
      ServiceCode: "US01-STD",
      ShipToAddress: {
        Contact: "Jane Doe",
        Phone: "+1 613 555 0100",
        Street1: "1 Elm St",
        City: "Ottawa",
        Postcode: "K1A 0B1",
        Country: "CA",
      },
      Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 2 }],
    },
  });
  return db.shipment.create({
    data: {
      shop: "old.myshopify.com",
      kind: "OUTBOUND",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${n}`,
      orderId: `gid://shopify/Order/${n}`,
      orderName: `#${n}`,
      packageId: `P-${n}`,
      requestSent: request,
      searchText: "mug-cer-350-wht",
      recipientSearchText: "jane doe",
      ...fields,
    },
  });
}

async function addDataReport(completedAt: Date) {
  const n = randomUUID();
  return db.complianceRequest.create({
    data: {
      shop: "old.myshopify.com",
      kind: "CUSTOMER_DATA_REQUEST",
      customerId: "gid://shopify/Customer/1",
      receiptId: n,
      receivedAt: completedAt,
      completedAt,
      report: JSON.stringify({ shipments: [{ requestSentToProvider: { ShipToAddress: { Contact: "Jane Doe" } } }] }),
    },
  });
}

describe("housekeeping of the customer's data", () => {
  it(
    "removes the recipient of final shipments, leaves those on their way alone, and removes data reports past the retention",
    { timeout: 30_000 },
    async () => {
      await db.job.deleteMany();
      await db.shipment.deleteMany();
      await db.complianceRequest.deleteMany();
      const delivered = await addShipment("DELIVERED");
      const ended = await addShipment("ENDED");
      // Held with reasons quoting the address, then cancelled: no request was ever built.
      const cancelled = await addShipment("CANCELLED", {
        requestSent: null,
        lastErrorCode: "HELD",
        lastErrorText: 'The street "1 Elm St" has no house number',
        holdReasons: JSON.stringify([{ field: "ShipToAddress.HouseNumber", message: 'The street "1 Elm St" has no house number' }]),
      });
      const unreadable = await addShipment("DELIVERED", { requestSent: '{"ShipToAddress":{"Contact":"Jane Doe"}' });
      const travelling = await Promise.all(
        (["READY", "SUBMITTED", "CREATED", "FULFILLED", "FAILED"] as const).map((state) => addShipment(state)),
      );
      const redacted = await addShipment("DELIVERED", { requestSent: null, recipientSearchText: null, redactedAt: daysAgo(3) });
      const oldReport = await addDataReport(daysAgo(RETENTION_DAYS + 1));
      const recentReport = await addDataReport(daysAgo(RETENTION_DAYS - 1));

      expect(await housekeepingRun()).toMatchObject({
        recipientsRemoved: 4,
        dataReportsRemoved: 1,
      });

      for (const { id } of [delivered, ended]) {
        const shipment = await db.shipment.findUniqueOrThrow({ where: { id } });
        expect(shipment).toMatchObject({ searchText: "mug-cer-350-wht", recipientSearchText: null, recipientRemovedAt: expect.any(Date) });
        // What Suggest services and the data report read stays: the country, the SKUs, the service.
        expect(JSON.parse(shipment.requestSent ?? "null")).toEqual({
          PackageId: shipment.packageId,
          ServiceCode: "US01-STD",
          ShipToAddress: { Country: "CA" },
          Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 2 }],
        });
      }
      expect(await db.shipment.findUniqueOrThrow({ where: { id: cancelled.id } })).toMatchObject({
        requestSent: null,
        holdReasons: null,
        lastErrorText: null,
        lastErrorCode: "HELD",
        recipientSearchText: null,
      });
      expect(await db.shipment.findUniqueOrThrow({ where: { id: unreadable.id } })).toMatchObject({
        requestSent: null,
        recipientSearchText: null,
      });
      for (const { id, requestSent } of travelling) {
        expect(await db.shipment.findUniqueOrThrow({ where: { id } })).toMatchObject({
          requestSent,
          recipientSearchText: "jane doe",
          recipientRemovedAt: null,
        });
      }
      expect(await db.shipment.findUniqueOrThrow({ where: { id: redacted.id } })).toMatchObject({ recipientRemovedAt: null });
      const left = JSON.stringify(await db.shipment.findMany({ where: { state: { in: ["DELIVERED", "CANCELLED", "ENDED"] } } }));
      expect(left).not.toMatch(/jane|elm st|ottawa|555 0100|K1A/i);

      expect(await db.complianceRequest.findUniqueOrThrow({ where: { id: oldReport.id } })).toMatchObject({
        report: null,
        completedAt: oldReport.completedAt,
      });
      expect((await db.complianceRequest.findUniqueOrThrow({ where: { id: recentReport.id } })).report).toBe(recentReport.report);
    },
  );
});

describe("housekeeping of alerts", () => {
  /** An alert for the WEBHOOK channel, created `days` ago, its message in `status` (none: not composed yet). */
  async function addAlert(key: string, days: number, status: "SENT" | "DROPPED" | "PENDING" | null) {
    const createdAt = daysAgo(days);
    const message =
      status === null
        ? null
        : await db.alertMessage.create({
            data: { shop: "alerts.myshopify.com", channel: "WEBHOOK", status, subject: key, text: "", alertCount: 1, createdAt },
          });
    return db.alert.create({
      data: {
        shop: "alerts.myshopify.com",
        key,
        kind: "SHIPMENT_HELD",
        path: "/app/shipments/1",
        detail: "Held",
        createdAt,
        deliveries: { create: { shop: "alerts.myshopify.com", channel: "WEBHOOK", messageId: message?.id ?? null, createdAt } },
      },
    });
  }

  it("deletes alerts past the retention whose message went or was dropped, and keeps any still waiting to go", async () => {
    await db.job.deleteMany();
    await addAlert("old-sent", RETENTION_DAYS + 2, "SENT");
    await addAlert("old-dropped", RETENTION_DAYS + 2, "DROPPED");
    await addAlert("old-failing", RETENTION_DAYS + 2, "PENDING");
    await addAlert("old-not-composed", RETENTION_DAYS + 2, null);
    await addAlert("recent-sent", RETENTION_DAYS - 2, "SENT");

    expect(await housekeepingRun()).toMatchObject({ alertsPurged: 2, alertMessagesPurged: 2 });
    const kept = await db.alert.findMany({ select: { key: true }, orderBy: { key: "asc" } });
    expect(kept.map((alert) => alert.key)).toEqual(["old-failing", "old-not-composed", "recent-sent"]);
    const messages = await db.alertMessage.findMany({ select: { subject: true }, orderBy: { subject: "asc" } });
    expect(messages.map((message) => message.subject)).toEqual(["old-failing", "recent-sent"]);
  });
});
