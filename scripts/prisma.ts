/**
 * `npm run prisma -- <args>`: the Prisma CLI as it works on machines without Prisma's download host.
 * `generate` (and validate, format, version) run on Prisma 7, the client the app runs; `migrate` and
 * `db` on the Prisma 6.19 CLI, whose WASM schema engine works over a driver adapter; anything else is
 * refused. Neither is given a native schema engine (scripts/no-schema-engine.sh), and a `migrate
 * diff --script` that prints no SQL is an error. Why: docs/decisions/0030-prisma-7-runtime.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { env } from "../app/env.server";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const [command, subcommand] = args;

const MIGRATING = new Set(["migrate", "db"]);
const PRISMA_7 = new Set(["generate", "validate", "format", "version", "--version", "-v", "--help", "-h"]);

mkdirSync(path.join(root, ".data"), { recursive: true });

// On PostgreSQL, `migrate deploy` is ours (scripts/postgres/migrate.ts says why).
const postgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL);
if (postgres && command === "migrate" && subcommand === "deploy") {
  const { migratePostgres } = await import("./postgres/migrate");
  const applied = await migratePostgres(env.DATABASE_URL, { log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(applied.length === 0 ? "No pending migrations to apply.\n" : `${applied.length} migration(s) applied.\n`);
  process.exit(0);
}

const migrating = command !== undefined && MIGRATING.has(command);
if (!migrating && !(command === undefined || PRISMA_7.has(command))) {
  process.stderr.write(
    `scripts/prisma.ts: "${command}" is not a command this project runs. Prisma 7 runs generate, validate, format and version; ` +
      "the Prisma 6.19 CLI runs migrate and db (docs/decisions/0030-prisma-7-runtime.md).\n",
  );
  process.exit(2);
}

const cli = require.resolve(migrating ? "prisma-migrate/build/index.js" : "prisma/build/index.js");
const configArgs = migrating && !args.includes("--config") ? ["--config", path.join("prisma", "migrate.config.ts")] : [];
const noSchemaEngine = path.join(root, "scripts", "no-schema-engine.sh");
// The script's output is the SQL alone: the CLI's notes about its config go to stderr.
const script = command === "migrate" && subcommand === "diff" && args.includes("--script");

const result = spawnSync(process.execPath, [cli, ...args, ...configArgs], {
  stdio: script ? ["inherit", "pipe", "inherit"] : "inherit",
  encoding: "utf8",
  env: {
    ...process.env,
    DATABASE_URL: env.DATABASE_URL,
    PRISMA_SCHEMA_ENGINE_BINARY: noSchemaEngine,
    // 6.19 also looks for the native query engine library; the client engine never loads it.
    ...(migrating ? { PRISMA_QUERY_ENGINE_LIBRARY: noSchemaEngine } : {}),
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
  cwd: root,
});
if (script) {
  const lines = (result.stdout ?? "").split("\n");
  const notes = lines.filter((line) => /^(Loaded Prisma config|Prisma config detected)/.test(line));
  const sql = lines.filter((line) => !notes.includes(line)).join("\n");
  if (notes.length > 0) process.stderr.write(`${notes.join("\n")}\n`);
  process.stdout.write(sql);
  // Even two equal schemas make a comment ("-- This is an empty migration."): no output at all means
  // the schema engine did not run.
  if (result.status === 0 && sql.trim() === "") {
    process.stderr.write(
      "scripts/prisma.ts: `migrate diff --script` printed no SQL, not even an empty migration's comment: the schema engine did not run.\n",
    );
    process.exit(1);
  }
}
process.exit(result.status ?? 1);
