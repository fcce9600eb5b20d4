/**
 * Where the machine's CPU went during a run, by part (user and system time, from /proc): this
 * process (the harness: the Shopify emulator, the provider sandbox and the placing of the
 * orders), the intake processes, the workers and the PostgreSQL server. The bench shares the
 * machine's cores with the app: a run whose cores were full says how much of them the app had, and
 * how much the stand-ins for the world took.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** The processes of a run, by part (PostgreSQL's server by its first process, the postmaster). */
export interface RunProcesses {
  intakes: () => number[];
  workers: () => number[];
  postgres?: number;
}

/** CPU seconds each part had used by a moment (the intakes and workers process by process), and the moment. */
export interface CpuSnapshot {
  at: number;
  harness: number;
  intakes: number[];
  workers: number[];
  postgres: number | undefined;
}

const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** The fields of /proc/<pid>/stat after the command's name (state first); undefined once the process is gone. */
function statOf(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** CPU seconds in a process's stat fields: its own, with its reaped children's when asked (utime, stime, cutime, cstime). */
function cpuSecondsIn(fields: string[], withReapedChildren = false): number {
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index] ?? 0)) as [number, number, number, number];
  return (utime + stime + (withReapedChildren ? cutime + cstime : 0)) / TICKS_PER_SECOND;
}

function cpuSecondsOf(pid: number, withReapedChildren = false): number {
  const fields = statOf(pid);
  return fields === undefined ? 0 : cpuSecondsIn(fields, withReapedChildren);
}

/** The server's CPU: the postmaster and its children alive now (one backend a connection), and those it has reaped. */
function postgresCpuSeconds(postmaster: number): number {
  let seconds = cpuSecondsOf(postmaster, true);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(entry);
    if (fields !== undefined && Number(fields[1]) === postmaster) seconds += cpuSecondsIn(fields);
  }
  return seconds;
}

export function cpuSnapshot(processes: RunProcesses): CpuSnapshot {
  const own = process.cpuUsage();
  return {
    at: Date.now(),
    harness: (own.user + own.system) / 1e6,
    intakes: processes.intakes().map((pid) => cpuSecondsOf(pid)),
    workers: processes.workers().map((pid) => cpuSecondsOf(pid)),
    postgres: processes.postgres === undefined ? undefined : postgresCpuSeconds(processes.postgres),
  };
}

const sum = (seconds: number[]) => seconds.reduce((total, each) => total + each, 0);

/**
 * One line: each part's CPU seconds between the two snapshots and the share of the cores' time it
 * took; for several intakes or workers, each one's seconds too (how evenly the load was spread).
 */
export function describeCpuShares(from: CpuSnapshot, to: CpuSnapshot, what: string): string {
  const cores = availableParallelism();
  const wall = (to.at - from.at) / 1000;
  const available = cores * wall;
  const share = (seconds: number) => `${((seconds / available) * 100).toFixed(0)}%`;
  const part = (name: string, seconds: number) => `${name} ${seconds.toFixed(1)} s (${share(seconds)})`;
  const processesPart = (name: string, before: number[], after: number[]) => {
    const each = after.map((seconds, i) => seconds - (before[i] ?? 0));
    const total = sum(each);
    return each.length < 2
      ? part(name, total)
      : `${name} ${total.toFixed(1)} s (${share(total)}; each ${each.map((seconds) => seconds.toFixed(1)).join(", ")} s)`;
  };
  const postgres = to.postgres === undefined || from.postgres === undefined ? undefined : to.postgres - from.postgres;
  const parts = [
    part("harness (emulator, sandbox, placing orders)", to.harness - from.harness),
    processesPart("intakes", from.intakes, to.intakes),
    processesPart("workers", from.workers, to.workers),
    ...(postgres === undefined ? [] : [part("PostgreSQL", postgres)]),
  ];
  const harness = to.harness - from.harness;
  const intakes = sum(to.intakes) - sum(from.intakes);
  const workers = sum(to.workers) - sum(from.workers);
  const used = harness + intakes + workers + (postgres ?? 0);
  return (
    `CPU ${what} (user and system, of ${cores} cores x ${wall.toFixed(1)} s wall = ${available.toFixed(0)} s): ${parts.join(", ")}; ` +
    `in all ${used.toFixed(1)} s (${((used / available) * 100).toFixed(0)}%); ${overTheHarness(harness, intakes, workers, postgres)}`
  );
}

/**
 * Each part's CPU over the harness's. The harness is the same code in every run and does the same
 * work for the same orders, so its CPU follows the machine's speed alone: on this machine every
 * process's CPU for the same work moved by a quarter to a third between runs minutes apart, and
 * the parts' ratios to it moved by a few percent. Compare runs by these.
 */
function overTheHarness(harness: number, intakes: number, workers: number, postgres: number | undefined): string {
  const ratio = (seconds: number) => (harness > 0 ? (seconds / harness).toFixed(2) : "n/a");
  const ratios = [
    `intakes ${ratio(intakes)}`,
    `workers ${ratio(workers)}`,
    ...(postgres === undefined ? [] : [`PostgreSQL ${ratio(postgres)}`]),
  ];
  return `over the harness's CPU: ${ratios.join(", ")}`;
}
