// The Prisma 6.19 CLI's configuration: it writes and applies the migrations (scripts/prisma.ts sends
// `migrate` and `db` commands here), because Prisma 7's CLI has no WASM schema engine and would
// download a native one from a host this machine cannot reach (docs/decisions/0030-prisma-7-runtime.md).
// 6.19 runs its WASM schema engine over the driver adapter below (decision 0002), on the schema the
// database's URL names, written by ./run schema:postgres from prisma/schema.prisma with the `url`
// 6.19 requires. Paths are relative to this file.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3-migrate";
import { PrismaPg } from "@prisma/adapter-pg-migrate";
import { defineConfig } from "prisma-migrate/config";
import { env } from "../app/env.server";

const postgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? "generated/migrate-postgres.prisma" : "generated/migrate-sqlite.prisma",
  migrations: { path: postgres ? "postgres/migrations" : "migrations" },
  async adapter() {
    return postgres ? new PrismaPg({ connectionString: env.DATABASE_URL }) : new PrismaBetterSQLite3({ url: env.DATABASE_URL });
  },
});
