/**
 * `./run test [vitest filters and flags]`: the whole suite. Everything on SQLite, the default
 * (vitest.config.ts), and the suites that use the database on PostgreSQL, with the multi-process
 * fault test (vitest.postgres.config.ts, also `./run test:postgres`). Filters apply to both runs; a
 * run that a filter leaves without files passes. Exits non-zero when either run fails.
 *
 * The two runs go side by side: each waits on servers, databases and browsers much of its time,
 * and one after the other left a core idle for a third of the suite (measured on the 2-core CI
 * machine, docs/benchmarks.md). The SQLite run's output streams as it comes; the PostgreSQL run's is
 * held and printed whole after it, so the log reads one run at a time.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import process from "node:process";

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const args = process.argv.slice(2);

/** Runs vitest with these config arguments; its output goes to `output` ("inherit" or a file). Resolves with its exit status. */
function run(configArgs, output) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", ...configArgs, "--passWithNoTests", ...args], {
      stdio: output === "inherit" ? "inherit" : ["ignore", output, output],
    });
    child.once("error", () => resolve(1));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const held = mkdtempSync(path.join(tmpdir(), "connector-test-"));
const heldFile = path.join(held, "postgres.log");
const heldStream = createWriteStream(heldFile);
await new Promise((resolve) => heldStream.once("open", resolve));
try {
  const [sqlite, postgres] = await Promise.all([run([], "inherit"), run(["--config", "vitest.postgres.config.ts"], heldStream)]);
  await new Promise((resolve) => heldStream.end(resolve));
  process.stdout.write("\n--- PostgreSQL (vitest.postgres.config.ts), run beside the SQLite run above ---\n\n");
  process.stdout.write(readFileSync(heldFile));
  process.exitCode = sqlite !== 0 ? sqlite : postgres;
} finally {
  rmSync(held, { recursive: true, force: true });
}
