/**
 * Transactions inside transactions, on both databases. Prisma 7 gives a transaction's client a
 * `$transaction` of its own (a savepoint), which Prisma 6's did not have: `inTransaction` tells a
 * client from a transaction by `$connect`, so a store function called with the caller's transaction
 * joins it, all or nothing, as before (docs/decisions/0030-prisma-7-runtime.md). The savepoint itself
 * goes through the adapters' own transactions (sqlite-adapter.server.ts, postgres-adapter.server.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { inTransaction } from "~/stores/database/database.server";

const { db } = useTestDatabase();

const domains = async () => (await db.shop.findMany({ select: { domain: true }, orderBy: { domain: "asc" } })).map((shop) => shop.domain);

beforeEach(async () => {
  await db.shop.deleteMany();
});

describe("inTransaction", () => {
  it("on a client, commits its writes in a transaction of their own", async () => {
    await inTransaction(db, async (tx) => {
      await tx.shop.create({ data: { domain: "a.myshopify.com" } });
      await tx.shop.create({ data: { domain: "b.myshopify.com" } });
    });
    expect(await domains()).toEqual(["a.myshopify.com", "b.myshopify.com"]);
  });

  it("on a transaction, joins it: the caller's failure afterwards undoes the writes made inside", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await tx.shop.create({ data: { domain: "outer.myshopify.com" } });
        await inTransaction(tx, (inner) => inner.shop.create({ data: { domain: "inner.myshopify.com" } }));
        throw new Error("the caller fails after the inner work returned");
      }),
    ).rejects.toThrow("the caller fails");
    expect(await domains()).toEqual([]);
  });

  it("on a transaction, runs on the caller's transaction itself, not a savepoint", async () => {
    await db.$transaction(async (tx) => {
      await inTransaction(tx, async (inner) => {
        expect(inner).toBe(tx);
        await inner.shop.create({ data: { domain: "inner.myshopify.com" } });
      });
      // Read in the same transaction: the write is there before either commits.
      expect(await tx.shop.count()).toBe(1);
    });
    expect(await domains()).toEqual(["inner.myshopify.com"]);
  });
});

describe("a nested $transaction (a savepoint)", () => {
  it("that fails undoes its own writes alone; the outer transaction commits the rest", async () => {
    await db.$transaction(async (tx) => {
      await tx.shop.create({ data: { domain: "outer.myshopify.com" } });
      await expect(
        tx.$transaction(async (nested) => {
          await nested.shop.create({ data: { domain: "nested.myshopify.com" } });
          throw new Error("the nested work fails");
        }),
      ).rejects.toThrow("the nested work fails");
      await tx.shop.create({ data: { domain: "after.myshopify.com" } });
    });
    expect(await domains()).toEqual(["after.myshopify.com", "outer.myshopify.com"]);
  });

  it("that succeeds is undone with the outer transaction when that fails", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await tx.$transaction((nested) => nested.shop.create({ data: { domain: "nested.myshopify.com" } }));
        throw new Error("the outer work fails");
      }),
    ).rejects.toThrow("the outer work fails");
    expect(await domains()).toEqual([]);
  });
});
