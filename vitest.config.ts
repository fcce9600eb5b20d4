// Separate from vite.config.ts on purpose: the Remix plugin would treat tests as an app build.
import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";

const BROWSER_TESTS = "test/browser/**/*.test.ts";
/**
 * Run by vitest.postgres.config.ts (`./run test` runs both configs): the PostgreSQL migrations, and
 * several app and worker processes on one PostgreSQL database.
 */
const POSTGRES_ONLY = ["test/postgres/**/*.test.ts", "test/scale-out/**/*.test.ts"];
/**
 * Files that need a module graph of their own (isolate, below): they compare the app with
 * `@shopify/shopify-app-remix`, whose runtime (fetch, crypto adapters) is set once per process. Run
 * after other files in one worker, the library's own webhook check refused signed deliveries.
 */
const FRESH_MODULES = ["app/flows/receive-webhooks/verify-webhook.server.test.ts"];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    // postgres.global-setup.ts does nothing unless TEST_DATABASE=postgres (vitest.postgres.config.ts).
    globalSetup: ["./test/support/global-setup.ts", "./test/support/postgres.global-setup.ts", "./test/support/app-build.global-setup.ts"],
    // Forks, not threads: better-sqlite3 is a native addon. Two workers for the machine's two cores;
    // files may run side by side because each integration test file has its own database.
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next: loading the app anew for each
    // file was a quarter of the suite's time (import 177 s of 660 s, measured 2026-11-30). Each file
    // still gets its own database, stack and servers (its own top-level code runs for it), and
    // restoreMocks undoes a file's spies on the console before the next file's tests.
    isolate: false,
    restoreMocks: true,
    // Tests that start servers take a second or two alone, several when both cores are busy: the
    // default 5 s made them fail on load, not on a fault.
    testTimeout: 15_000,
    // Hooks start and close servers, workers and databases (a PostgreSQL database waits for its last
    // connections before it is dropped: test/support/database.ts). A hook cut at the default 10 s
    // left that closing to run on beside the worker's next file.
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["app/**/*.test.ts", "sandbox/**/*.test.ts", "test/**/*.test.ts", "extensions/**/*.test.tsx"],
          exclude: [...configDefaults.exclude, BROWSER_TESTS, ...POSTGRES_ONLY, ...FRESH_MODULES],
        },
      },
      { extends: true, test: { name: "fresh-modules", include: FRESH_MODULES, isolate: true } },
      {
        // After the others, never beside them: a browser, the app and the stack take both cores in
        // bursts, which would disturb the pipeline tests' timings, and theirs the pages' vitals.
        extends: true,
        test: { name: "browser", include: [BROWSER_TESTS], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
