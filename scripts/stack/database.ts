/**
 * The stack's database: a fresh SQLite file migrated with the real `prisma migrate deploy`, and the
 * demo shop's offline session in it, as if the merchant had installed the app.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { Session } from "@shopify/shopify-app-remix/server";
import type { Database } from "~/stores/database/database.server";
import { SealedSessionStorage } from "~/stores/shops/session-storage.server";
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
