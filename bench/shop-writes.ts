/**
 * What PostgreSQL's per-shop write lock buys (decision 0029): read-then-write transactions of several
 * shops from several clients at once, first under the whole database's lock, then under each shop's;
 * every counter must come out exact either way. Not a test: the ratio is the point. Details and
 * figures: docs/benchmarks.md.
 *
 *   ./run bench:shop-writes [--shops 4] [--transactions 800] [--clients 3] [--concurrency 12] [--hold-ms 2]
 */
import { parseArgs } from "node:util";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { writingForShop } from "~/stores/database/write-scope.server";
import { startPostgresDatabase } from "./pipeline/postgres";

const { values: options } = parseArgs({
  options: {
    shops: { type: "string", default: "4" },
    transactions: { type: "string", default: "800" },
    clients: { type: "string", default: "3" },
    concurrency: { type: "string", default: "12" },
    "hold-ms": { type: "string", default: "2" },
  },
});

const whole = (name: string, min: number): number => {
  const value = Number(options[name as keyof typeof options]);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be a whole number of at least ${min}, not "${options[name as keyof typeof options]}"`);
  return value;
};
const shopCount = whole("shops", 1);
const transactionCount = whole("transactions", 1);
const clientCount = whole("clients", 1);
const concurrency = whole("concurrency", 1);
const holdMs = whole("hold-ms", 0);

const shops = Array.from({ length: shopCount }, (_, i) => `bench-${i + 1}.myshopify.com`);
const counterOf = (shop: string, round: string) => `${round}:${shop}`;

async function runRound(round: "database" | "shop", clients: Database[]): Promise<number> {
  await clients[0]!.job.createMany({
    data: shops.map((shop) => ({ id: counterOf(shop, round), shop, kind: "bench", payload: "{}", maxAttempts: 1, runAt: new Date() })),
  });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      for (let i = next++; i < transactionCount; i = next++) {
        const shop = shops[i % shops.length]!;
        const id = counterOf(shop, round);
        const transaction = () =>
          clients[lane % clients.length]!.$transaction(async (tx) => {
            const row = await tx.job.findUniqueOrThrow({ where: { id } });
            if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
            await tx.job.update({ where: { id }, data: { attempts: row.attempts + 1 } });
          });
        await (round === "shop" ? writingForShop(shop, transaction) : transaction());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const counters = await clients[0]!.job.findMany({ where: { id: { in: shops.map((shop) => counterOf(shop, round)) } } });
  const expected = (shop: string) =>
    Math.floor(transactionCount / shopCount) + (shops.indexOf(shop) < transactionCount % shopCount ? 1 : 0);
  const wrong = counters.filter((counter) => counter.attempts !== expected(counter.shop ?? ""));
  if (wrong.length > 0) throw new Error(`Lost updates with the ${round} lock: ${wrong.map((c) => `${c.shop} ${c.attempts}`).join(", ")}`);
  return seconds;
}

const { database, stop } = await startPostgresDatabase();
const clients = [database.db, ...Array.from({ length: clientCount - 1 }, () => createDatabase(database.url))];
try {
  console.log(
    `${transactionCount} read-then-write transactions of ${shopCount} shops, ${clientCount} clients, ${concurrency} at once, each holding its lock ${holdMs} ms`,
  );
  const whole = await runRound("database", clients);
  console.log(
    `  the whole database's lock: ${whole.toFixed(2)} s, ${(transactionCount / whole).toFixed(0)} transactions/s, every counter exact`,
  );
  const perShop = await runRound("shop", clients);
  console.log(
    `  each shop's lock:          ${perShop.toFixed(2)} s, ${(transactionCount / perShop).toFixed(0)} transactions/s, every counter exact`,
  );
  console.log(`  per-shop / whole-database throughput: ${(whole / perShop).toFixed(2)}x`);
} finally {
  await Promise.all(clients.slice(1).map((client) => client.$disconnect()));
  await database.close();
  await stop();
}
