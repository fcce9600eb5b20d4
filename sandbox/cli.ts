/**
 * `npm run sandbox -- --port 4010 ...`: runs the provider sandbox until SIGINT or SIGTERM, then
 * saves its state (with --state) and exits. Prints one line once listening:
 * `Sandbox listening on http://127.0.0.1:4010`. A bad flag exits with status 2.
 */
import { parseCommandLine, usage } from "./options";
import { startSandbox } from "./server";

async function main(): Promise<number> {
  const commandLine = parseCommandLine(process.argv.slice(2));
  if (commandLine.kind === "help") {
    process.stdout.write(usage);
    return 0;
  }
  if (commandLine.kind === "error") {
    process.stderr.write(`sandbox: ${commandLine.message}\n${usage}`);
    return 2;
  }
  const sandbox = await startSandbox({
    ...commandLine.settings,
    log: commandLine.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`Sandbox listening on ${sandbox.url}\n`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await sandbox.close();
  return 0;
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
