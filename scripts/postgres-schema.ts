/**
 * `./run schema:postgres`: writes the schemas prisma/schema.prisma makes, the one source of the
 * models (scripts/postgres/schema.ts): prisma/generated/postgres.prisma, and the two the Prisma 6.19 CLI
 * migrates with (prisma/generated/). Only the datasource's provider and url and the client's output
 * differ: the models are portable on purpose (no SQLite-only types; JSON as text). `--check` exits 1
 * when a written file is not what the source makes, which the tests and CI run so they cannot drift.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedSchemasFrom } from "./postgres/schema";

const root = path.resolve(import.meta.dirname, "..");
const wanted = generatedSchemasFrom(readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8"));
const check = process.argv.includes("--check");

const stale: string[] = [];
for (const [file, text] of Object.entries(wanted)) {
  const target = path.join(root, file);
  if ((existsSync(target) ? readFileSync(target, "utf8") : null) === text) continue;
  stale.push(file);
  if (check) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  process.stdout.write(`Wrote ${file}\n`);
}
if (check && stale.length > 0) {
  process.stderr.write(
    `${stale.join(", ")}: not what prisma/schema.prisma makes. Run ./run schema:postgres, and add the migrations (./run migration:new writes both).\n`,
  );
  process.exit(1);
}
