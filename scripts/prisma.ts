/**
 * `npm run prisma -- <args>`: the Prisma CLI as it works on machines without Prisma's download host.
 * The CLI insists on locating native engine files before it starts even when it will not use them;
 * pointing these variables at any existing file skips the download. The engines that do the work
 * are the WASM schema engine (prisma.config.ts) and the client's query compiler (engineType "client").
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { env } from "../app/env.server";

const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");
const placeholderEngine = prismaCli; // any existing file will do; it is never executed

mkdirSync(".data", { recursive: true });

// On PostgreSQL, `migrate deploy` is ours (scripts/postgres/migrate.ts says why), and `generate`
// also makes the PostgreSQL client from its generated schema.
const postgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL);
const [command, subcommand] = process.argv.slice(2);
if (postgres && command === "migrate" && subcommand === "deploy") {
  const { migratePostgres } = await import("./postgres/migrate");
  const applied = await migratePostgres(env.DATABASE_URL, { log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(applied.length === 0 ? "No pending migrations to apply.\n" : `${applied.length} migration(s) applied.\n`);
  process.exit(0);
}
const result = spawnSync(process.execPath, [prismaCli, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: env.DATABASE_URL,
    PRISMA_SCHEMA_ENGINE_BINARY: placeholderEngine,
    PRISMA_QUERY_ENGINE_LIBRARY: placeholderEngine,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
  cwd: path.resolve(import.meta.dirname, ".."),
});
process.exit(result.status ?? 1);
