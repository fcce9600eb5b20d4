import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { env } from "./env.server";

declare global {
  // Vite's dev server re-evaluates modules on every change; one client per process keeps the
  // SQLite file from being opened again and again.
  var prismaGlobal: PrismaClient | undefined;
}

function createClient(): PrismaClient {
  // No native query engine on these machines: the client runs over the better-sqlite3 driver.
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: env.DATABASE_URL }) });
}

const prisma = env.NODE_ENV === "production" ? createClient() : (globalThis.prismaGlobal ??= createClient());

export default prisma;
