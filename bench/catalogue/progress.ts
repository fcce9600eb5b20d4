/**
 * What the merchant watching the Products page sees of a run: its row sampled every 250 ms (the
 * page itself asks every second, REFRESH_MS.run), each change of its count, total or sentence an
 * update. The largest gap is the longest the bar and its sentence stood still, from the start to
 * the end of the run; it is also kept apart for the part of the run that has a total (a read has
 * none while Shopify prepares the variants: there the emulator, not the app, decides the pace).
 */
import type { Database } from "~/stores/database/database.server";

export const SAMPLE_MS = 250;

export interface Gap {
  ms: number;
  /** When it began, seconds from the start, and what stood still. */
  fromS: number;
  at: string;
}

export interface ProgressSeen {
  status: string;
  /** Changes of (processed, total, message) seen, the first sight of the run not counted. */
  updates: number;
  largestGap: Gap;
  /** The largest gap that began once the run had a total. */
  largestCountedGap: Gap;
  wallMs: number;
  samples: number;
}

/** Samples the run until it ends or `timeoutMs` passes (then its status is what was last seen). */
export async function watchRun(db: Database, runId: string, startedAt: number, timeoutMs: number): Promise<ProgressSeen> {
  let last: string | undefined;
  let since = { at: startedAt, label: "started", counted: false };
  let updates = 0;
  let samples = 0;
  let largestGap: Gap = { ms: 0, fromS: 0, at: "" };
  let largestCountedGap: Gap = { ms: 0, fromS: 0, at: "" };
  let lastLog = startedAt;
  for (;;) {
    const run = await db.syncRun.findUnique({
      where: { id: runId },
      select: { status: true, processed: true, total: true, message: true },
    });
    const now = Date.now();
    samples += 1;
    const seen = run === null ? "gone" : `${run.processed}/${run.total} ${run.message ?? ""}`;
    const finished = run === null || run.status !== "RUNNING" || now - startedAt > timeoutMs;
    if (seen !== last || finished) {
      const gap = { ms: now - since.at, fromS: (since.at - startedAt) / 1000, at: since.label };
      if (gap.ms > largestGap.ms) largestGap = gap;
      if (since.counted && gap.ms > largestCountedGap.ms) largestCountedGap = gap;
      if (last !== undefined && seen !== last) updates += 1;
      last = seen;
      since = { at: now, label: seen, counted: (run?.total ?? 0) > 0 };
    }
    if (now - lastLog >= 5_000) {
      lastLog = now;
      process.stderr.write(`[bench] ${((now - startedAt) / 1000).toFixed(1)} s: ${run?.status ?? "gone"} ${seen}\n`);
    }
    if (finished) return { status: run?.status ?? "gone", updates, largestGap, largestCountedGap, wallMs: now - startedAt, samples };
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
}
