/**
 * The names PostgreSQL's statements are kept prepared under (stores/database/prepared-statements.server.ts):
 * one per text, none for what cannot or need not be kept, and no more than the bounds.
 */
import { expect, it } from "vitest";
import { statementNamer, statementsOfOneConnection, withStatementName } from "~/stores/database/prepared-statements.server";

const naming = { maxNames: 10, maxArgs: 4, maxPerConnection: 10 };

it("gives a text the same name on every call, and another text another", () => {
  const nameOf = statementNamer(naming);
  const byId = nameOf(`SELECT * FROM "Shipment" WHERE "id" = $1`, 1);
  expect(byId).not.toBe("");
  expect(nameOf(`SELECT * FROM "Shipment" WHERE "id" = $1`, 1)).toBe(byId);
  const byOrder = nameOf(`SELECT * FROM "Shipment" WHERE "orderId" = $1`, 1);
  expect(byOrder).not.toBe("");
  expect(byOrder).not.toBe(byId);
});

it("names no statement without arguments (BEGIN and the write lock are widened into several) nor one of many rows", () => {
  const nameOf = statementNamer(naming);
  expect(nameOf("BEGIN", 0)).toBe("");
  expect(nameOf(`INSERT INTO "ShipmentEvent" VALUES ($1, $2, $3), ($4, $5, $6)`, 6)).toBe("");
  expect(nameOf(`INSERT INTO "ShipmentEvent" VALUES ($1, $2, $3, $4)`, 4)).not.toBe("");
});

it("stops naming new texts at the process's bound, and keeps the names it gave", () => {
  const nameOf = statementNamer({ ...naming, maxNames: 2 });
  const first = nameOf("SELECT $1::int", 1);
  const second = nameOf("SELECT $1::text", 1);
  expect(nameOf("SELECT $1::bigint", 1)).toBe("");
  expect(nameOf("SELECT $1::int", 1)).toBe(first);
  expect(nameOf("SELECT $1::text", 1)).toBe(second);
  expect(new Set([first, second, ""]).size).toBe(3);
});

it("keeps no more statements on a connection than its bound, under the process's names, while another connection keeps its own", () => {
  const process = statementNamer(naming);
  const one = statementsOfOneConnection(process, { ...naming, maxPerConnection: 2 });
  const other = statementsOfOneConnection(process, { ...naming, maxPerConnection: 2 });
  const first = one("SELECT $1::int", 1);
  expect(one("SELECT $1::text", 1)).not.toBe("");
  expect(one("SELECT $1::bigint", 1)).toBe("");
  expect(one("SELECT $1::int", 1)).toBe(first);
  expect(other("SELECT $1::bigint", 1)).toBe(process("SELECT $1::bigint", 1));
  expect(other("SELECT $1::int", 1)).toBe(first);
});

it("names a query's config only when it has arguments and no name of its own", () => {
  const nameOf = statementNamer(naming);
  const withArgs = { text: "SELECT $1::int", values: [1], rowMode: "array" };
  expect(withStatementName(withArgs, nameOf)).toEqual({ ...withArgs, name: nameOf("SELECT $1::int", 1) });
  const begin = { text: "BEGIN; SELECT pg_advisory_xact_lock(1)", values: [] };
  expect(withStatementName(begin, nameOf)).toBe(begin);
  const named = { text: "SELECT $1::int", values: [1], name: "mine" };
  expect(withStatementName(named, nameOf)).toBe(named);
  expect(withStatementName("SELECT 1", nameOf)).toBe("SELECT 1");
});
