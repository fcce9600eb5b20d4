/**
 * vitest globalSetup: builds the app (remix vite:build) once per run when build/ is missing or
 * older than its sources, before any test file starts a stack (test/support/stack.ts), so no test's
 * time limit pays for it. Serialised with other processes that build (dev/stack/build.ts).
 */
import { ensureAppBuild } from "../../dev/stack/build";

export default async function buildAppOnce(): Promise<void> {
  await ensureAppBuild({ output: (line) => process.stderr.write(`${line}\n`) });
}
