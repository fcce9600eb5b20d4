/** A background run (catalogue read, SKU registration, stock sync) as the merchant watches it. */
export const runProgress = {
  starting: "Starting…",
  finished: (at: string) => `Finished ${at}`,
  working: "Working…",
  done: "Done.",
};
