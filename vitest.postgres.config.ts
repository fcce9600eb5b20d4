/**
 * `./run test:postgres`: the suites that use the database, on PostgreSQL (the stores, jobs, intake,
 * pipeline and flows; not test/operations, whose processes check the SQLite migrations). TEST_DATABASE=postgres
 * makes postgres.global-setup.ts start one server for the run and test/support/database.ts give
 * each test file a database of its own on it. test/postgres (the migrations) runs here and in
 * `./run test`; the other suites run on SQLite in `./run test` and on PostgreSQL here.
 */
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

process.env.TEST_DATABASE = "postgres";

const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    name: "postgres",
    env: { TEST_DATABASE: "postgres" },
    include: [
      "test/postgres/**/*.test.ts",
      "test/support/database.test.ts",
      "test/stores/**/*.test.ts",
      "test/jobs/**/*.test.ts",
      "test/intake/**/*.test.ts",
      "test/pipeline/**/*.test.ts",
      "test/flows/**/*.test.ts",
    ],
    exclude: [
      ...configDefaults.exclude,
      // The SQLite adapter's own behaviour (locks, IMMEDIATE transactions): nothing of it runs on PostgreSQL.
      "test/stores/sqlite-adapter.server.test.ts",
    ],
  },
});
