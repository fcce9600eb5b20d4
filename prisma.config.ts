// The Prisma 7 CLI's configuration, for `generate` alone: the schema the database's URL names (the
// PostgreSQL one generated from the SQLite one: ./run schema:postgres). No datasource: Prisma 7 never
// connects from the CLI here. Migrations run on the Prisma 6.19 CLI with prisma/migrate.config.ts
// (scripts/prisma.ts routes them; docs/decisions/0030-prisma-7-runtime.md).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { env } from "./app/env.server";

const postgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL);

export default defineConfig({
  schema: postgres ? path.join("prisma", "generated", "postgres.prisma") : path.join("prisma", "schema.prisma"),
});
