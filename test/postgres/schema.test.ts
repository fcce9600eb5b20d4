/**
 * One source of the models: prisma/generated/postgres.prisma (and prisma/generated/'s copies for the
 * Prisma 6.19 CLI) are what prisma/schema.prisma makes, and
 * the PostgreSQL migrations build exactly the tables it describes, on a real PostgreSQL server.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres, migrationFiles } from "../../scripts/postgres/migrate";
import { GENERATED_SCHEMAS, generatedSchemasFrom, postgresSchemaFrom } from "../../scripts/postgres/schema";
import { startPostgres, type PostgresServer } from "../../scripts/postgres/server";

const root = path.resolve(import.meta.dirname, "../..");
let server: PostgresServer;

beforeAll(async () => {
  server = await startPostgres({ fast: true });
}, 60_000);
afterAll(async () => server?.stop());

async function withDatabase<T>(name: string, work: (url: string, client: pg.Client) => Promise<T>): Promise<T> {
  const url = await server.createDatabase(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(url, client);
  } finally {
    await client.end();
  }
}

/** Columns, indexes, constraints and enum types, in a form that ignores how the SQL was written. */
async function shapeOf(client: pg.Client) {
  const columns = await client.query(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, datetime_precision
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
      ORDER BY table_name, column_name`,
  );
  const indexes = await client.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`,
  );
  const constraints = await client.query(
    `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations' ORDER BY conname`,
  );
  const enums = await client.query(
    `SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY t.typname, e.enumsortorder`,
  );
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, enums: enums.rows };
}

describe("the PostgreSQL schema", () => {
  it("is generated from prisma/schema.prisma and is current", () => {
    const check = spawnSync(process.execPath, ["--import", "tsx", "scripts/postgres-schema.ts", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(check.status, check.stderr).toBe(0);
    // A model added to the source changes the PostgreSQL schema and the two the migrations are made from the same way.
    const source =
      'generator client {\n  provider   = "prisma-client-js"\n}\n\ndatasource db {\n  provider = "sqlite"\n}\n\nmodel Parcel {\n  id String @id\n}\n';
    const generated = generatedSchemasFrom(source);
    expect(generated[GENERATED_SCHEMAS.postgres]).toContain('provider = "postgresql"');
    expect(generated[GENERATED_SCHEMAS.postgres]).not.toContain("url");
    for (const schema of Object.values(generated)) expect(schema).toContain("model Parcel {\n  id String @id\n}");
    expect(generated[GENERATED_SCHEMAS.migrateSqlite]).toContain('provider = "sqlite"\n  url      = env("DATABASE_URL")\n}');
    expect(generated[GENERATED_SCHEMAS.migratePostgres]).toContain('provider = "postgresql"\n  url      = env("DATABASE_URL")\n}');
    expect(() => postgresSchemaFrom(source.replace('"sqlite"', '"mysql"'))).toThrow(/expected `datasource db/);
  });

  it("is built by the PostgreSQL migrations exactly as the schema describes", { timeout: 60_000 }, async () => {
    const migrated = await withDatabase("migrated", async (url, client) => {
      expect(await migratePostgres(url)).toContain("0001_init");
      return shapeOf(client);
    });
    const fromSchema = await withDatabase("from_schema", async (_url, client) => {
      const diff = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/prisma.ts",
          "migrate",
          "diff",
          "--from-empty",
          "--to-schema-datamodel",
          "prisma/generated/migrate-postgres.prisma",
          "--script",
        ],
        { cwd: root, encoding: "utf8" },
      );
      expect(diff.status, diff.stderr).toBe(0);
      expect(diff.stdout).toContain('CREATE TABLE "Shop"');
      await client.query(diff.stdout);
      return shapeOf(client);
    });
    expect(migrated.columns.length).toBeGreaterThan(50);
    expect(migrated).toEqual(fromSchema);
  });

  it(
    "applies each migration once, however many processes start together, and refuses an applied one that changed",
    { timeout: 60_000 },
    async () => {
      const folder = mkdtempSync(path.join(tmpdir(), "connector-pg-migrations-"));
      try {
        cpSync(path.join(root, "prisma", "postgres", "migrations"), folder, { recursive: true });
        await withDatabase("together", async (url, client) => {
          const all = migrationFiles(folder).map((migration) => migration.name);
          expect(all[0]).toBe("0001_init");
          const runs = await Promise.all([
            migratePostgres(url, { folder }),
            migratePostgres(url, { folder }),
            migratePostgres(url, { folder }),
          ]);
          expect(runs.flat().sort()).toEqual(all);
          const recorded = await client.query(
            `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name`,
          );
          expect(recorded.rows.map((row: { migration_name: string }) => row.migration_name)).toEqual(all);
          expect(await migratePostgres(url, { folder })).toEqual([]);

          writeFileSync(path.join(folder, "0001_init", "migration.sql"), "-- edited after it was applied\nSELECT 1;\n");
          await expect(migratePostgres(url, { folder })).rejects.toThrow(/0001_init was changed after it was applied/);
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
