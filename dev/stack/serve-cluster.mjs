/**
 * Several app processes on one port: `APP_PROCESSES=2 node serve-cluster.mjs build/server/index.js`.
 * Each worker is server/serve.mjs as `npm start` runs it (same build, same environment); node:cluster's
 * primary hands each new connection to the next worker, so no proxy is needed. They share the
 * SQLite file: each has its own connection, and SQLite's write lock (BEGIN IMMEDIATE, waiting up
 * to the busy timeout: app/stores/database/sqlite-adapter.server.ts) serialises their transactions.
 *
 * The primary serves nothing itself. SIGTERM or SIGINT stops every worker gracefully (the server
 * closes its server, in-flight requests finish), then the primary exits. A worker that dies
 * otherwise takes the primary down with it: the stack notices a dead app, rather than serving on
 * with fewer processes than it was asked for.
 *
 * Plain JavaScript, like exit-with-parent.mjs: the app server runs with plain Node.
 */
import cluster from "node:cluster";
import path from "node:path";
import process from "node:process";

const count = Number(process.env.APP_PROCESSES ?? "1");
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write(`APP_PROCESSES must be a whole number of at least 1, not ${JSON.stringify(process.env.APP_PROCESSES)}\n`);
  process.exit(1);
}
const build = process.argv[2];
if (!build) {
  process.stderr.write("Usage: APP_PROCESSES=<n> node serve-cluster.mjs <server-build-path>\n");
  process.exit(1);
}

// Workers run the app's server entry with the build path; they inherit execArgv (--import
// exit-with-parent.mjs), so they stop when this primary is gone.
cluster.setupPrimary({ exec: path.join(import.meta.dirname, "..", "..", "server", "serve.mjs"), args: [build] });

let stopping = false;
const workers = Array.from({ length: count }, () => cluster.fork());

cluster.on("exit", (worker, code, signal) => {
  if (!stopping) {
    // Exit code 0: it was told to stop (a signal to the whole process group reaches it too).
    const failed = code !== 0 || signal !== null;
    if (failed)
      process.stderr.write(`[serve-cluster] app process ${worker.process.pid} exited (${signal ?? `code ${code}`}): stopping the others\n`);
    stop(failed ? 1 : 0);
    return;
  }
  if (workers.every((w) => w.isDead())) process.exit(process.exitCode ?? 0);
});

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  // disconnect(): each worker closes its server and exits once its in-flight requests are answered.
  for (const worker of workers) if (!worker.isDead()) worker.disconnect();
  if (workers.every((w) => w.isDead())) process.exit(exitCode);
}

for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => stop(0));
