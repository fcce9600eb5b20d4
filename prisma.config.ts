// Prisma CLI configuration. The CLI's native schema engine is a download we cannot make, so it
// runs its bundled WASM engine over a driver adapter (engine "js"): better-sqlite3 for the embedded
// default, node-postgres when DATABASE_URL is a postgresql:// URL. Each database has its schema
// (the PostgreSQL one generated from the SQLite one: ./run schema:postgres) and its migrations.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "./app/env.server";

const postgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? path.join("prisma", "postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: { path: postgres ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations") },
  async adapter() {
    return postgres ? new PrismaPg({ connectionString: env.DATABASE_URL }) : new PrismaBetterSQLite3({ url: env.DATABASE_URL });
  },
});
