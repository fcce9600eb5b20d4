/**
 * What a run said of itself, as the page says it again (decision 0045): the run keeps its English
 * `message` in its column and the sentence's key and arguments in its result JSON (`say`), beside
 * the kind's own summary, since SyncRun has no other JSON column. A run stored before it had one
 * reads as its message.
 */
import { sayInJson, type Say } from "~/lib/words/reason-said";

/** The `say` a run's result JSON holds, if any. */
export function runSayOf(result: string | null): Say | null {
  return sayInJson(result) ?? null;
}

/** The result JSON with `say` put into it (a result that is not an object is left as the kind's own). */
export function withSay(result: unknown, say: Say): unknown {
  if (result === undefined || result === null) return { say };
  return typeof result === "object" && !Array.isArray(result) ? { ...result, say } : result;
}
