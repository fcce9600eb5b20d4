/**
 * The connector is the pure domain (DESIGN.md section 3): it may use zod and the provider's schemas,
 * nothing that does I/O or belongs to the UI, so it can be tested and moved freely.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const here = import.meta.dirname;
const modules = readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("app/connector", () => {
  it.each(modules)("%s imports only zod, the provider's schemas and its neighbours", (file) => {
    const source = readFileSync(join(here, file), "utf8");
    const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    for (const target of imports) {
      expect(target).toMatch(/^(zod|\.\/[\w-]+|\.\.\/fulfilment\/schemas\/(rules|types|requests|responses))$/);
    }
  });
});
