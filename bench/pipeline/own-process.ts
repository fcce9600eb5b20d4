/**
 * What a bench process measures of itself: its peak memory, and the statements it sends to
 * PostgreSQL. The worker and intake processes report both; the harness its memory.
 */
import { readFileSync } from "node:fs";
import pg from "pg";

/** The kernel's own high-water mark of this process's resident memory. */
export function peakRssBytes(): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return line ? Number(line[1]) * 1024 : process.memoryUsage().rss;
}

/**
 * Counts every statement this process sends to PostgreSQL from now on, where node-postgres sends
 * it: each is a round trip, and (but for BEGIN, the write lock and COMMIT, which the adapter sends
 * itself) a call through Prisma's client or the app's own SQL. A figure that does not vary with
 * the machine's load, as CPU time does. Returns the count so far; nothing is counted on SQLite.
 */
export function countStatementsSent(): () => number {
  let statements = 0;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const sendStatement = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return sendStatement.apply(this, args);
  };
  return () => statements;
}
