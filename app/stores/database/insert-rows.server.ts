/**
 * Rows of one table written as one `INSERT … VALUES`, in place of Prisma's createMany where the
 * pipeline writes many rows often (timeline events, new shipments, tracking checkpoints). Prisma 7
 * keeps a compiled plan for every query but createMany's, whose plan depends on the row count: each
 * call compiled its INSERT anew in WebAssembly, 3.4 ms of CPU for 20 events and 10.7 ms for 100,
 * against 0.7 ms for the same INSERT written out (`./run bench:prisma`, docs/benchmarks.md).
 *
 * What Prisma fills in itself is the caller's to give: the id, `createdAt` and `@updatedAt` columns
 * (the database's own defaults stand for the rest). Rows come back, when asked for, exactly as
 * Prisma reads them (insert-rows.test.ts holds both databases to that).
 */
import { randomFillSync } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "./database.server";

/** A column's value as written: what both databases and Prisma's raw arguments take. */
export type ColumnValue = string | number | boolean | Date | null;

/**
 * The tables written here (their names go into SQL, so only these) and their rows: Prisma's own,
 * with what Prisma would have filled in made the caller's to give.
 */
export interface InsertRow {
  Shipment: Prisma.ShipmentCreateManyInput & { id: string; createdAt: Date; updatedAt: Date };
  ShipmentEvent: Prisma.ShipmentEventCreateManyInput & { id: string; createdAt: Date };
  ShipmentCheckpoint: Prisma.ShipmentCheckpointCreateManyInput & { id: string; createdAt: Date };
}
export type InsertTable = keyof InsertRow;

/** A column named in the code, checked before it is written into SQL. */
const COLUMN = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Arguments per statement: under SQLite's 32,766 and PostgreSQL's 65,535, with room to spare. A
 * larger batch is several statements in one transaction.
 */
const MOST_ARGUMENTS = 30_000;

/** Inserts the rows; nothing comes back. */
export async function insertRows<T extends InsertTable>(db: DatabaseOrTransaction, table: T, rows: readonly InsertRow[T][]): Promise<void> {
  await writeRows(db, table, rows, false);
}

/** Inserts the rows and returns them as Prisma reads them, in the order given. */
export async function insertRowsReturning<T extends InsertTable, Row extends { id: string }>(
  db: DatabaseOrTransaction,
  table: T,
  rows: readonly InsertRow[T][],
): Promise<Row[]> {
  const written = (await writeRows(db, table, rows, true)) as Row[];
  const byId = new Map(written.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id) as Row);
}

async function writeRows(db: DatabaseOrTransaction, table: InsertTable, rows: readonly object[], returning: boolean): Promise<unknown[]> {
  const statements = rows.length === 0 ? [] : statementsFor(table, rows, returning);
  const run = async (tx: DatabaseOrTransaction) => {
    const written: unknown[] = [];
    for (const { sql, args } of statements) {
      if (returning) written.push(...((await tx.$queryRawUnsafe(sqlFor(tx, sql), ...args)) as unknown[]));
      else await tx.$executeRawUnsafe(sqlFor(tx, sql), ...args);
    }
    return written;
  };
  // One statement is atomic by itself; several are made so, as createMany was.
  return statements.length > 1 ? inTransaction(db, run) : run(db);
}

/** The statements, with `?` arguments: one per set of columns the rows give, split where long. */
export function statementsFor(table: InsertTable, rows: readonly object[], returning: boolean): { sql: string; args: ColumnValue[] }[] {
  // A column left undefined takes the database's default, as with createMany: rows that leave out
  // different columns are written apart (SQLite's VALUES has no DEFAULT).
  const byColumns = new Map<string, { columns: string[]; rows: Record<string, ColumnValue>[] }>();
  for (const row of rows as Record<string, unknown>[]) {
    const columns = Object.keys(row).filter((column) => row[column] !== undefined);
    for (const column of columns) {
      if (!COLUMN.test(column)) throw new Error(`insertRows: ${table} has no column named ${JSON.stringify(column)}`);
      if (!isColumnValue(row[column])) throw new Error(`insertRows: ${table}.${column} is neither text, a number, a time nor null`);
    }
    const key = columns.join(",");
    const group = byColumns.get(key) ?? { columns, rows: [] };
    byColumns.set(key, group);
    group.rows.push(row as Record<string, ColumnValue>);
  }
  const statements: { sql: string; args: ColumnValue[] }[] = [];
  for (const { columns, rows: alike } of byColumns.values()) {
    const perStatement = Math.max(1, Math.floor(MOST_ARGUMENTS / Math.max(1, columns.length)));
    const into = `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES `;
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    for (let start = 0; start < alike.length; start += perStatement) {
      const chunk = alike.slice(start, start + perStatement);
      statements.push({
        sql: into + chunk.map(() => tuple).join(", ") + (returning ? " RETURNING *" : ""),
        args: chunk.flatMap((row) => columns.map((column) => row[column] as ColumnValue)),
      });
    }
  }
  return statements;
}

function isColumnValue(value: unknown): value is ColumnValue {
  return value === null || value instanceof Date || ["string", "number", "boolean"].includes(typeof value);
}

let lastMillis = 0;
let counter = 0;

/**
 * Random bytes drawn a pool at a time: one randomBytes(8) call took about 7 µs (a call into
 * OpenSSL each), a slice of the pool 0.2 µs, and a sale writes tens of thousands of rows
 * (randomFillSync was 1.6% of a worker's CPU profile; docs/benchmarks.md, 2026-12-02 evening).
 * Node's randomUUID keeps a pool the same way.
 */
const randomPool = Buffer.alloc(4096);
let randomUsed = randomPool.length;

function randomHex(bytes: number): string {
  if (randomUsed + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  const hex = randomPool.toString("hex", randomUsed, randomUsed + bytes);
  randomUsed += bytes;
  return hex;
}

/**
 * A new row's id, as Prisma's cuid() would give: ids made later sort after, so rows written in one
 * statement with one `createdAt` (a parcel's checkpoints' events) keep their order on the timeline,
 * which sorts by time and then id. The random part keeps ids of different processes apart.
 */
export function newRowId(): string {
  const now = Date.now();
  // A clock set back keeps counting on from the last time, so the order holds.
  if (now > lastMillis) [lastMillis, counter] = [now, 0];
  else counter += 1;
  return `c${lastMillis.toString(36).padStart(8, "0")}${counter.toString(36).padStart(5, "0")}${randomHex(8)}`;
}
