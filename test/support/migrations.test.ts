/**
 * The migrations build exactly the tables schema.prisma describes (as the Prisma 6.19 CLI reads it:
 * prisma/generated/migrate-sqlite.prisma, generated from it with the datasource's url). `prisma migrate diff
 * --from-migrations` would say so, but it cannot run here (its shadow database fails with the
 * driver adapter: docs/decisions/0005-embedded-job-queue.md), so this compares the migrated test
 * database with one built straight from the schema, table by table.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BASE_DATABASE_FILE } from "./global-setup";

const root = path.resolve(import.meta.dirname, "../..");

const Named = z.array(z.looseObject({ name: z.string() }));
const Indexes = z.array(z.looseObject({ name: z.string(), seq: z.unknown() }));

/** Tables with their columns, indexes and foreign keys, in a form that ignores how the SQL was written. */
function shapeOf(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const tables = Named.parse(
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name",
        )
        .all(),
    );
    return Object.fromEntries(
      tables.map(({ name: table }) => [
        table,
        {
          columns: db.pragma(`table_info("${table}")`),
          indexes: Indexes.parse(db.pragma(`index_list("${table}")`))
            .sort((a, b) => a.name.localeCompare(b.name))
            // `seq` is the order of creation: a later migration's index comes last, db push's in schema order.
            .map(({ seq: _seq, ...index }) => ({ ...index, columns: db.pragma(`index_info("${index.name}")`) })),
          foreignKeys: db.pragma(`foreign_key_list("${table}")`),
        },
      ]),
    );
  } finally {
    db.close();
  }
}

describe("the migrations", () => {
  it("build the schema that schema.prisma describes", { timeout: 120_000 }, () => {
    const directory = mkdtempSync(path.join(tmpdir(), "connector-schema-"));
    try {
      const fromSchema = path.join(directory, "from-schema.sqlite");
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
          "prisma/generated/migrate-sqlite.prisma",
          "--script",
        ],
        { cwd: root, encoding: "utf8" },
      );
      expect(diff.status, diff.stderr).toBe(0);
      expect(diff.stdout).toContain('CREATE TABLE "Shop"');
      const db = new Database(fromSchema);
      db.exec(diff.stdout);
      db.close();

      expect(shapeOf(BASE_DATABASE_FILE)).toEqual(shapeOf(fromSchema));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
