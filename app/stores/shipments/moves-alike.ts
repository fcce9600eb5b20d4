/**
 * How a batch of shipment moves is written in few statements (transitionEach): moves from the same
 * state to the same state changing the same columns are one group. What the group's moves set
 * alike is one UPDATE; a text column each move sets to its own value (a tracking number, a
 * fulfilment's id, a hold's reasons) is one CASE in one more UPDATE. A status poll's 20 packages
 * created, each with its own tracking number, are so 2 statements, not 20.
 */
import type { ShipmentState } from "@prisma/client";

/** One move as grouped: the shipment, the state it was read in and the one it goes to, its changes. */
export interface MoveToGroup {
  shipment: { id: string; state: ShipmentState };
  to: ShipmentState;
  changes?: Record<string, unknown>;
}

export interface MovesAlike<M extends MoveToGroup> {
  moves: M[];
  /** The changes every move of the group makes alike (Prisma's update data: values or operations). */
  alike: Record<string, unknown>;
  /** Text columns each shipment sets to its own value: column → shipment id → value. */
  each: Map<string, Map<string, string | null>>;
}

/** A column named in the code, checked before it is written into SQL. */
const COLUMN = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * The groups, in the order their first move was given. A group whose moves differ in anything but
 * text values (a count, a time, an operation) is split into groups of moves whose changes are equal.
 */
export function groupMovesAlike<M extends MoveToGroup>(moves: readonly M[]): MovesAlike<M>[] {
  const byKey = new Map<string, M[]>();
  for (const move of moves) {
    const key = JSON.stringify([move.shipment.state, move.to, columnsOf(move)]);
    byKey.set(key, [...(byKey.get(key) ?? []), move]);
  }
  return [...byKey.values()].flatMap((group) => splitByValues(group));
}

function splitByValues<M extends MoveToGroup>(group: M[]): MovesAlike<M>[] {
  const [first] = group as [M, ...M[]];
  if (group.length === 1) return equalChanges(group);
  const alike: Record<string, unknown> = {};
  const each = new Map<string, Map<string, string | null>>();
  for (const column of columnsOf(first)) {
    const values = group.map((move) => move.changes?.[column]);
    if (values.every((value) => sameValue(value, values[0]))) {
      alike[column] = values[0];
      continue;
    }
    // A column each move sets to its own value is written by a CASE only when it is text: a
    // PostgreSQL parameter in a CASE is text, and a count or a time would need its own cast.
    if (!COLUMN.test(column) || !values.every((value) => value === null || typeof value === "string")) return equalChanges(group);
    each.set(column, new Map(group.map((move) => [move.shipment.id, move.changes?.[column] as string | null])));
  }
  // The same shipment twice in one group would be two values for one row: grouped as before.
  if (each.size > 0 && new Set(group.map((move) => move.shipment.id)).size !== group.length) return equalChanges(group);
  return [{ moves: group, alike, each }];
}

/** Moves whose changes are equal, value for value: one group each, with nothing set per shipment. */
function equalChanges<M extends MoveToGroup>(group: M[]): MovesAlike<M>[] {
  const byChanges = new Map<string, M[]>();
  for (const move of group) {
    const key = JSON.stringify(definedChanges(move));
    byChanges.set(key, [...(byChanges.get(key) ?? []), move]);
  }
  return [...byChanges.values()].map((moves) => ({ moves, alike: definedChanges(moves[0] as M), each: new Map() }));
}

function definedChanges(move: MoveToGroup): Record<string, unknown> {
  return Object.fromEntries(Object.entries(move.changes ?? {}).filter(([, value]) => value !== undefined));
}

const columnsOf = (move: MoveToGroup) => Object.keys(definedChanges(move)).sort();

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The UPDATE that writes each shipment's own text values, with `?` arguments in order: one CASE
 * per column, over the group's shipments only.
 */
export function eachValueUpdate(each: MovesAlike<MoveToGroup>["each"]): { sql: string; args: (string | null)[] } {
  const args: (string | null)[] = [];
  const sets = [...each].map(([column, values]) => {
    const whens = [...values].map(([id, value]) => {
      args.push(id, value);
      return "WHEN ? THEN ?";
    });
    return `"${column}" = CASE "id" ${whens.join(" ")} END`;
  });
  const ids = [...(each.values().next().value ?? new Map<string, string | null>()).keys()];
  args.push(...ids);
  return { sql: `UPDATE "Shipment" SET ${sets.join(", ")} WHERE "id" IN (${ids.map(() => "?").join(", ")})`, args };
}
