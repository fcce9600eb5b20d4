/**
 * vitest globalSetup: migrates the base test database once per run, with the real
 * `prisma migrate deploy` (scripts/prisma.ts), so tests run on exactly what production gets.
 * The result is kept under .cache/test/ and reused while prisma/migrations is unchanged.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const migrations = path.join(root, "prisma", "migrations");
export const BASE_DATABASE_FILE = path.join(root, ".cache", "test", "base.sqlite");
const stampFile = `${BASE_DATABASE_FILE}.migrations`;

function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrations, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrations, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

export default function migrateBaseDatabase(): void {
  const fingerprint = migrationsFingerprint();
  if (existsSync(BASE_DATABASE_FILE) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === fingerprint) return;

  mkdirSync(path.dirname(BASE_DATABASE_FILE), { recursive: true });
  // Built beside and renamed into place, so a concurrent run never copies a half-migrated file.
  const building = `${BASE_DATABASE_FILE}.${process.pid}.building`;
  rmSync(building, { force: true });
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${building}` },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    rmSync(building, { force: true });
    throw new Error(`migrate deploy of the test database failed:\n${result.stdout}\n${result.stderr}`);
  }
  renameSync(building, BASE_DATABASE_FILE);
  writeFileSync(stampFile, fingerprint);
}
