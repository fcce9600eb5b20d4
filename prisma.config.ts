// Prisma CLI configuration. The CLI's native schema engine is a download we cannot make, so it
// runs its bundled WASM engine over the better-sqlite3 driver adapter (engine "js").
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { env } from "./app/env.server";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return new PrismaBetterSQLite3({ url: env.DATABASE_URL });
  },
});
