/**
 * `./run test:postgres`: the suites that use the database, on PostgreSQL (the stores, jobs, intake,
 * pipeline and flows; not test/operations, whose processes check the SQLite migrations). TEST_DATABASE=postgres
 * makes postgres.global-setup.ts start one server for the run and test/support/database.ts give
 * each test file a database of its own on it. test/postgres (the migrations, the one-writer rule)
 * and test/scale-out run only here; the other suites run on SQLite too (vitest.config.ts).
 * `./run test` runs both configs (scripts/test.mjs).
 */
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

process.env.TEST_DATABASE = "postgres";

const { projects: _projects, ...shared } = base.test ?? {};

const suites = [
  "test/postgres/**/*.test.ts",
  "test/support/database.test.ts",
  "test/stores/**/*.test.ts",
  "test/jobs/**/*.test.ts",
  "test/intake/**/*.test.ts",
  "test/pipeline/**/*.test.ts",
  "test/flows/**/*.test.ts",
];

export default defineConfig({
  ...base,
  test: {
    ...shared,
    env: { TEST_DATABASE: "postgres" },
    projects: [
      {
        extends: true,
        test: {
          name: "postgres",
          include: suites,
          exclude: [
            ...configDefaults.exclude,
            // The SQLite adapter's own behaviour (locks, IMMEDIATE transactions): nothing of it runs on PostgreSQL.
            "test/stores/sqlite-adapter.server.test.ts",
          ],
        },
      },
      {
        // Two app processes, three workers and 1,000 orders take both cores: after the others, alone.
        extends: true,
        test: { name: "scale-out", include: ["test/scale-out/**/*.test.ts"], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
