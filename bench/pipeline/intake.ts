/**
 * The benchmark's webhook intake, in a process of its own as the app's web process is: the
 * pipeline harness's receiver (HMAC check, then the intake's record-and-enqueue) on the database
 * named in argv, its URL sent to the parent once it listens. Apart from the Shopify emulator, so a
 * write waiting for the worker's lock on the SQLite file does not stall the emulator's answers.
 * It listens with SO_REUSEPORT on the port given (0: a free one), so the other intakes can share it.
 * Asked to "report", it answers with its peak RSS and, on PostgreSQL, the statements it has sent
 * since it listened (as the worker counts its own, bench/pipeline/worker.ts).
 *
 *   node --import tsx bench/pipeline/intake.ts <databaseUrl> [port]
 */
import { createDatabase } from "~/stores/database/database.server";
import { startIntake } from "../../test/pipeline/harness";
import { countStatementsSent, peakRssBytes } from "./own-process";

const statementsSent = countStatementsSent();
const db = createDatabase(process.argv[2] ?? "");
const { url, close } = await startIntake(db, { port: Number(process.argv[3] ?? "0"), reusePort: true });
const statementsAtReady = statementsSent();
process.on("message", (message: unknown) => {
  if (message === "stop") void close().then(() => process.exit(0));
  if (message === "report") process.send?.({ peakRssBytes: peakRssBytes(), statements: statementsSent() - statementsAtReady });
});
process.send?.({ url });
