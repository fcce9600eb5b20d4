import { describe, expect, it } from "vitest";
import { nestedDeeperThan } from "./signed-body.server";

describe("how deep a JSON text nests", () => {
  it("counts the brackets outside strings, whatever a string holds", () => {
    expect(nestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":1}]}', 2)).toBe(true);
    // Brackets inside strings, escaped quotes and escaped backslashes before a closing quote.
    expect(nestedDeeperThan('{"note":"[[[{{{"}', 1)).toBe(false);
    expect(nestedDeeperThan('{"note":"say \\"[[[\\" twice"}', 1)).toBe(false);
    expect(nestedDeeperThan('{"path":"C:\\\\","x":[[1]]}', 2)).toBe(true);
    expect(nestedDeeperThan('{"path":"C:\\\\","x":[[1]]}', 3)).toBe(false);
    expect(nestedDeeperThan('["a\\\\\\"[[[["]', 1)).toBe(false);
  });

  it("does not run past a string left open", () => {
    expect(nestedDeeperThan('[["open', 1)).toBe(true);
    expect(nestedDeeperThan('["open [[[[', 1)).toBe(false);
  });
});
