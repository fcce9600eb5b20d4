/**
 * `./run postgres [--port N]`: a PostgreSQL server on loopback in a fresh data folder, until
 * Ctrl-C (or SIGTERM), which stops it and removes the folder. Prints one line
 * `POSTGRES {"url":...}` when it accepts connections.
 */
import { startPostgres } from "./postgres/server";

const portIndex = process.argv.indexOf("--port");
const port = portIndex === -1 ? undefined : Number(process.argv[portIndex + 1]);
const server = await startPostgres({ ...(port === undefined ? {} : { port }) });
process.stdout.write(`POSTGRES ${JSON.stringify({ url: server.url, dataDir: server.dataDir })}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
