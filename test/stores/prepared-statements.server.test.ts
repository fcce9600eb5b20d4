/**
 * The names PostgreSQL's statements are kept prepared under (stores/database/prepared-statements.server.ts):
 * one per text, none for what cannot or need not be kept, and no more than the bound.
 */
import { expect, it } from "vitest";
import { statementNamer } from "~/stores/database/prepared-statements.server";

it("gives a text the same name on every call, and another text another", () => {
  const nameOf = statementNamer({ maxNames: 10, maxArgs: 4 });
  const byId = nameOf(`SELECT * FROM "Shipment" WHERE "id" = $1`, 1);
  expect(byId).not.toBe("");
  expect(nameOf(`SELECT * FROM "Shipment" WHERE "id" = $1`, 1)).toBe(byId);
  const byOrder = nameOf(`SELECT * FROM "Shipment" WHERE "orderId" = $1`, 1);
  expect(byOrder).not.toBe("");
  expect(byOrder).not.toBe(byId);
});

it("names no statement without arguments (BEGIN and the write lock are widened into several) nor one of many rows", () => {
  const nameOf = statementNamer({ maxNames: 10, maxArgs: 4 });
  expect(nameOf("BEGIN", 0)).toBe("");
  expect(nameOf(`INSERT INTO "ShipmentEvent" VALUES ($1, $2, $3), ($4, $5, $6)`, 6)).toBe("");
  expect(nameOf(`INSERT INTO "ShipmentEvent" VALUES ($1, $2, $3, $4)`, 4)).not.toBe("");
});

it("stops naming new texts at the bound, and keeps the names it gave", () => {
  const nameOf = statementNamer({ maxNames: 2, maxArgs: 4 });
  const first = nameOf("SELECT $1::int", 1);
  const second = nameOf("SELECT $1::text", 1);
  expect(nameOf("SELECT $1::bigint", 1)).toBe("");
  expect(nameOf("SELECT $1::int", 1)).toBe(first);
  expect(nameOf("SELECT $1::text", 1)).toBe(second);
  expect(new Set([first, second, ""]).size).toBe(3);
});
