/**
 * The connector is the pure domain (DESIGN.md section 3): it may use zod and the provider's schemas,
 * nothing that does I/O or belongs to the UI, so it can be tested and moved freely. And the English
 * sentences of the reasons it holds a shipment for and of a SKU's registration checks, which are pure
 * data the admin says again in the merchant's language (decision 0045): the English message is made
 * from them, so the two never differ.
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
      expect(target).toMatch(
        /^(zod|\.\/[\w-]+|\.\.\/fulfilment\/schemas\/(rules|types|requests|responses)|\.\.\/lib\/(country-name|words\/reason-said|words\/en\/reasons|words\/en\/sku-checks|words\/en\/return-reasons))$/,
      );
    }
  });
});
