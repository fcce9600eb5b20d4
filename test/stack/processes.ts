/** Process helpers for the stack tests (Linux: read from /proc). */
import { readdirSync, readFileSync } from "node:fs";

/** The parent pid of `pid`, or undefined when it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    // Format: "pid (comm) state ppid ..."; comm may contain spaces and parentheses, so split after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

/** Every process below `root`, children and their children. */
export function descendantsOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) parents.set(Number(entry), parent);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const [pid, parent] of parents) {
      if (parent === current) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

/** True while `pid` exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
