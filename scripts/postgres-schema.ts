/**
 * `./run schema:postgres`: writes prisma/postgres/schema.prisma from prisma/schema.prisma, the one
 * source of the models. Only the datasource's provider and the client's output differ: the models
 * are portable on purpose (no SQLite-only types; JSON as text). `--check` exits 1 when the
 * written file is not what the source makes, which the tests and CI run so the two cannot drift.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { postgresSchemaFrom } from "./postgres/schema";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "prisma", "schema.prisma");
const target = path.join(root, "prisma", "postgres", "schema.prisma");

const wanted = postgresSchemaFrom(readFileSync(source, "utf8"));
const current = existsSync(target) ? readFileSync(target, "utf8") : null;

if (process.argv.includes("--check")) {
  if (current !== wanted) {
    process.stderr.write("prisma/postgres/schema.prisma is not what prisma/schema.prisma makes: run ./run schema:postgres and add a PostgreSQL migration (./run migration:new writes both).\n");
    process.exit(1);
  }
  process.exit(0);
}
if (current !== wanted) {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, wanted);
  process.stdout.write(`Wrote ${path.relative(root, target)}\n`);
}
