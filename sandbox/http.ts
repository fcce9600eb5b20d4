/** Small helpers over node:http: reading a body, answering JSON or nothing. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { invalid } from "./errors";

/** Bodies larger than this are refused: no operation of the reference needs more. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw invalid("Body", `is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON body of a call; no body at all is `undefined` (the schema then says what is required). */
export function parseJson(raw: string): unknown {
  if (raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw invalid("Body", `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, { ...headers, "Content-Length": "0" });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, "Content-Length": "0" });
  res.end();
}
