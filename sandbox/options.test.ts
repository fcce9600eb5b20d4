import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "./options";

function errorOf(argv: string[]): string {
  const result = parseCommandLine(argv);
  return result.kind === "error" ? result.message : `no error (${result.kind})`;
}

describe("command line", () => {
  it("has the documented defaults", () => {
    const result = parseCommandLine([]);
    expect(result).toMatchObject({
      kind: "run",
      quiet: false,
      settings: { port: 4010, host: "127.0.0.1", createDelayMs: 1000, trackingStepMs: 60_000, inboundDelayMs: 5000, faultRate: 0 },
    });
  });

  it("reads every flag", () => {
    const result = parseCommandLine([
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--token",
      "t",
      "--create-delay-ms",
      "10",
      "--tracking-step-ms",
      "20",
      "--inbound-delay-ms",
      "30",
      "--fault-rate",
      "0.25",
      "--fault-kinds",
      "429,drop",
      "--state",
      "s.json",
      "--seed",
      "9",
      "--access-token-ttl-s",
      "60",
      "--quiet",
    ]);
    expect(result).toEqual({
      kind: "run",
      quiet: true,
      settings: expect.objectContaining({
        port: 0,
        host: "0.0.0.0",
        token: "t",
        createDelayMs: 10,
        trackingStepMs: 20,
        inboundDelayMs: 30,
        faultRate: 0.25,
        faultKinds: ["429", "drop"],
        statePath: "s.json",
        seed: 9,
        accessTokenTtlS: 60,
      }),
    });
  });

  it("names the flag at fault", () => {
    expect(errorOf(["--port", "abc"])).toBe('--port must be a number (got "abc")');
    expect(errorOf(["--port", "70000"])).toBe("--port must be at most 65535");
    expect(errorOf(["--fault-rate", "2"])).toBe("--fault-rate must be from 0 to 1");
    expect(errorOf(["--fault-kinds", "429,boom"])).toMatch(/^--fault-kinds must be among/);
    expect(errorOf(["--tracking-step-ms", "0"])).toBe("--tracking-step-ms must be at least 1");
    expect(errorOf(["--bogus"])).toMatch(/^unknown flag --bogus/);
    expect(errorOf(["--port"])).toBe("flag --port needs a value");
  });
});

// Each test starts the program through tsx: seconds alone, past the default 15 s beside a second test run.
describe("the sandbox program", { timeout: 120_000 }, () => {
  const run = (args: string[]) =>
    spawn(process.execPath, ["--import", "tsx", "sandbox/cli.ts", ...args], { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] });

  it("prints where it listens, answers, and stops cleanly on SIGTERM", async () => {
    const child = run(["--port", "0", "--quiet"]);
    const [line] = await once(createInterface({ input: child.stdout }), "line");
    const url = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(String(line))?.[1];
    expect(url).toBeDefined();
    expect((await fetch(`${url}/__sandbox/health`)).status).toBe(200);
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  it("exits with status 2 on a bad flag, naming it", async () => {
    const child = run(["--port", "x"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toContain("--port must be a number");
  });
});
