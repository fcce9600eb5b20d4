/**
 * `node postgres-watchdog.mjs <server-pid> <data-dir>`: started (detached, in a group of its own) by
 * a stack or demo that runs its own PostgreSQL server. PostgreSQL does not notice its parent dying,
 * so a stack killed without cleaning up (SIGKILL, a crash) would leave the server running and its
 * folder behind. When this process's parent is gone (its ppid changes), it ends the server (fast
 * shutdown, SIGKILL after 10 s) and removes the folder. A stack that stops normally ends the
 * watchdog first (SIGTERM), then stops the server itself.
 *
 * Plain JavaScript, like exit-with-parent.mjs: it must start in milliseconds.
 */
import { readFileSync, rmSync } from "node:fs";
import process from "node:process";
import { setTimeout } from "node:timers";

const serverPid = Number(process.argv[2]);
const dataDir = process.argv[3];
if (!Number.isInteger(serverPid) || serverPid <= 0 || !dataDir) {
  process.stderr.write("Usage: node postgres-watchdog.mjs <server-pid> <data-dir>\n");
  process.exit(2);
}

const parent = process.ppid;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while the server process exists and is not a zombie. */
function serverRunning() {
  try {
    const stat = readFileSync(`/proc/${serverPid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

function signal(name) {
  try {
    process.kill(serverPid, name);
  } catch {
    // Gone already.
  }
}

for (;;) {
  await sleep(500);
  if (process.ppid !== parent) break;
  // The server stopped on its own while the stack runs: nothing left to watch.
  if (!serverRunning()) process.exit(0);
}
signal("SIGINT");
const deadline = Date.now() + 10_000;
while (serverRunning() && Date.now() < deadline) await sleep(100);
if (serverRunning()) {
  signal("SIGKILL");
  while (serverRunning()) await sleep(100);
}
rmSync(dataDir, { recursive: true, force: true });
