import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createDatabase, writeAtOnce } from "~/stores/database/database.server";

const { db, url } = useTestDatabase();

/** Lets a test hold a transaction open until it says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("the app's SQLite adapter", () => {
  it("makes a statement wait for the transaction open in the process, so a rollback cannot take it along", async () => {
    const release = gate();
    const transaction = db
      .$transaction(async (tx) => {
        await tx.shop.create({ data: { domain: "rolled-back.myshopify.com" } });
        await release.opened;
        throw new Error("the transaction fails");
      })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 10));

    let written = false;
    const outside = db.shop.create({ data: { domain: "outside.myshopify.com" } }).then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBe(false); // waiting for the transaction, not inside it
    release.open();

    expect(await transaction).toBeInstanceOf(Error);
    await outside;
    expect((await db.shop.findMany({ select: { domain: true } })).map((shop) => shop.domain)).toEqual(["outside.myshopify.com"]);
  });

  it("begins transactions IMMEDIATE: another process cannot take the write lock while one is open", async () => {
    const other = new Database(url.replace(/^file:/, ""), { timeout: 0 });
    const release = gate();
    let refused: unknown;
    try {
      await db.$transaction(async (tx) => {
        // Only a read so far: under a deferred BEGIN this would hold no write lock yet.
        await tx.shop.count();
        refused = (() => {
          try {
            other.prepare("BEGIN IMMEDIATE").run();
            other.prepare("ROLLBACK").run();
            return undefined;
          } catch (error) {
            return error;
          }
        })();
        release.open();
      });
    } finally {
      other.close();
    }
    expect(refused).toMatchObject({ code: "SQLITE_BUSY" });
  });

  it("keeps the database in WAL mode, so readers in other processes do not wait for a writer", async () => {
    expect(await db.$queryRaw`PRAGMA journal_mode`).toEqual([{ journal_mode: "wal" }]);
  });

  it("writes at once in its turn behind an open transaction, and again after the client disconnected", async () => {
    const client = createDatabase(url);
    const insert = (domain: string) =>
      writeAtOnce(client, function* () {
        yield {
          sql: `INSERT INTO "Shop" ("id", "domain", "createdAt", "updatedAt") VALUES (?, ?, ?, ?)`,
          args: [domain, domain, "2026-11-22T08:00:00.000+00:00", "2026-11-22T08:00:00.000+00:00"],
        };
      });
    const release = gate();
    const transaction = client.$transaction(async (tx) => {
      await tx.shop.create({ data: { domain: "in-transaction.myshopify.com" } });
      await release.opened;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    let written = false;
    const atOnce = insert("at-once.myshopify.com").then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBe(false); // its turn comes after the transaction: no deadlock, nothing inside it
    release.open();
    await Promise.all([transaction, atOnce]);

    await client.$disconnect();
    await insert("after-disconnect.myshopify.com");
    const domains = (
      await db.shop.findMany({
        where: { domain: { in: ["in-transaction.myshopify.com", "at-once.myshopify.com", "after-disconnect.myshopify.com"] } },
        orderBy: { domain: "asc" },
      })
    ).map((shop) => shop.domain);
    expect(domains).toEqual(["after-disconnect.myshopify.com", "at-once.myshopify.com", "in-transaction.myshopify.com"]);
    await client.$disconnect();
  });
});
