// Separate from vite.config.ts on purpose: the Remix plugin would treat tests as an app build.
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.ts", "sandbox/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    globalSetup: ["./test/support/global-setup.ts", "./test/support/app-build.global-setup.ts"],
    // Forks, not threads: better-sqlite3 is a native addon. Two workers for the machine's two cores;
    // files may run side by side because each integration test file has its own database.
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
