/**
 * The admin at a big merchant's size (issue 28, part 3): seeds 100,000 shipments, 20,000 variants
 * and 5,000 SKUs in stock into a fresh migrated database, starts the built app on it as the browser
 * tests do, and times each page's loader (the document request, as the admin tests make it) and its
 * LCP in Chromium. Not a test: it prints figures (docs/benchmarks.md).
 *
 *   npm run bench:admin -- [--db sqlite|postgres] [--shipments N] [--variants N] [--skus N]
 *     [--repeat 20] [--loads 3] [--keep FILE] [--only PAGE]
 *
 * `--keep FILE` (SQLite): seeds into FILE, or, when FILE exists, migrates it and measures it as it
 * is, so an index can be tried without seeding again.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createDatabase } from "~/stores/database/database.server";
import { PROJECT_ROOT } from "../dev/stack/build";
import { BROWSER_USER_AGENT, adminDocument, sessionToken } from "../test/admin/support";
import { launchChromium, measureAdminLoad } from "../test/browser/support";
import { DEMO_SHOP } from "../test/emulator/seed";
import type { TestDatabase } from "../test/support/database";
import migrateBaseDatabase, { BASE_DATABASE_FILE } from "../test/support/global-setup";
import { startStack, type TestStack } from "../test/support/stack";
import { seedBigMerchant, skuOf } from "./admin/seed";
import { startPostgresDatabase } from "./pipeline/postgres";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    shipments: { type: "string" },
    variants: { type: "string" },
    skus: { type: "string" },
    repeat: { type: "string" },
    loads: { type: "string" },
    keep: { type: "string" },
    only: { type: "string" },
  },
});
const flags = z
  .object({
    db: z.enum(["sqlite", "postgres"]).default("sqlite"),
    shipments: z.coerce.number().int().positive().default(100_000),
    variants: z.coerce.number().int().positive().default(20_000),
    skus: z.coerce.number().int().positive().default(5_000),
    /** Timed loader requests per page, after two warm-ups. */
    repeat: z.coerce.number().int().positive().default(20),
    /** Page loads in Chromium per page; the median LCP is printed. */
    loads: z.coerce.number().int().positive().default(3),
    keep: z.string().optional(),
    /** Measures only the pages whose name starts with this ("Products"), to compare one page before and after. */
    only: z.string().optional(),
  })
  .parse(values);
if (flags.keep !== undefined && flags.db !== "sqlite") throw new Error("--keep is for SQLite only");

const LOADER_TARGET_MS = 300;
const LCP_TARGET_MS = 1_000;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** Another helper's tests share the 2 cores: measure when the machine is quiet enough, or after 3 minutes anyway. */
async function waitForQuiet(): Promise<void> {
  const deadline = Date.now() + 180_000;
  while ((loadavg()[0] ?? 0) > 1.5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5_000));
}

