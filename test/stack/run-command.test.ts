/** The stack's one-off commands (build, migrations) are read line by line, whole, as UTF-8. */
import { describe, expect, it } from "vitest";
import { runCommand } from "../../dev/stack/run-command";

/** A node program that writes `parts` (byte arrays) one at a time, 30 ms apart, so each is its own chunk of the pipe. */
function writesInChunks(parts: number[][], exitCode = 0): string[] {
  const program = `const parts = ${JSON.stringify(parts)}; let i = 0;
    const next = () => { if (i === parts.length) process.exit(${exitCode}); process.stdout.write(Buffer.from(parts[i++])); setTimeout(next, 30); };
    next();`;
  return ["-e", program];
}

const bytes = (text: string) => [...Buffer.from(text, "utf8")];

describe("runCommand", () => {
  it("gives whole lines when a line, or a character, straddles two chunks", async () => {
    const seen: string[] = [];
    const euro = bytes("€"); // three bytes
    const parts = [
      bytes("Bui"),
      [...bytes("ld of caf"), ...euro.slice(0, 1)],
      [...euro.slice(1), ...bytes(" done\nsecond ")],
      bytes("line\n"),
    ];
    await runCommand("the test command", process.execPath, writesInChunks(parts), {
      cwd: process.cwd(),
      env: process.env,
      output: (line) => seen.push(line),
    });
    expect(seen).toEqual(["Build of caf€ done", "second line"]);
  });

  it("fails with the command's last lines, read whole", async () => {
    const parts = [bytes("step one\nst"), bytes("ep two failed: ü\n")];
    await expect(
      runCommand("the test command", process.execPath, writesInChunks(parts, 3), { cwd: process.cwd(), env: process.env }),
    ).rejects.toThrow("the test command failed (code 3):\nstep one\nstep two failed: ü");
  });
});
