/**
 * `./run migration:new <name>`: writes the migration that takes the last committed schema to the
 * working one, for both databases:
 *   prisma/migrations/NNNN_<name>/migration.sql           (SQLite, from git HEAD:prisma/schema.prisma)
 *   prisma/postgres/migrations/NNNN_<name>/migration.sql  (PostgreSQL, from HEAD's generated schema
 *                                                          to the one prisma/schema.prisma makes now)
 * `prisma migrate dev` and `migrate diff --from-migrations` cannot run here (decisions 0002, 0005),
 * so migrations are diffs of two schemas; test/support/migrations.test.ts and
 * test/postgres/schema.test.ts prove the results.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { postgresSchemaFrom } from "./postgres/schema";

const root = path.resolve(import.meta.dirname, "..");
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write("usage: ./run migration:new <name>   (lower case, digits and _)\n");
  process.exit(2);
}
mkdirSync(path.join(root, ".cache"), { recursive: true });

/** The SQL from one schema file to another; "" when they describe the same tables. */
function diff(from: string, to: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", to, "--script"], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    process.exit(result.status ?? 1);
  }
  // The CLI also prints notes about its config on stdout; the migration is the SQL alone.
  const sql = result.stdout
    .split("\n")
    .filter((line) => !/^(Loaded Prisma config|Prisma config detected)/.test(line))
    .join("\n")
    .trimEnd();
  return sql === "" || /^-- This is an empty migration/m.test(sql) ? "" : sql;
}

function write(migrations: string, sql: string): void {
  const numbers = readdirSync(migrations).flatMap((entry) => (/^(\d{4})_/.exec(entry) ? [Number(entry.slice(0, 4))] : []));
  const folder = path.join(migrations, `${String(Math.max(0, ...numbers) + 1).padStart(4, "0")}_${name}`);
  mkdirSync(folder);
  writeFileSync(path.join(folder, "migration.sql"), `-- ${name!.replaceAll("_", " ")}\n${sql}\n`);
  process.stdout.write(`Wrote ${path.relative(root, folder)}/migration.sql\n`);
}

const head = (file: string) => execFileSync("git", ["show", `HEAD:${file}`], { cwd: root });

// SQLite: HEAD's schema to the working one.
const previous = path.join(root, ".cache", "previous.prisma");
writeFileSync(previous, head("prisma/schema.prisma"));
const sqlite = diff(previous, "prisma/schema.prisma");
if (sqlite === "") {
  process.stderr.write("The schema is the same as HEAD's: no migration written.\n");
  process.exit(1);
}

// PostgreSQL: the generated schema brought up to date first, then HEAD's to it.
const postgresSchema = path.join(root, "prisma", "postgres", "schema.prisma");
writeFileSync(postgresSchema, postgresSchemaFrom(readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8")));
const previousPostgres = path.join(root, ".cache", "previous-postgres.prisma");
writeFileSync(previousPostgres, head("prisma/postgres/schema.prisma"));
const postgres = diff(previousPostgres, "prisma/postgres/schema.prisma");

write(path.join(root, "prisma", "migrations"), sqlite);
if (postgres !== "" && existsSync(path.join(root, "prisma", "postgres", "migrations"))) write(path.join(root, "prisma", "postgres", "migrations"), postgres);
