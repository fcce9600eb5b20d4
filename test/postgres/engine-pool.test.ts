/**
 * The job engine's connections (engine-pool.server.ts): a connection handed back twice, as
 * graphile-worker does with its LISTEN connection when a failover cuts it while it is being let go,
 * is a warning and changes nothing; before, pg-pool's exception ended the worker process.
 */
import { afterAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { createEnginePool } from "~/jobs/engine/engine-pool.server";
import { recordingJobLogger } from "../support/jobs";
import { useTestDatabase } from "../support/database";

const { url } = useTestDatabase();
const { logger, lines } = recordingJobLogger();
const pool = createEnginePool(url, { max: 2, logger });
afterAll(() => pool.end());

const twiceWarned = () => lines.filter((line) => line.level === "warn" && /handed back twice/.test(line.message)).length;

describe("the job engine's connections", () => {
  it("take a second hand-back of a connection asked for with a promise as a warning, and go on serving", async () => {
    const client = await pool.connect();
    client.release();
    expect(() => client.release()).not.toThrow();
    expect(twiceWarned()).toBe(1);
    expect(pool.idleCount).toBe(1);

    const answer = await pool.query<{ one: number }>("SELECT 1 AS one");
    expect(answer.rows[0]?.one).toBe(1);
  });

  it("take a second hand-back through the callback's release, as the engine's LISTEN connection does", async () => {
    const before = twiceWarned();
    const done = await new Promise<(error?: Error | boolean) => void>((resolve, reject) =>
      pool.connect((error: Error | undefined, _client: pg.PoolClient | undefined, release) => (error ? reject(error) : resolve(release))),
    );
    // The connection failed: handed back with the error, so the pool closes it; then again.
    done(new Error("connection cut"));
    expect(() => done()).not.toThrow();
    expect(twiceWarned()).toBe(before + 1);

    const answer = await pool.query<{ one: number }>("SELECT 1 AS one");
    expect(answer.rows[0]?.one).toBe(1);
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  it("still hands a connection back the first time, so the pool never runs dry", async () => {
    for (let i = 0; i < 5; i++) {
      const client = await pool.connect();
      await client.query("SELECT 1");
      client.release();
    }
    expect(pool.totalCount).toBeLessThanOrEqual(2);
    expect(pool.waitingCount).toBe(0);
  });
});
