/**
 * `npm run demo -- [--orders N] [--timeout-s S] [--db sqlite|postgres]`: the stack on loopback
 * (dev/demo/stack.ts), a replay of realistic orders, and per-state counts at the end (dev/demo/run.ts).
 * Exit 0: every order that can be fulfilled has its fulfilment with tracking and a Delivered event in
 * Shopify, the others are HELD or FAILED with reasons (or CANCELLED). Exit 1: timeout, a lost order,
 * or an order that ended other than expected. Exit 2: a bad flag. More: README.md, "Quick start".
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { formatCounts, runDemo } from "./demo/run";
import { closeOpenDemoStacks } from "./demo/stack";
import { stopAllChildren } from "./stack/children";

const Flags = z.strictObject({
  orders: z.coerce.number().int().min(9).default(60),
  "timeout-s": z.coerce.number().positive().default(180),
  db: z.enum(["sqlite", "postgres"]).default("sqlite"),
  help: z.boolean().default(false),
});

const usage = `Usage: npm run demo -- [--orders N] [--timeout-s S] [--db sqlite|postgres]
  --orders N      orders to replay (default 60; at least 9, the special cases)
  --timeout-s S   give up after S seconds (default 180)
  --db D          the app's database: sqlite (default, a file in .data/demo) or postgres (a
                  PostgreSQL server started for the demo on loopback, removed at the end)
`;

function readFlags() {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      options: { orders: { type: "string" }, "timeout-s": { type: "string" }, db: { type: "string" }, help: { type: "boolean" } },
    }).values;
  } catch (error) {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  const parsed = Flags.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  process.stderr.write(`demo: --${String(issue?.path[0] ?? "")}: ${issue?.message ?? "is invalid"}\n\n${usage}`);
  process.exit(2);
}

const flags = readFlags();
if (flags.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const say = (line: string) => void process.stdout.write(`${line}\n`);
// Ctrl-C: the app and worker processes are stopped before the demo exits, then the rest of the
// stack (its PostgreSQL server and folder with --db postgres).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(
    signal,
    () =>
      void stopAllChildren(2_000)
        .then(closeOpenDemoStacks)
        .finally(() => process.exit(130)),
  );
}
try {
  const result = await runDemo({ orders: flags.orders, timeoutMs: flags["timeout-s"] * 1000, db: flags.db, log: say });
  const database = result.database === "postgres" ? "PostgreSQL" : "SQLite";
  say("");
  say(`Database: ${database}`);
  say(`Shipments by state: ${formatCounts(result.counts)}`);
  say(
    `Orders: ${result.outcomes.length} (${formatCounts(result.outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o.outcome]: (acc[o.outcome] ?? 0) + 1 }), {}))})`,
  );
  say(`Shopify: ${result.fulfilmentsWithTracking} fulfilments with tracking and a Delivered event`);
  for (const item of result.notShipped) say(`  ${item.state} ${item.order} (${item.label}): ${item.reason}`);
  if (result.handedBack.length > 0)
    say("Packages the provider could not create, handed back to Shopify (Settings > Orders and after sending):");
  for (const item of result.handedBack)
    say(
      `  ${item.order} (${item.label}): its fulfillment order is ${item.fulfillmentOrderStatus.toLowerCase()} in Shopify, for the merchant to decide`,
    );
  const changed = result.outcomes.filter((outcome) => outcome.order.change !== undefined);
  if (changed.length > 0) say("Orders that changed in Shopify before they were sent:");
  for (const outcome of changed) say(`  ${outcome.name} ${outcome.order.label}: ${outcome.outcome.toLowerCase()}`);
  for (const note of result.setupNotes) say(`Setup: ${note}`);
  if (result.ok) {
    say(
      `\nOK in ${result.seconds.toFixed(1)} s on ${database}: every order that can be fulfilled is fulfilled with tracking and delivered; the others are held, failed or cancelled with their reasons.`,
    );
    process.exit(0);
  }
  say(`\nFAILED after ${result.seconds.toFixed(1)} s on ${database}:`);
  for (const problem of result.problems) say(`  - ${problem}`);
  say(`\nThe app's and the worker's last output:\n${result.appOutput}`);
  process.exit(1);
} catch (error) {
  process.stderr.write(`demo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
