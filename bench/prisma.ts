/**
 * CPU per Prisma call on SQLite, for the calls the worker makes most (decision 0010's profile found
 * the query compiler the largest share of the worker's CPU; the choice it led to:
 * docs/decisions/0030-prisma-7-runtime.md). Not a test: numbers depend on the machine. Flags and
 * figures: docs/benchmarks.md.
 *
 *   ./run bench:prisma [--rounds 500] [--client <checkout>] [--adapter prisma|app]
 *
 * `--adapter app`: through the app's own driver adapter (app/stores/database/sqlite-adapter.server.ts:
 * statements serialised, kept prepared) rather than Prisma's as it comes; this checkout's client only.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import type { PrismaClient } from "@prisma/client";
import { insertRows, newRowId } from "~/stores/database/insert-rows.server";

const root = path.resolve(import.meta.dirname, "..");
const { values: options } = parseArgs({
  options: {
    rounds: { type: "string", default: "500" },
    client: { type: "string", default: root },
    adapter: { type: "string", default: "prisma" },
  },
});
if (options.adapter !== "prisma" && options.adapter !== "app") throw new Error("--adapter: prisma or app");
if (options.adapter === "app" && path.resolve(options.client) !== root)
  throw new Error("--adapter app measures this checkout's client only");
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds: a whole number above 0");

const directory = path.join(root, ".cache", "bench");
mkdirSync(directory, { recursive: true });
const file = path.join(directory, `prisma-bench-${process.pid}.sqlite`);
const url = `file:${file}`;
const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url },
  encoding: "utf8",
});
if (migrate.status !== 0) throw new Error(`migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);

// The client as the checkout has it: Prisma 6.19's adapter spells its class PrismaBetterSQLite3.
const load = createRequire(path.join(path.resolve(options.client), "package.json"));
const { PrismaClient: Client } = load("@prisma/client") as { PrismaClient: new (options: { adapter: unknown }) => PrismaClient };
const adapters = load("@prisma/adapter-better-sqlite3") as Record<string, new (options: { url: string }) => unknown>;
const Adapter = adapters.PrismaBetterSqlite3 ?? adapters.PrismaBetterSQLite3;
if (Adapter === undefined) throw new Error("@prisma/adapter-better-sqlite3 exports neither PrismaBetterSqlite3 nor PrismaBetterSQLite3");
const version = (load("@prisma/client/package.json") as { version: string }).version;
const adapter =
  options.adapter === "app" ? new (await import("~/stores/database/sqlite-adapter.server")).SqliteAdapter(url) : new Adapter({ url });
const db = new Client({ adapter });

try {
  const shop = "bench.myshopify.com";
  await db.shop.create({ data: { domain: shop } });
  for (let i = 0; i < 50; i++) {
    await db.shipment.create({
      data: { shop, kind: "OUTBOUND", state: "READY", fulfillmentOrderId: `fo-${i}`, orderId: `o-${i}`, packageId: `p-${i}` },
    });
  }
  const ids = (await db.shipment.findMany({ select: { id: true } })).map((shipment) => shipment.id);
  const idOf = (i: number) => ids[i % ids.length]!;

  const calls: Record<string, (i: number) => Promise<unknown>> = {
    findMany: () => db.shipment.findMany({ where: { shop, state: "READY" }, orderBy: { createdAt: "asc" }, take: 20 }),
    findUnique: (i) => db.shipment.findUnique({ where: { id: idOf(i) } }),
    update: (i) => db.shipment.update({ where: { id: idOf(i) }, data: { attempts: { increment: 1 }, lastPolledAt: new Date() } }),
    updateMany: (i) => db.shipment.updateMany({ where: { shop, orderId: `o-${i % 50}` }, data: { waitUntil: new Date() } }),
    "transaction (read, update, event)": (i) =>
      db.$transaction(async (tx) => {
        const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: idOf(i) } });
        await tx.shipment.update({ where: { id: shipment.id }, data: { attempts: shipment.attempts + 1 } });
        await tx.shipmentEvent.create({ data: { shipmentId: shipment.id, type: "BENCH", message: "bench", data: "{}" } });
      }),
    // Prisma compiles every createMany anew (its plan cache leaves createMany out): the pipeline's
    // timeline events, new shipments and checkpoints go through insertRows instead.
    ...eventWrites(1),
    ...eventWrites(20),
    ...eventWrites(100),
  };
  function eventWrites(count: number): Record<string, (i: number) => Promise<unknown>> {
    const rows = (i: number) =>
      Array.from({ length: count }, (_, k) => ({
        id: newRowId(),
        shipmentId: idOf(i + k),
        type: "BENCH",
        message: "bench",
        data: "{}",
        createdAt: new Date(),
      }));
    const noun = count === 1 ? "event" : "events";
    return {
      [`createMany (${count} ${noun})`]: (i) => db.shipmentEvent.createMany({ data: rows(i) }),
      [`insertRows (${count} ${noun})`]: (i) => insertRows(db, "ShipmentEvent", rows(i)),
    };
  }
  const cpuMs = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };

  // Warm-up: the first calls compile the WebAssembly and, on Prisma 7, fill the query plan cache.
  for (let i = 0; i < 20; i++) for (const call of Object.values(calls)) await call(i);

  process.stdout.write(
    `Prisma ${version}, ${rounds} calls each, SQLite, ${options.adapter === "app" ? "the app's adapter" : "Prisma's adapter"}\n`,
  );
  let cpuTotal = 0;
  for (const [name, call] of Object.entries(calls)) {
    const cpuStart = cpuMs();
    const wallStart = performance.now();
    for (let i = 0; i < rounds; i++) await call(i);
    const cpu = cpuMs() - cpuStart;
    const wall = performance.now() - wallStart;
    cpuTotal += cpu;
    process.stdout.write(`  ${name.padEnd(34)} CPU ${(cpu / rounds).toFixed(3)} ms/call, wall ${(wall / rounds).toFixed(3)} ms/call\n`);
  }
  process.stdout.write(`  ${"all".padEnd(34)} CPU ${(cpuTotal / (rounds * Object.keys(calls).length)).toFixed(3)} ms/call\n`);
} finally {
  await db.$disconnect();
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}
