/** The stack's flags: the database and how many app and worker processes. */
import { describe, expect, it } from "vitest";
import { parseStackOptions } from "../../dev/stack/options";

describe("npm run stack's flags", () => {
  it("default to SQLite, one worker and the environment's app processes", () => {
    expect(parseStackOptions([])).toMatchObject({ db: "sqlite", workers: 1, appProcesses: undefined, setUp: true });
  });

  it("take --db postgres, --app-processes and --workers (the multi-process fault test's 2 apps and 3 workers)", () => {
    expect(parseStackOptions(["--db", "postgres", "--app-processes", "2", "--workers", "3"])).toMatchObject({
      db: "postgres",
      appProcesses: 2,
      workers: 3,
    });
  });

  it("start no worker with --no-worker, whatever --workers says", () => {
    expect(parseStackOptions(["--no-worker", "--workers", "3"])).toMatchObject({ workers: 0, setUp: false });
  });

  it("name the flag that is wrong", () => {
    expect(parseStackOptions(["--db", "mysql"])).toEqual({ error: expect.stringMatching(/^--db: /) });
    expect(parseStackOptions(["--workers", "0"])).toEqual({ error: expect.stringMatching(/^--workers: /) });
    expect(parseStackOptions(["--app-processes", "x"])).toEqual({ error: expect.stringMatching(/^--app-processes: /) });
  });
});
