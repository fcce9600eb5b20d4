/**
 * `./run migration:new <name>`: writes prisma/migrations/NNNN_<name>/migration.sql, the SQL that
 * takes the last committed schema (git HEAD:prisma/schema.prisma) to the working one.
 * `prisma migrate dev` and `migrate diff --from-migrations` cannot run here (decisions 0002, 0005),
 * so migrations are diffs of two schemas; test/support/migrations.test.ts proves the result.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write("usage: ./run migration:new <name>   (lower case, digits and _)\n");
  process.exit(2);
}
const migrations = path.join(root, "prisma", "migrations");
const numbers = readdirSync(migrations).flatMap((entry) => (/^(\d{4})_/.exec(entry) ? [Number(entry.slice(0, 4))] : []));
const folder = path.join(migrations, `${String(Math.max(0, ...numbers) + 1).padStart(4, "0")}_${name}`);

mkdirSync(path.join(root, ".cache"), { recursive: true });
const previous = path.join(root, ".cache", "previous.prisma");
writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { cwd: root }));

const diff = spawnSync(
  process.execPath,
  ["--import", "tsx", "scripts/prisma.ts", "migrate", "diff", "--from-schema-datamodel", previous, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { cwd: root, encoding: "utf8" },
);
if (diff.status !== 0) {
  process.stderr.write(diff.stderr);
  process.exit(diff.status ?? 1);
}
// The CLI also prints notes about its config on stdout; the migration is the SQL alone.
const sql = diff.stdout
  .split("\n")
  .filter((line) => !/^(Loaded Prisma config|Prisma config detected)/.test(line))
  .join("\n")
  .trimEnd();
if (sql === "" || /^-- This is an empty migration/m.test(sql)) {
  process.stderr.write("The schema is the same as HEAD's: no migration written.\n");
  process.exit(1);
}
mkdirSync(folder);
writeFileSync(path.join(folder, "migration.sql"), `-- ${name.replaceAll("_", " ")}\n${sql}\n`);
process.stdout.write(`Wrote ${path.relative(root, folder)}/migration.sql\n`);
