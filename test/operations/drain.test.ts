/**
 * Health and drain of the real processes: the built app under server/serve.mjs and server/worker.ts,
 * each started as deployed on a migrated database and told to stop with SIGTERM, as a supervisor
 * does. The app answers what it holds and takes nothing new; /readyz says why it is not ready.
 */
import { createHmac, randomUUID } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordInstall } from "~/stores/shops/shop.server";
import { appEnvironment, SERVE } from "../../dev/stack/app-processes";
import { PROJECT_ROOT, SERVER_BUILD } from "../../dev/stack/build";
import { spawnChild, type Child } from "../../dev/stack/children";
import { newCredentialsKey } from "../../dev/stack/database";
import { freePort } from "../../dev/stack/ports";
import { DEMO_SHOP } from "../emulator/seed";
import { waitFor } from "../support/jobs";
import { createTestDatabase, testDatabaseProvider, useTestDatabase } from "../support/database";

const API_SECRET = "drain-test-secret";
const { db, url } = useTestDatabase();
const children: Child[] = [];
const cleanups: (() => void)[] = [];

afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => child.stop(2_000)));
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function environment(databaseUrl: string, appUrl: string, more: Record<string, string> = {}): Record<string, string> {
  const settings = {
    databaseUrl,
    apiKey: "drain-test-key",
    apiSecret: API_SECRET,
    shopifyUrl: "http://127.0.0.1:9",
    sandboxUrl: "http://127.0.0.1:9",
    scopes: ["read_orders"],
    credentialsKey: newCredentialsKey(),
    output: () => {},
    env: more,
  };
  return appEnvironment(settings, appUrl);
}

async function startApp(databaseUrl: string, more: Record<string, string> = {}): Promise<{ child: Child; port: number; appUrl: string }> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const child = spawnChild({
    name: "app",
    command: process.execPath,
    args: [SERVE, SERVER_BUILD],
    env: { ...process.env, ...environment(databaseUrl, appUrl, more), HOST: "127.0.0.1", PORT: String(port) },
    cwd: PROJECT_ROOT,
    output: () => {},
  });
  children.push(child);
  await child.waitForLine(/"msg":"App server listening"/, 20_000);
  return { child, port, appUrl };
}

/** A raw connection, to hold a request half-sent across the SIGTERM. */
function openSocket(port: number): Promise<{ socket: Socket; received: () => string }> {
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = connect({ host: "127.0.0.1", port }, () => resolve({ socket, received: () => text }));
    socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    socket.once("error", reject);
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/**
 * The server has read what was written before: a request sent after it, on another connection, has
 * been answered (the server reads its sockets in turn). Not a while without news.
 */
async function requestInHand(port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
  await answer.body?.cancel();
}

async function readyz(appUrl: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${appUrl}/readyz`);
  return { status: response.status, body: await response.json() };
}

describe("the app server on SIGTERM", () => {
  it(
    "answers the webhook it holds (recorded), answers /readyz 503 draining on the same connection, refuses new connections and exits 0",
    { timeout: 30_000 },
    async () => {
      const { child, port, appUrl } = await startApp(url, { DRAIN_GRACE_MS: "10000" });
      expect(await readyz(appUrl)).toEqual({ status: 200, body: { status: "ready" } });
      // Shopify sends webhooks for shops that installed the app: the shop is recorded, as the install
      // callback does. Without it this body (which the intake cannot use) would be counted and not
      // kept, as for a shop the app never knew (issue 25, 2a), and there would be no receipt to see.
      await recordInstall(db, DEMO_SHOP);

      const body = JSON.stringify({ id: 820982911946154500, note: "held across the SIGTERM" });
      const webhookId = randomUUID();
      const signature = createHmac("sha256", API_SECRET).update(body, "utf8").digest("base64");
      const { socket, received } = await openSocket(port);
      socket.write(
        [
          "POST /webhooks/orders/create HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          "Content-Type: application/json",
          `Content-Length: ${Buffer.byteLength(body)}`,
          `X-Shopify-Hmac-Sha256: ${signature}`,
          "X-Shopify-Topic: orders/create",
          `X-Shopify-Shop-Domain: ${DEMO_SHOP}`,
          "X-Shopify-API-Version: 2026-10",
          `X-Shopify-Webhook-Id: ${webhookId}`,
          `X-Shopify-Event-Id: ${randomUUID()}`,
          "",
          body.slice(0, 10),
        ].join("\r\n"),
      );
      await requestInHand(port);
      expect(received()).toBe("");

      process.kill(child.pid, "SIGTERM");
      await waitFor(() => refusesConnections(port), { what: "new connections refused" });
      // The rest of the request in hand, and another after it on the same connection.
      socket.write(`${body.slice(10)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      const exit = await child.exited;

      expect(exit).toEqual({ code: 0, signal: null });
      const answers = received().split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(answers[1]).toContain('{"status":"draining","reason":"Stopping: finishing the work in hand, taking no more"}');
      expect(await db.webhookReceipt.findFirst({ where: { webhookId } })).toMatchObject({ shop: DEMO_SHOP, topic: "orders/create" });
      expect(child.recentOutput()).toMatch(/"how":"every request answered","msg":"App server stopped"/);
    },
  );

  it("exits 0 once DRAIN_GRACE_MS is over, even when a request never finishes", { timeout: 30_000 }, async () => {
    const { child, port } = await startApp(url, { DRAIN_GRACE_MS: "1000" });
    const { socket } = await openSocket(port);
    socket.write(`POST /webhooks/orders/create HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nX-Shopify-Hmac-Sha256: x\r\n\r\n{"never":`);
    await requestInHand(port);

    const told = Date.now();
    process.kill(child.pid, "SIGTERM");
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - told).toBeGreaterThanOrEqual(900);
    expect(Date.now() - told).toBeLessThan(5_000);
    expect(child.recentOutput()).toContain('"how":"grace time over"');
  });
});

