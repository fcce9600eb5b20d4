/**
 * A POST over node:http for tests that send what fetch will not: headers that repeat, a body
 * streamed for as long as the server reads it, and a connection the server may cut under it.
 */
import { request } from "node:http";

export interface Sent {
  /**
   * The answer's status; "cut" when the server closed the connection before an answer was read,
   * while the body was still on its way (EPIPE, ECONNRESET): how a body over the limit may end,
   * since the server answers 413 and closes without reading the rest (docs/operations.md).
   */
  status: number | "cut";
  ms: number;
  /** Bytes of the body written before the answer came or the connection was cut. */
  written: number;
}

/** Node's errors for a connection the other side closed or reset while this side was still writing or waiting. */
const CUT = new Set(["EPIPE", "ECONNRESET"]);

/**
 * POSTs with node:http, so headers may repeat and a body may be streamed for as long as the server
 * reads it: `body` is written whole, or `stream` chunks are written until the answer arrives or
 * the connection is cut. Any other error fails the request.
 */
export function rawPost(
  appUrl: string,
  path: string,
  headers: [string, string][],
  body: Buffer | string | { stream: Buffer; times: number },
): Promise<Sent> {
  const url = new URL(path, appUrl);
  const started = performance.now();
  // Headers as pairs leave the Host and the framing to us: a length for a body sent whole, chunks for a stream without one.
  const framing: [string, string][] = headers.some(([name]) => name.toLowerCase() === "content-length")
    ? []
    : typeof body === "string" || Buffer.isBuffer(body)
      ? [["Content-Length", String(Buffer.byteLength(body))]]
      : [["Transfer-Encoding", "chunked"]];
  headers = [["Host", url.host], ...headers, ...framing];
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const outgoing = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: headers.flat() },
      (response) => {
        answered = true;
        response.resume();
        response.once("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, written }));
      },
    );
    // The server may close the connection while the body is still being sent: after its answer
    // (read above), or before the answer could be read (a cut).
    outgoing.once("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code !== undefined && CUT.has(error.code)) resolve({ status: "cut", ms: performance.now() - started, written });
      else reject(error);
    });
    if (typeof body === "string" || Buffer.isBuffer(body)) {
      written = Buffer.byteLength(body);
      outgoing.end(body);
      return;
    }
    const { stream, times } = body;
    const next = (sent: number) => {
      if (answered || outgoing.destroyed) return;
      if (sent === times) return void outgoing.end();
      written += stream.length;
      if (outgoing.write(stream)) setImmediate(() => next(sent + 1));
      else outgoing.once("drain", () => next(sent + 1));
    };
    next(0);
  });
}
