/**
 * `npm run bench:pipeline -- [--orders N] [--timeout-s S] [--concurrency C] [--wave W]`: not a test.
 * N orders (default 1000) through the pipeline in one process (test/pipeline's harness: sandbox
 * with its delays at zero, Shopify emulator with its default cost budget, the app's intake and the
 * real job worker with the fast policy), and prints: wall time until every order has its fulfilment
 * with tracking in Shopify, orders per second, provider HTTP calls per operation against the minimum
 * (ceil(N/20) creations and status polls), Shopify mutations per fulfilment, peak RSS.
 * Calls are counted at fetch (every HTTP request the process sends, retries included).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { emulatorState } from "~/shopify/test-support/emulator";
import { startHarness } from "../test/pipeline/harness";
import { DEMO_SHOP } from "../test/emulator/seed";
import migrateBaseDatabase from "../test/support/global-setup";

const { values } = parseArgs({ options: { orders: { type: "string" }, "timeout-s": { type: "string" }, concurrency: { type: "string" }, wave: { type: "string" } } });
const flags = z
  .object({
    orders: z.coerce.number().int().positive().default(1000),
    "timeout-s": z.coerce.number().positive().default(600),
    concurrency: z.coerce.number().int().positive().default(4),
    wave: z.coerce.number().int().positive().default(50),
  })
  .parse(values);
const N = flags.orders;

// Count every request by destination: provider operations by path, Shopify mutations by name.
const providerCalls: Record<string, number> = {};
const shopifyMutations: Record<string, number> = {};
let shopifyQueries = 0;
let sandboxUrl = "";
let graphqlUrl = "";
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (sandboxUrl && url.startsWith(`${sandboxUrl}/v1/`)) {
    const key = `${init?.method ?? "GET"} ${new URL(url).pathname.replace(/\/[A-Z0-9]{8,}(?=\/|$)/g, "/:id")}`;
    providerCalls[key] = (providerCalls[key] ?? 0) + 1;
  } else if (graphqlUrl && url === graphqlUrl && typeof init?.body === "string") {
    // The app's documents start with a `#graphql` comment line: leave comments out before looking.
    const query = String((JSON.parse(init.body) as { query?: unknown }).query ?? "").replace(/#[^\n]*/g, "");
    const mutation = /^\s*mutation\b[^{]*\{([\s\S]*)\}\s*$/.exec(query);
    if (mutation) {
      // Top-level fields, aliases included: `a1: fulfillmentEventCreate(...)` counts once per alias.
      // Inside the operation's braces only, so `mutation FulfillmentCreate(...)` itself is not counted.
      const names = [...(mutation[1] ?? "").matchAll(/(?:^|[\s{])(?:\w+\s*:\s*)?(fulfillment\w+|inventory\w+|\w+Create|\w+Update)\s*\(/g)].map((m) => m[1] ?? "?");
      for (const name of names) shopifyMutations[name] = (shopifyMutations[name] ?? 0) + 1;
    } else shopifyQueries++;
  }
  return realFetch(input, init);
};

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

migrateBaseDatabase();
const harness = await startHarness({ createDelayMs: 0, trackingStepMs: 1, concurrency: flags.concurrency });
sandboxUrl = harness.sandbox.url;
graphqlUrl = harness.shopify.graphqlUrl(DEMO_SHOP);
const SKUS = ["MUG-CER-350-WHT", "TSHIRT-ORG-M-BLK", "TSHIRT-ORG-L-BLK", "BOTTLE-SS-750-SLV", "PHONECASE-IP15-CLR", "SOCKS-WOOL-3P-GRY"];
const say = (line: string) => void process.stdout.write(`${line}\n`);

const started = Date.now();
let ok = true;
try {
  let placed = 0;
  let foCount = 0;
  const deadline = started + flags["timeout-s"] * 1000;
  let fulfilled = 0;
  let lastLog = 0;
  while (Date.now() < deadline) {
    // Orders arrive in waves: the next wave once the previous one is planned (see scripts/demo/run.ts).
    const planned = await harness.db.shipment.count({ where: { shop: DEMO_SHOP } });
    if (placed < N && planned >= foCount) {
      for (const end = Math.min(N, placed + flags.wave); placed < end; placed++) {
        const order = await harness.placeOrder([{ sku: SKUS[placed % SKUS.length] ?? "MUG-CER-350-WHT", quantity: 1 + (placed % 2) }]);
        foCount += order.fulfillmentOrders.length;
      }
    }
    const state = await emulatorState(harness.shopify);
    fulfilled = state.fulfillments.filter((f) => f.trackingInfo.some((t) => t.number)).length;
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      process.stderr.write(`[bench] ${((Date.now() - started) / 1000).toFixed(1)} s: placed ${placed}, planned ${planned}, fulfilled with tracking ${fulfilled}/${N}\n`);
    }
    if (placed >= N && fulfilled >= foCount) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  const states = await harness.db.shipment.groupBy({ by: ["state"], _count: true });
  const minimum = Math.ceil(N / 20);
  const creations = Object.entries(providerCalls).filter(([k]) => /\/multiple$/.test(k)).reduce((sum, [, n]) => sum + n, 0);
  const totalMutations = Object.values(shopifyMutations).reduce((a, b) => a + b, 0);
  ok = fulfilled >= N;
  say(`Pipeline benchmark: ${N} orders (one fulfillment order each), sandbox delays 0 (tracking step 1 ms), worker concurrency ${flags.concurrency}, waves of ${flags.wave}`);
  say(`  ${ok ? "all fulfilled with tracking" : `TIMED OUT: ${fulfilled}/${N} fulfilled`} in ${seconds.toFixed(1)} s wall: ${(fulfilled / seconds).toFixed(1)} orders/s`);
  say(`  shipments by state at the end: ${states.map((s) => `${s.state} ${s._count}`).join(", ")}`);
  say(`  provider HTTP calls (minimum for creations and for status polls: ceil(N/20) = ${minimum}):`);
  for (const [operation, n] of Object.entries(providerCalls).sort()) say(`    ${operation}: ${n} (${(n / minimum).toFixed(2)} x minimum)`);
  say(`  creation calls: ${creations} = ${(creations / minimum).toFixed(2)} x ceil(N/20) (target <= 1.05)`);
  say(`  Shopify mutations: ${totalMutations} for ${fulfilled} fulfilments = ${(totalMutations / Math.max(1, fulfilled)).toFixed(2)} per fulfilment; by name: ${JSON.stringify(shopifyMutations)}; queries ${shopifyQueries}`);
  say(`  peak RSS (one process: harness, sandbox, emulator, worker): ${(peakRss / 2 ** 20).toFixed(0)} MiB (target < 500)`);
} finally {
  clearInterval(sampler);
  await harness.close();
}
process.exit(ok ? 0 : 1);
