/**
 * `npm run openapi` writes docs/fulfilment-api.openapi.json from the schemas;
 * `npm run openapi:check` fails when that file is stale or a standard OpenAPI 3.1 validator rejects it.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "../app/fulfilment/openapi";

const target = path.resolve(import.meta.dirname, "..", "docs", "fulfilment-api.openapi.json");
const check = process.argv.includes("--check");

const document = buildOpenApiDocument();
const text = JSON.stringify(document, null, 2) + "\n";

const validator = new Validator();
const result = await validator.validate(structuredClone(document));
if (!result.valid) {
  console.error("The generated OpenAPI document is not valid OpenAPI 3.1:");
  console.error(JSON.stringify(result.errors, null, 2));
  process.exit(1);
}

if (check) {
  const committed = await readFile(target, "utf8").catch(() => "");
  if (committed !== text) {
    console.error(`${path.relative(process.cwd(), target)} is stale: the schemas changed. Run \`npm run openapi\` and commit the result.`);
    process.exit(1);
  }
  console.log(`OpenAPI document is current and valid (${Object.keys(document.paths).length} paths).`);
} else {
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
  console.log(
    `Wrote ${path.relative(process.cwd(), target)} (${Object.keys(document.paths).length} paths, valid OpenAPI ${document.openapi}).`,
  );
}
