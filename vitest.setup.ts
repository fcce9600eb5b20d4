/**
 * An unexpected console.error fails the test that caused it: errors are either asserted or a bug.
 * A test that expects one silences it first: `vi.mocked(console.error).mockImplementation(() => {})`.
 */
import { afterEach, beforeEach, vi } from "vitest";

let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  const original = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    const first = unexpected[0]?.map(String).join(" ");
    throw new Error(`console.error was called ${unexpected.length} time(s), first with: ${first}`);
  }
});
