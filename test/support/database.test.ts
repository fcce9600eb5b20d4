import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import pg from "pg";
import { createTestDatabase, testDatabaseProvider } from "./database";

const postgres = testDatabaseProvider === "postgresql";
const migrationsDirectory = path.resolve(import.meta.dirname, postgres ? "../../prisma/postgres/migrations" : "../../prisma/migrations");
const AppliedMigrations = z.array(z.object({ migration_name: z.string() }));

describe("test databases", () => {
  it("have every migration applied", async () => {
    const database = createTestDatabase();
    try {
      const applied = AppliedMigrations.parse(
        await database.db.$queryRaw`SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL ORDER BY 1`,
      );
      const written = readdirSync(migrationsDirectory, { withFileTypes: true }).filter((entry) => entry.isDirectory());
      expect(applied.map((row) => row.migration_name)).toEqual(written.map((entry) => entry.name).sort());
    } finally {
      await database.close();
    }
  });

  it("are copies that share nothing, and vanish when closed", async () => {
    const first = createTestDatabase();
    const second = createTestDatabase();
    try {
      expect(first.url).not.toBe(second.url);
      await first.db.shop.create({ data: { domain: "only-in-first.myshopify.com" } });
      expect(await second.db.shop.count()).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
    if (postgres) {
      const client = new pg.Client({ connectionString: first.url.replace(/\/[^/]+$/, "/postgres") });
      await client.connect();
      const names = [first.url, second.url].map((url) => url.slice(url.lastIndexOf("/") + 1));
      const left = await client.query("SELECT datname FROM pg_database WHERE datname = ANY($1)", [names]).finally(() => client.end());
      expect(left.rows).toEqual([]);
    } else {
      expect(existsSync(first.url.replace(/^file:/, ""))).toBe(false);
    }
  });
});
