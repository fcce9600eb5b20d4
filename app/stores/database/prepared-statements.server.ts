/**
 * Which PostgreSQL statements a connection keeps prepared, and under what name.
 *
 * Without a name node-postgres sends each statement's text to be parsed and analysed afresh, on
 * every call. Named, a connection parses it once and later calls bind the arguments alone: about a
 * sixth of the server's CPU in a sale (docs/decisions/0063-postgresql-statements-kept-prepared.md).
 * SQLite's connections keep theirs the same way (sqlite-adapter.server.ts).
 */

/** What is worth a name, and how many a process and each of its connections keep at most. */
export interface StatementNaming {
  /** Distinct texts named by the process; any text after that is sent unnamed. */
  maxNames: number;
  /**
   * A statement of more arguments goes unnamed: those are the many-row writes (insertRows, a long
   * IN list), whose text changes with the number of rows and whose parse is shared by all of them.
   */
  maxArgs: number;
  /**
   * Statements one connection keeps: the server holds each one's parse (and its plan, when a
   * generic one serves) for as long as the connection lives. Past it, new texts go unnamed there.
   */
  maxPerConnection: number;
}

export const STATEMENT_NAMING: StatementNaming = { maxNames: 10_000, maxArgs: 64, maxPerConnection: 200 };

/** The name for a statement, or "": node-postgres' unnamed statement, parsed on every call. */
export type StatementName = (sql: string, argCount: number) => string;

/**
 * The process's names, one per text (so no connection is ever asked to run a name it holds for
 * another text). A statement without arguments is never named: BEGIN, COMMIT and the write lock,
 * which the pool's client widens into several statements (postgres-adapter.server.ts), only one
 * unnamed query can be.
 */
export function statementNamer(naming: StatementNaming = STATEMENT_NAMING): StatementName {
  const names = new Map<string, string>();
  return (sql, argCount) => {
    if (argCount === 0 || argCount > naming.maxArgs) return "";
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= naming.maxNames) return "";
    const name = `connector_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}

/** One connection's names: the process's, as long as the connection keeps fewer than its bound or already keeps this one. */
export function statementsOfOneConnection(nameOf: StatementName, naming: StatementNaming = STATEMENT_NAMING): StatementName {
  const kept = new Set<string>();
  return (sql, argCount) => {
    const name = nameOf(sql, argCount);
    if (name === "" || kept.has(name)) return name;
    if (kept.size >= naming.maxPerConnection) return "";
    kept.add(name);
    return name;
  };
}

/**
 * A query's config for node-postgres with the statement's name, when it has arguments and no name
 * yet; anything else (a submittable, a text alone, a named statement) as it is.
 */
export function withStatementName(config: unknown, nameOf: StatementName): unknown {
  if (typeof config !== "object" || config === null || Object.getPrototypeOf(config) !== Object.prototype) return config;
  const { text, values, name } = config as { text?: unknown; values?: unknown; name?: unknown };
  if (typeof text !== "string" || !Array.isArray(values) || (typeof name === "string" && name !== "")) return config;
  const named = nameOf(text, values.length);
  return named === "" ? config : { ...config, name: named };
}
