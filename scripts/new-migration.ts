/**
 * `./run migration:new <name>`: writes the migration that takes the last committed schema to the
 * working one, for both databases, as a diff of two schemas on the Prisma 6.19 CLI (scripts/prisma.ts):
 *   prisma/migrations/NNNN_<name>/migration.sql           (SQLite, from git HEAD:prisma/schema.prisma)
 *   prisma/postgres/migrations/NNNN_<name>/migration.sql  (PostgreSQL, from the schema HEAD's source
 *                                                          makes to the one it makes now)
 * It first writes the schemas generated from prisma/schema.prisma (./run schema:postgres). Why a
 * diff, not `prisma migrate dev`: docs/decisions/0005-embedded-job-queue.md and 0030-prisma-7-runtime.md.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_SCHEMAS, generatedSchemasFrom, migrateSchemaFrom, postgresSchemaFrom } from "./postgres/schema";

const root = path.resolve(import.meta.dirname, "..");
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write("usage: ./run migration:new <name>   (lower case, digits and _)\n");
  process.exit(2);
}
mkdirSync(path.join(root, ".cache"), { recursive: true });

/** The SQL from one schema file to another; "" when they describe the same tables. */
function diff(from: string, to: string): string {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/prisma.ts", "migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", to, "--script"],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    process.exit(result.status ?? 1);
  }
  // scripts/prisma.ts fails a diff that printed nothing; two equal schemas print an empty migration's comment.
  const sql = result.stdout.trimEnd();
  return /^-- This is an empty migration/m.test(sql) ? "" : sql;
}

function write(migrations: string, sql: string): void {
  const numbers = readdirSync(migrations).flatMap((entry) => (/^(\d{4})_/.exec(entry) ? [Number(entry.slice(0, 4))] : []));
  const folder = path.join(migrations, `${String(Math.max(0, ...numbers) + 1).padStart(4, "0")}_${name}`);
  mkdirSync(folder);
  writeFileSync(path.join(folder, "migration.sql"), `-- ${name!.replaceAll("_", " ")}\n${sql}\n`);
  process.stdout.write(`Wrote ${path.relative(root, folder)}/migration.sql\n`);
}

const head = (file: string) => execFileSync("git", ["show", `HEAD:${file}`], { cwd: root, encoding: "utf8" });
const cached = (name: string, text: string) => {
  const file = path.join(root, ".cache", name);
  writeFileSync(file, text);
  return file;
};

// The generated schemas brought up to date with the source first.
const source = readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8");
for (const [file, text] of Object.entries(generatedSchemasFrom(source))) writeFileSync(path.join(root, file), text);

// SQLite: HEAD's schema to the working one. Both sides are schemas given the `url` the 6.19 CLI
// requires (migrateSchemaFrom). test/support/migrations.test.ts and test/postgres/schema.test.ts
// prove what the diffs write.
const headSource = head("prisma/schema.prisma");
const sqlite = diff(cached("previous.prisma", migrateSchemaFrom(headSource)), GENERATED_SCHEMAS.migrateSqlite);
if (sqlite === "") {
  process.stderr.write("The schema is the same as HEAD's: no migration written.\n");
  process.exit(1);
}

// PostgreSQL: the schema HEAD's source makes to the one the working source makes. The same models
// changed, so an empty diff here would be a migration missing from one database.
const postgres = diff(
  cached("previous-postgres.prisma", migrateSchemaFrom(postgresSchemaFrom(headSource))),
  GENERATED_SCHEMAS.migratePostgres,
);
const postgresMigrations = path.join(root, "prisma", "postgres", "migrations");
if (postgres === "" && existsSync(postgresMigrations)) {
  process.stderr.write("The SQLite schema changed but the PostgreSQL one it makes did not: no migration written.\n");
  process.exit(1);
}

write(path.join(root, "prisma", "migrations"), sqlite);
if (existsSync(postgresMigrations)) write(postgresMigrations, postgres);