describe("/readyz of the app", () => {
  it(
    "is 503 with the reason while the database lacks a migration this version ships, and 200 once it has them all",
    { timeout: 30_000 },
    async () => {
      const migrations = mkdtempSync(path.join(tmpdir(), "connector-migrations-"));
      cleanups.push(() => rmSync(migrations, { recursive: true, force: true }));
      // The folder of the test database's provider (TEST_DATABASE=postgres: PostgreSQL's own migrations).
      const shipped =
        testDatabaseProvider === "postgresql"
          ? path.join(PROJECT_ROOT, "prisma", "postgres", "migrations")
          : path.join(PROJECT_ROOT, "prisma", "migrations");
      cpSync(shipped, migrations, { recursive: true });
      mkdirSync(path.join(migrations, "0099_next_version"));
      const { appUrl } = await startApp(url, { MIGRATIONS_DIR: migrations });
      expect(await readyz(appUrl)).toEqual({
        status: 503,
        body: { status: "not ready", reason: "Migrations not applied (run prisma migrate deploy): 0099_next_version" },
      });
      expect((await fetch(`${appUrl}/healthz`)).status).toBe(200);
    },
  );

  it("is 503 on a database never migrated, and on one that cannot be opened, without saying where it is", { timeout: 30_000 }, async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "connector-empty-"));
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    const unmigrated = await startApp(`file:${path.join(empty, "empty.sqlite")}`);
    expect(await readyz(unmigrated.appUrl)).toEqual({
      status: 503,
      body: { status: "not ready", reason: "The database has no migration history (run prisma migrate deploy)" },
    });

    const unreachable = await startApp(`file:${path.join(empty, "no-such-folder", "app.sqlite")}`);
    const answer = await readyz(unreachable.appUrl);
    expect(answer).toEqual({ status: 503, body: { status: "not ready", reason: "The database is unreachable" } });
    expect((await fetch(`${unreachable.appUrl}/healthz`)).status).toBe(200);
  });
});

describe("the worker process", () => {
  it("reports on WORKER_HEALTH_PORT, queues its housekeeping, and exits 0 on SIGTERM", { timeout: 40_000 }, async () => {
    // Its own database: the worker's housekeeping job must not touch the other tests' rows.
    const own = createTestDatabase();
    cleanups.push(() => void own.close());
    const healthPort = await freePort();
    const worker = spawnChild({
      name: "worker",
      command: process.execPath,
      args: ["--import", "tsx", "server/worker.ts", "--poll-interval-ms", "50", "--stop-timeout-ms", "2000"],
      env: {
        ...process.env,
        ...environment(own.url, "http://127.0.0.1:9", { WORKER_HEALTH_PORT: String(healthPort), WORKER_HEALTH_HOST: "127.0.0.1" }),
      },
      cwd: PROJECT_ROOT,
      output: () => {},
    });
    children.push(worker);
    await worker.waitForLine(/"msg":"Worker running"/, 30_000);
    const base = `http://127.0.0.1:${healthPort}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await readyz(base)).toEqual({ status: 200, body: { status: "ready" } });
    // METRICS_TOKEN unset: no metrics at all.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    // Housekeeping ran as it started, and waits for tomorrow.
    const housekeeping = await waitFor(
      async () =>
        (await own.db.job.findFirst({
          where: { kind: "housekeeping.purge", attempts: 0, status: "PENDING", runAt: { gt: new Date(Date.now() + 23 * 3_600_000) } },
        })) ?? undefined,
      {
        what: "the housekeeping job re-armed for a day later",
        timeoutMs: 10_000,
      },
    );
    expect(housekeeping.runAt.getTime()).toBeLessThan(Date.now() + 24 * 3_600_000 + 1_000);

    process.kill(worker.pid, "SIGTERM");
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.recentOutput()).toContain('"msg":"Worker stopped"');
  });
});
