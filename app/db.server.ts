import { env } from "./env.server";
import { createDatabase, type Database } from "~/stores/database/database.server";

declare global {
  // Vite's dev server re-evaluates modules on every change; one client per process keeps the
  // SQLite file from being opened again and again.
  var prismaGlobal: Database | undefined;
}

// No native query engine on these machines: the client runs over the better-sqlite3 driver, through
// the adapter that serialises statements around open transactions (stores/database/sqlite-adapter.server.ts).
const prisma =
  env.NODE_ENV === "production" ? createDatabase(env.DATABASE_URL) : (globalThis.prismaGlobal ??= createDatabase(env.DATABASE_URL));

export default prisma;
