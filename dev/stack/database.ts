/**
 * The stack's database: a fresh SQLite file migrated with the real `prisma migrate deploy`, or a
 * PostgreSQL server of its own (scripts/postgres/server.ts) migrated with prisma/postgres/migrations;
 * and the demo shop's offline session in it, as if the merchant had installed the app.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { Session } from "@shopify/shopify-app-remix/server";
import type { Database } from "~/stores/database/database.server";
import { SealedSessionStorage } from "~/stores/shops/session-storage.server";
import { migratePostgres } from "../../scripts/postgres/migrate";
import { startPostgres } from "../../scripts/postgres/server";
import { PROJECT_ROOT } from "./build";
import { runCommand } from "./run-command";

/** Deletes `file` (and its journal files) and migrates a new database there; returns its DATABASE_URL. */
export async function freshMigratedDatabase(file: string, output: (line: string) => void, signal?: AbortSignal): Promise<string> {
  mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  const url = `file:${file}`;
  await runCommand("prisma migrate deploy", process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: url },
    signal,
  });
  output(`[database] migrated ${file}`);
  return url;
}

export type DatabaseKind = "sqlite" | "postgres";

export interface StackDatabase {
  kind: DatabaseKind;
  /** The app processes' DATABASE_URL: `file:...` or `postgresql://...`. */
  url: string;
  /** Where the data is, for the person reading the log: the SQLite file or the server's data folder. */
  location: string;
  /**
   * For PostgreSQL, ends the server and removes its folder (call it once every process using it has
   * stopped); for SQLite nothing: the file stays until the next start empties it.
   */
  stop(): Promise<void>;
}

/**
 * A fresh, migrated database of `kind`: the SQLite file `sqliteFile` (see freshMigratedDatabase),
 * or a new PostgreSQL server on loopback in a temporary folder of its own, durability off (its data
 * lives as long as the run). A server whose migration fails, or whose start was cancelled by
 * `signal`, is stopped before this throws.
 */
export async function freshStackDatabase(
  kind: DatabaseKind,
  { sqliteFile, output, signal }: { sqliteFile: string; output: (line: string) => void; signal?: AbortSignal },
): Promise<StackDatabase> {
  if (kind === "sqlite") {
    const url = await freshMigratedDatabase(sqliteFile, output, signal);
    return { kind, url, location: sqliteFile, stop: async () => undefined };
  }
  signal?.throwIfAborted();
  const server = await startPostgres({ fast: true });
  const stopWatchdog = watchPostgres(server.dataDir);
  const stop = async () => {
    stopWatchdog();
    await server.stop();
  };
  try {
    signal?.throwIfAborted();
    output(`[database] PostgreSQL ${server.url} (data in ${server.dataDir})`);
    const applied = await migratePostgres(server.url, { log: (line) => output(`[database] ${line}`) });
    signal?.throwIfAborted();
    output(`[database] migrated (${applied.length} migrations from prisma/postgres/migrations)`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { kind, url: server.url, location: server.dataDir, stop };
}

const POSTGRES_WATCHDOG = path.join(import.meta.dirname, "postgres-watchdog.mjs");

/**
 * Starts postgres-watchdog.mjs for the server of `dataDir` (its pid: the first line of
 * postmaster.pid), so the server and its folder go when this process dies without stopping them.
 * Returns what ends the watchdog, before a normal stop.
 */
function watchPostgres(dataDir: string): () => void {
  const serverPid = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "";
  const watchdog = spawn(process.execPath, [POSTGRES_WATCHDOG, serverPid, dataDir], { detached: true, stdio: "ignore" });
  watchdog.unref();
  return () => {
    if (watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill("SIGTERM");
  };
}

export interface OfflineSession {
  shop: string;
  accessToken: string;
  scopes: readonly string[];
  /** The app processes' PROVIDER_CREDENTIALS_KEY: the token is sealed with it, as the app seals it. */
  credentialsKey: Buffer;
}

/**
 * A key for the app processes of one stack, demo or benchmark run (their PROVIDER_CREDENTIALS_KEY):
 * they run as production, which refuses the published development key.
 */
export function newCredentialsKey(): Buffer {
  return randomBytes(32);
}

/**
 * Stores the shop's offline session the way the app's session storage does after an install
 * (id `offline_<shop>`, the token sealed), through that storage itself, so `unauthenticated.admin(shop)`
 * finds it. No expiry: the emulator's tokens do not expire.
 */
export async function installOfflineSession(db: Database, { shop, accessToken, scopes, credentialsKey }: OfflineSession): Promise<void> {
  const storage = new SealedSessionStorage(new PrismaSessionStorage(db), { key: credentialsKey });
  const session = new Session({ id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken, scope: scopes.join(",") });
  if (!(await storage.storeSession(session))) throw new Error(`Could not store the offline session of ${shop}`);
}
