/**
 * On PostgreSQL the app's statements are kept prepared on their connection (decision 0063): a
 * statement made a second time on a connection is bound, not parsed again, whether Prisma sends it
 * or the intake's writes by PostgreSQL's own rules (writeAtOnce). pg_prepared_statements lists what
 * the session it is read in keeps, so each test reads it inside one transaction, on one connection.
 */
import { expect, it } from "vitest";
import { writeAtOnce, type SqlRow, type WriteProgram } from "~/stores/database/database.server";
import { STATEMENT_NAMING } from "~/stores/database/prepared-statements.server";
import { useTestDatabase } from "../support/database";

const { db } = useTestDatabase();

it("keeps a statement Prisma sends prepared on its connection, once for every call", async () => {
  const kept = await db.$transaction(async (tx) => {
    await tx.job.findUnique({ where: { id: "no-such-job-1" } });
    await tx.job.findUnique({ where: { id: "no-such-job-2" } });
    return tx.$queryRawUnsafe<{ statement: string }[]>(
      `SELECT "statement" FROM pg_prepared_statements WHERE "statement" LIKE '%FROM "public"."Job"%'`,
    );
  });
  expect(kept).toHaveLength(1);
  expect(kept[0]?.statement).toMatch(/"public"\."Job"\."id" = \$1/);
});

it("keeps the intake's statements prepared as well", async () => {
  const kept = await writeAtOnce(db, function* (): WriteProgram<SqlRow> {
    yield { sql: `UPDATE "Job" SET "lastError" = ? WHERE "id" = ?`, args: ["intake", "no-such-job-1"] };
    yield { sql: `UPDATE "Job" SET "lastError" = ? WHERE "id" = ?`, args: ["intake", "no-such-job-2"] };
    return yield { sql: `SELECT count(*)::int AS "kept" FROM pg_prepared_statements WHERE "statement" LIKE ?`, args: [`UPDATE "Job"%`] };
  });
  expect(kept).toEqual({ kept: 1 });
});

it("keeps no more statements on a connection than its bound, and answers the others unnamed", async () => {
  const { maxPerConnection } = STATEMENT_NAMING;
  const { answers, kept } = await db.$transaction(async (tx) => {
    const answers: number[] = [];
    for (let i = 0; i < maxPerConnection + 5; i += 1) {
      const rows = await tx.$queryRawUnsafe<{ sum: number }[]>(`SELECT $1::int + ${i} AS "sum"`, 1);
      answers.push(rows[0]?.sum ?? -1);
    }
    const [row] = await tx.$queryRawUnsafe<{ kept: number }[]>(`SELECT count(*)::int AS "kept" FROM pg_prepared_statements`);
    return { answers, kept: row?.kept };
  });
  expect(answers).toEqual(Array.from({ length: maxPerConnection + 5 }, (_, i) => 1 + i));
  expect(kept).toBe(maxPerConnection);
});
