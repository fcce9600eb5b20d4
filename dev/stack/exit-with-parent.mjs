/**
 * Loaded with `node --import` into the stack's child processes (the app server and the worker).
 * They run in process groups of their own, so a stack or test process that dies without cleaning
 * up (SIGKILL, a crash) would leave them running, holding ports and the database. When the parent
 * is gone the child is re-parented, its ppid changes, and it stops itself as if told to.
 *
 * Plain JavaScript on purpose: the app server runs the built bundle with plain Node, and loading
 * TypeScript support only for this would double its start-up time.
 */
import process from "node:process";
import { clearInterval, setInterval, setTimeout } from "node:timers";

const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, "SIGTERM");
  // The graceful path had its chance; a child must not outlive its stack.
  setTimeout(() => process.exit(1), 10_000).unref();
}, 500);
watch.unref();
