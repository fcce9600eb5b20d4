/**
 * `./run test [vitest filters and flags]`: the whole suite. First everything on SQLite, the default
 * (vitest.config.ts), then the suites that use the database on PostgreSQL, with the multi-process
 * fault test (vitest.postgres.config.ts, also `./run test:postgres`). Filters apply to both runs; a
 * run that a filter leaves without files passes. Exits non-zero when either run fails.
 */
import { spawnSync } from "node:child_process";
import process from "node:process";
import { createRequire } from "node:module";
import path from "node:path";

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const args = process.argv.slice(2);
const run = (configArgs) =>
  spawnSync(process.execPath, [vitest, "run", ...configArgs, "--passWithNoTests", ...args], { stdio: "inherit" }).status ?? 1;

const sqlite = run([]);
const postgres = run(["--config", "vitest.postgres.config.ts"]);
process.exit(sqlite !== 0 ? sqlite : postgres);
