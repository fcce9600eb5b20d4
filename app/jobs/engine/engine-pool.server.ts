/**
 * The job engine's connections: a pg pool that outlives the engine's restarts and whose failures
 * are the worker's warnings, never an uncaught exception that ends the process.
 */
import pg from "pg";
import { describeError, type Logger } from "~/lib/log.server";

/** How long the engine waits for one of its connections before its query fails. */
const CONNECTION_WAIT_MS = 10_000;

type Release = (error?: Error | boolean) => void;

/**
 * Each connection handed out can be handed back once; a second hand-back is a warning, not an
 * exception. graphile-worker 0.18 (the newest) hands its LISTEN connection back a second time when
 * that connection fails while it is being let go (a failover cutting every connection), from inside
 * a promise it never awaits: pg-pool's "Release called on client which has already been released"
 * then ended the worker as an unhandled rejection, seen as a worker dying in the scale-out test
 * under load. The pool itself took the connection back the first time; the second changes nothing.
 */
class EnginePool extends pg.Pool {
  readonly #logger: Logger;

  constructor(config: pg.PoolConfig, logger: Logger) {
    super(config);
    this.#logger = logger;
  }

  #releasedOnce(client: pg.PoolClient): pg.PoolClient {
    const release: Release = client.release.bind(client);
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (released) {
        this.#logger.warn("A job engine connection was handed back twice; the second hand-back is ignored");
        return;
      }
      released = true;
      release(error);
    };
    return client;
  }

  // Both forms: graphile-worker asks with a callback (its LISTEN connection) and with a promise.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void): void;
  override connect(callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void) {
    if (callback === undefined) return super.connect().then((client) => this.#releasedOnce(client));
    super.connect((error, client, done) => {
      if (error !== undefined || client === undefined) return callback(error, client, done);
      const guarded = this.#releasedOnce(client);
      callback(undefined, guarded, guarded.release);
    });
  }
}

/**
 * A connection cut while idle (a failover, a database dropped) is an error event on the pool, and
 * graphile-worker stops listening for those as it shuts down while its pool may still be closing;
 * unheard, such an event is an uncaught exception. These listeners live as long as the pool, which
 * a restarted engine reuses. A connection cut while in use errors on the connection itself (the query
 * under way fails and says so): each connection gets a listener of its own as it opens.
 */
export function createEnginePool(connectionString: string, options: { max: number; logger: Logger }): pg.Pool {
  const { max, logger } = options;
  // A connection asked for waits at most CONNECTION_WAIT_MS: a pool whose connections were all lost
  // without being handed back fails the engine's query (which it retries, or restarts on) instead
  // of leaving the worker waiting for a connection that never comes.
  const pool = new EnginePool({ connectionString, max, connectionTimeoutMillis: CONNECTION_WAIT_MS }, logger);
  pool.on("error", (error) =>
    logger.warn({ error: describeError(error) }, "A job engine connection failed while idle; the engine opens another"),
  );
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      logger.warn({ error: describeError(error) }, "A job engine connection failed while in use; its query fails and the engine retries"),
    );
  });
  return pool;
}
