/**
 * A PostgreSQL server of the project's own, on loopback, in a fresh data folder: for
 * `./run postgres`, the stack and demo with `--db postgres`, and the PostgreSQL tests. Nothing
 * outside the folder is used or left behind; `stop()` ends the server and removes the folder.
 * PostgreSQL refuses to run as root, so as root it runs as the package's `postgres` user.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const DEBIAN_ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin folder, or null. */
function installedBin(): string | null {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(DEBIAN_ROOT, entry, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : path.join(DEBIAN_ROOT, versions[0], "bin");
}

/**
 * The server's bin folder, installing Debian's package first when it is missing: Debian's
 * `postgresql` package (its binaries under /usr/lib/postgresql/<v>/bin), installed with apt-get,
 * since CI and every user start from a machine where nothing runs.
 */
export function postgresBin(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string {
  const found = installedBin();
  if (found !== null) return found;
  if (process.getuid?.() !== 0)
    throw new Error("PostgreSQL is not installed and this user cannot install it: run `apt-get install postgresql` as root.");
  log("PostgreSQL is not installed: installing Debian's postgresql package (apt-get)");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "postgresql"]]) {
    const result = spawnSync("apt-get", args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${result.status})`);
  }
  const installed = installedBin();
  if (installed === null) throw new Error("apt-get installed postgresql but no server binaries were found under /usr/lib/postgresql");
  return installed;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface PostgresServer {
  /** postgresql://connector@127.0.0.1:<port>/connector */
  url: string;
  port: number;
  dataDir: string;
  /** The server's first process (the postmaster): its connections' processes are its children. */
  pid: number;
  /** Makes another, empty database on the server and gives its URL. */
  createDatabase(name: string): Promise<string>;
  /** Ends the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
}

export interface PostgresOptions {
  port?: number;
  /** Durability off (fsync, synchronous commit): for tests and benchmarks, never for data that matters. */
  fast?: boolean;
  database?: string;
}

/**
 * As root, the server runs as the package's `postgres` user, which must own the folder: set on the
 * child itself (not through runuser), so signals reach the server and not a wrapper.
 */
function serverUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBin();
  const dataDir = mkdtempSync(path.join(tmpdir(), "connector-postgres-"));
  const user = serverUser();
  if ("uid" in user) chownSync(dataDir, user.uid, user.gid);
  chmodSync(dataDir, 0o700);
  const database = options.database ?? "connector";
  const init = spawnSync(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", "connector", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    { encoding: "utf8", cwd: dataDir, ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = options.port ?? (await freePort());
  const settings = [
    "-c",
    `port=${port}`,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${dataDir}`,
    "-c",
    "max_connections=200",
  ];
  if (options.fast) settings.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const server: ChildProcess = spawn(path.join(bin, "postgres"), ["-D", dataDir, ...settings], {
    stdio: ["ignore", "ignore", "pipe"],
    cwd: dataDir,
    ...user,
  });
  let serverLog = "";
  server.stderr?.on("data", (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-8_000)));
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

  const admin = `postgresql://connector@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: admin });
    try {
      await client.connect();
      const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill("SIGKILL");
        rmSync(dataDir, { recursive: true, force: true });
        throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${serverLog}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  let stopping: Promise<void> | null = null;
  return {
    url: `postgresql://connector@127.0.0.1:${port}/${database}`,
    port,
    dataDir,
    pid: server.pid ?? -1,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgresql://connector@127.0.0.1:${port}/${name}`;
    },
    stop() {
      stopping ??= (async () => {
        if (server.exitCode === null) {
          server.kill("SIGINT"); // fast shutdown: disconnect clients, no wait
          const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
