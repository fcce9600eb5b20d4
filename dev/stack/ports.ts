import { createServer } from "node:net";

/**
 * A port that is free on loopback right now. The app's URL must be known before it starts (Shopify's
 * library is configured with it), so its port is chosen here rather than by listening on port 0; the
 * caller retries with another port in the rare case that someone takes it in between.
 */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("No port was assigned"))));
    });
  });
}
