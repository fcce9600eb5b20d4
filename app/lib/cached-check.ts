/**
 * A check that anyone may ask for as often as they like, done at most once per `maxAgeMs`: callers
 * within that time share the last answer, and callers while it runs share the one in flight. So an
 * unauthenticated probe (/readyz) costs no database round trip of its own.
 */
export function cachedCheck<T>(check: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now): () => Promise<T> {
  let latest: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (latest === undefined || now() - latest.at >= maxAgeMs) {
      const at = now();
      const answer = check();
      latest = { at, answer };
      // A check that throws is asked again next time, not kept.
      answer.catch(() => {
        if (latest?.answer === answer) latest = undefined;
      });
    }
    return latest.answer;
  };
}
