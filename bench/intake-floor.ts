/**
 * The intake benchmark's floor (bench/intake.ts): the least a webhook intake can do on this machine
 * (node:http, HMAC compared in constant time, JSON.parse, one synchronous SQLite transaction
 * inserting the receipt and a job into the app's own tables, 200; nothing more), so the app's
 * throughput can be read as a share of it. Prints `FLOOR LISTENING <port>` once it accepts connections.
 *
 *   PORT=<port> DATABASE_FILE=<migrated sqlite file> API_SECRET=<secret> node --import tsx bench/intake-floor.ts
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import Database from "better-sqlite3";

const port = Number(process.env.PORT ?? "0");
const file = process.env.DATABASE_FILE ?? "";
const secret = process.env.API_SECRET ?? "";
if (file === "" || secret === "") {
  process.stderr.write("intake-floor: DATABASE_FILE and API_SECRET are required\n");
  process.exit(2);
}

const sqlite = new Database(file, { timeout: 5_000 });
sqlite.pragma("journal_mode = WAL");
const insertReceipt = sqlite.prepare(
  `INSERT INTO "WebhookReceipt" ("id", "shop", "topic", "webhookId", "eventId", "apiVersion", "receivedAt", "status", "payload")
   VALUES (?, ?, ?, ?, ?, ?, ?, 'ENQUEUED', ?) ON CONFLICT ("shop", "topic", "eventId") DO NOTHING`,
);
const insertJob = sqlite.prepare(
  `INSERT INTO "Job" ("id", "shop", "kind", "payload", "status", "attempts", "maxAttempts", "runAt", "createdAt", "updatedAt")
   VALUES (?, ?, 'floor', ?, 'PENDING', 0, 1, ?, ?, ?)`,
);
const record = sqlite.transaction(
  (fields: { shop: string; topic: string; webhookId: string; eventId: string; apiVersion: string; body: string }) => {
    const now = new Date().toISOString();
    const receiptId = randomUUID();
    insertReceipt.run(receiptId, fields.shop, fields.topic, fields.webhookId, fields.eventId, fields.apiVersion, now, fields.body);
    insertJob.run(randomUUID(), fields.shop, JSON.stringify({ receiptId }), now, now, now);
  },
);

const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks);
    const expected = createHmac("sha256", secret).update(body).digest();
    const given = Buffer.from(header(request.headers["x-shopify-hmac-sha256"]), "base64");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(401).end();
      return;
    }
    const text = body.toString("utf8");
    JSON.parse(text);
    const h = request.headers;
    record({
      shop: header(h["x-shopify-shop-domain"]),
      topic: header(h["x-shopify-topic"]),
      webhookId: header(h["x-shopify-webhook-id"]),
      eventId: header(h["x-shopify-event-id"]),
      apiVersion: header(h["x-shopify-api-version"]),
      body: text,
    });
    response.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`FLOOR LISTENING ${typeof address === "object" && address ? address.port : port}\n`);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
