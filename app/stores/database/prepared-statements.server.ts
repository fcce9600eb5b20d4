/**
 * Which PostgreSQL statements are kept prepared on their connection, and under what name.
 *
 * Without a name node-postgres sends each statement's text to be parsed and analysed afresh, on
 * every call. Named, a connection parses it once and later calls bind the arguments alone: about a
 * tenth of the server's CPU in a sale (docs/decisions/0063-postgresql-statements-kept-prepared.md).
 * SQLite's connections keep theirs the same way (sqlite-adapter.server.ts).
 */

/** What is worth a name, and how many names a process hands out at most. */
export interface StatementNaming {
  /** Distinct texts named in all; any text after that is sent unnamed, so no connection keeps more. */
  maxNames: number;
  /**
   * A statement of more arguments goes unnamed: those are the many-row writes (insertRows, an IN
   * list), whose text changes with the number of rows and whose parse is shared by all of them.
   */
  maxArgs: number;
}

export const STATEMENT_NAMING: StatementNaming = { maxNames: 500, maxArgs: 64 };

/**
 * The name to prepare a statement under, one per text for the whole process (so one connection
 * never gets two texts under a name), or "" for none: node-postgres' unnamed statement, parsed on
 * every call. A statement without arguments is never named: BEGIN, COMMIT and the write lock, which
 * the pool's client widens into several statements (postgres-adapter.server.ts), only one unnamed
 * query can be.
 */
export function statementNamer(naming: StatementNaming = STATEMENT_NAMING): (sql: string, argCount: number) => string {
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