async function openDatabase(): Promise<{ database: TestDatabase; seeded: boolean; stop(): Promise<void> }> {
  if (flags.db === "postgres") {
    const postgres = await startPostgresDatabase({ fast: true });
    return { database: postgres.database, seeded: false, stop: () => postgres.stop() };
  }
  migrateBaseDatabase();
  const directory = flags.keep === undefined ? mkdtempSync(path.join(tmpdir(), "bench-admin-")) : null;
  const file = flags.keep !== undefined ? path.resolve(flags.keep) : path.join(directory ?? "", "admin.sqlite");
  const seeded = existsSync(file);
  if (seeded) {
    // A kept database gets the migrations added since it was seeded (the index being tried).
    const migrated = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: `file:${file}` },
      encoding: "utf8",
    });
    if (migrated.status !== 0) throw new Error(`migrate deploy of ${file} failed:\n${migrated.stdout}\n${migrated.stderr}`);
  } else copyFileSync(BASE_DATABASE_FILE, file);
  const url = `file:${file}`;
  const db = createDatabase(url);
  return {
    database: { db, url, close: () => db.$disconnect() },
    seeded,
    stop: async () => {
      if (directory !== null) rmSync(directory, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The loader's time: the whole document request as the embedded admin makes it, `repeat` times after two warm-ups. */
async function loaderTimes(stack: TestStack, pagePath: string, request: () => Promise<{ status: number; bytes: number }>) {
  const times: number[] = [];
  let bytes = 0;
  for (let attempt = 0; attempt < flags.repeat + 2; attempt++) {
    const started = performance.now();
    const answer = await request();
    const took = performance.now() - started;
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}; the app's output:\n${stack.logs().slice(-3_000)}`);
    bytes = answer.bytes;
    if (attempt >= 2) times.push(took);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

const startedAt = Date.now();
console.log(`bench:admin on ${flags.db}: ${flags.shipments} shipments, ${flags.variants} variants, ${flags.skus} SKUs in stock`);
console.log(`  load average at the start (1, 5, 15 min; ${availableParallelism()} cores, shared): ${load()}`);
const opened = await openDatabase();
const { database } = opened;
let stack: TestStack | undefined;
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
try {
  if (opened.seeded) console.log(`  measuring the merchant already in ${flags.keep ?? ""}`);
  else {
    const seeding = performance.now();
    const took = await seedBigMerchant(database.db, DEMO_SHOP, {
      shipments: flags.shipments,
      variants: flags.variants,
      skusInStock: flags.skus,
    });
    // PostgreSQL plans from statistics that autovacuum gathers a while after a bulk load; a shop
    // that grew to this size has them. SQLite keeps none unless asked (ANALYZE), and the app never asks.
    // (ANALYZE alone: the adapter runs raw statements in a transaction, where VACUUM cannot run.)
    if (flags.db === "postgres") await database.db.$executeRawUnsafe("ANALYZE");
    const parts = Object.entries(took)
      .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(1)} s`)
      .join(", ");
    console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (${parts})`);
  }
  [stack, browser] = await Promise.all([startStack({ database, worker: false }), launchChromium()]);
  const s = stack;
  const shipment = await database.db.shipment.findFirst({ where: { shop: DEMO_SHOP, state: "DELIVERED" }, orderBy: { createdAt: "desc" } });
  const orderName =
    (
      await database.db.shipment.findFirst({
        where: { shop: DEMO_SHOP },
        skip: Math.floor(flags.shipments / 2),
        select: { orderName: true },
      })
    )?.orderName ?? "#1001";
  const recipient = "kowalski";
  const pages: { name: string; path: string; lcp: boolean }[] = [
    { name: "Shipments", path: "/app/shipments", lcp: true },
    { name: "Shipments: Needs attention", path: "/app/shipments?filter=attention", lcp: true },
    { name: "Shipments: Delivered", path: "/app/shipments?filter=delivered", lcp: true },
    { name: `Shipments: search ${orderName}`, path: `/app/shipments?q=${encodeURIComponent(orderName)}`, lcp: true },
    { name: `Shipments: search ${skuOf(1234)}`, path: `/app/shipments?q=${skuOf(1234)}`, lcp: true },
    { name: `Shipments: search ${recipient}`, path: `/app/shipments?q=${recipient}`, lcp: true },
    { name: "A shipment's page", path: `/app/shipments/${shipment?.id ?? "none"}`, lcp: true },
    { name: "Products", path: "/app/products", lcp: true },
    ...["NOT_REGISTERED", "DIFFERS", "REGISTERED", "KIT", "PROVIDER_ONLY", "NO_SKU"].map((state) => ({
      name: `Products: ${state}`,
      path: `/app/products?state=${state}`,
      lcp: true,
    })),
    { name: "Products: search", path: "/app/products?q=Ceramic%20mug%2012", lcp: true },
    { name: "Stock", path: "/app/stock", lcp: true },
    { name: "Inventory age", path: "/app/inventory-age", lcp: true },
    { name: "Inventory age: CSV export", path: "/app/inventory-age/export?warehouse=US01", lcp: false },
    { name: "Home", path: "/app", lcp: true },
  ];

  await waitForQuiet();
  const atStart = load();
  const rows: string[] = [];
  for (const page of pages.filter((candidate) => flags.only === undefined || candidate.name.startsWith(flags.only))) {
    const request = page.lcp
      ? async () => {
          const answer = await adminDocument(s, page.path);
          return { status: answer.status, bytes: Buffer.byteLength(answer.html) };
        }
      : async () => {
          // As the page fetches it: App Bridge's session token in the header.
          const response = await fetch(new URL(page.path, s.appUrl), {
            headers: { "User-Agent": BROWSER_USER_AGENT, Authorization: `Bearer ${sessionToken(s.shop, s.apiKey, s.apiSecret)}` },
          });
          return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
        };
    const loader = await loaderTimes(s, page.path, request);
    const lcps: number[] = [];
    if (page.lcp) {
      for (let attempt = 0; attempt < flags.loads; attempt++) {
        const measured = await measureAdminLoad(browser, s, page.path);
        if (measured.lcpMs !== null) lcps.push(measured.lcpMs);
      }
      lcps.sort((a, b) => a - b);
    }
    const lcp = lcps.length === 0 ? null : percentile(lcps, 50);
    const met = loader.p95 < LOADER_TARGET_MS && (!page.lcp || (lcp !== null && lcp < LCP_TARGET_MS));
    const row = `| ${page.name} | ${Math.round(loader.p50)} / ${Math.round(loader.p95)} | ${lcp === null ? "n/a" : Math.round(lcp)} | ${(loader.bytes / 1024).toFixed(0)} KiB | ${met ? "met" : "missed"} |`;
    console.log(`  ${row}`);
    rows.push(row);
  }
  console.log(
    `\nTargets: loader p95 < ${LOADER_TARGET_MS} ms, LCP < ${LCP_TARGET_MS} ms (median of ${flags.loads} loads); ${flags.repeat} timed requests per page after 2 warm-ups.`,
  );
  console.log("| Page | Loader p50 / p95 ms | LCP ms | Answer | Target |\n|---|---|---|---|---|");
  console.log(rows.join("\n"));
  console.log(
    `\n  load average when measuring began: ${atStart}; at the end: ${load()}; ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all`,
  );
} finally {
  await browser?.close();
  await stack?.stop();
  await database.close();
  await opened.stop();
}
