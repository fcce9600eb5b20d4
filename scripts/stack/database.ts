/**
 * The stack's database: a fresh SQLite file migrated with the real `prisma migrate deploy`, and the
 * demo shop's offline session in it, as if the merchant had installed the app.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { Session } from "@shopify/shopify-app-remix/server";
import type { Database } from "~/stores/database/database.server";
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

export interface OfflineSession {
  shop: string;
  accessToken: string;
  scopes: readonly string[];
}

/**
 * Stores the shop's offline session the way the app's PrismaSessionStorage does after an install
 * (id `offline_<shop>`), through that storage itself, so `authenticate.webhook` and
 * `unauthenticated.admin(shop)` find it. No expiry: the emulator's tokens do not expire.
 */
export async function installOfflineSession(db: Database, { shop, accessToken, scopes }: OfflineSession): Promise<void> {
  const storage = new PrismaSessionStorage(db);
  const session = new Session({ id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken, scope: scopes.join(",") });
  if (!(await storage.storeSession(session))) throw new Error(`Could not store the offline session of ${shop}`);
}
