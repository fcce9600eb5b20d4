/**
 * /readyz's database check on PostgreSQL: its migrations are prisma/postgres/migrations (numbered
 * apart from SQLite's), found beside the SQLite folder that MIGRATIONS_DIR names by default.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { databaseReadiness } from "~/stores/database/readiness.server";
import { migratePostgres } from "../../scripts/postgres/migrate";
import { startPostgres, type PostgresServer } from "../../scripts/postgres/server";

const root = path.resolve(import.meta.dirname, "../..");
const SQLITE_MIGRATIONS = path.join(root, "prisma", "migrations");
let server: PostgresServer;
const clients: Database[] = [];
const folders: string[] = [];

beforeAll(async () => {
  server = await startPostgres({ fast: true });
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await server?.stop();
});

async function database(name: string): Promise<{ url: string; db: Database }> {
  const url = await server.createDatabase(name);
  const db = createDatabase(url);
  clients.push(db);
  // A client's first query in a process also compiles Prisma 7's WebAssembly query compiler (a
  // quarter of a second idle, over 2 s with the whole suite on 2 cores), which readiness would count
  // against the database's 2 s to answer: these tests are about the migrations, so the client starts first.
  await db.$connect();
  await db.$queryRaw`SELECT 1`;
  return { url, db };
}

/** A copy of prisma/ (both migration folders), for a version that ships one more PostgreSQL migration. */
function prismaFolderCopy(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "connector-prisma-"));
  folders.push(copy);
  cpSync(path.join(root, "prisma", "migrations"), path.join(copy, "migrations"), { recursive: true });
  cpSync(path.join(root, "prisma", "postgres", "migrations"), path.join(copy, "postgres", "migrations"), { recursive: true });
  return copy;
}

describe("the database's readiness on PostgreSQL", () => {
  it("is ready once prisma/postgres/migrations are applied, with MIGRATIONS_DIR left at prisma/migrations", async () => {
    const { url, db } = await database("migrated");
    expect(await databaseReadiness(db, SQLITE_MIGRATIONS)).toEqual({
      ready: false,
      reason: "The database has no migration history (run prisma migrate deploy)",
      detail: expect.any(String),
    });
    await migratePostgres(url);
    expect(await databaseReadiness(db, SQLITE_MIGRATIONS)).toEqual({ ready: true });
    // Named directly, the PostgreSQL folder is used as it is.
    expect(await databaseReadiness(db, path.join(root, "prisma", "postgres", "migrations"))).toEqual({ ready: true });
  });

  it("names a PostgreSQL migration this version ships that the database lacks", async () => {
    const { url, db } = await database("behind");
    await migratePostgres(url);
    const prisma = prismaFolderCopy();
    mkdirSync(path.join(prisma, "postgres", "migrations", "0099_next_version"));
    expect(await databaseReadiness(db, path.join(prisma, "migrations"))).toEqual({
      ready: false,
      reason: "Migrations not applied (run prisma migrate deploy): 0099_next_version",
    });
  });

  it("is not ready when given only SQLite's migrations, saying so", async () => {
    const { url, db } = await database("sqlite_folder");
    await migratePostgres(url);
    const prisma = prismaFolderCopy();
    rmSync(path.join(prisma, "postgres"), { recursive: true });
    expect(await databaseReadiness(db, path.join(prisma, "migrations"))).toEqual({
      ready: false,
      reason: "The migrations folder is for sqlite, the database is PostgreSQL (set MIGRATIONS_DIR)",
    });
  });
});
