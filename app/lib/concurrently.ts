/**
 * Runs `work` over `items`, at most `limit` at once, in order of starting. Rounds of Shopify work
 * spend most of their time waiting for answers (50-300 ms a call); a few under way together keep
 * the shop's call budget busy instead of idle. After a failure no new item starts; the ones under
 * way finish, and the first error is thrown.
 */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure !== undefined) throw failure.error;
}
