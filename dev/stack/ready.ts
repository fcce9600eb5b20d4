/**
 * The one line `npm run stack` prints on stdout once everything answers, for the demo, browser tests
 * and scripts to read (how: READY_PREFIX; what each field is for: StackReady):
 *
 *   READY {"appUrl":"http://127.0.0.1:…","sandboxUrl":"http://127.0.0.1:…","shopifyUrl":"http://127.0.0.1:…","shop":"demo-shop.myshopify.com","accessToken":"shpat_…"}
 *
 * The stack runs until SIGINT or SIGTERM, then stops every process it started and exits 0.
 */
import { z } from "zod";

/**
 * Read stdout line by line and take the line starting with this; everything else the stack says
 * goes to stderr. `npm run stack` itself prints its script banner on stdout first, so use
 * `npm run --silent stack`, `./run stack`, or match the prefix; parse the rest with `parseReadyLine`.
 */
export const READY_PREFIX = "READY ";

/**
 * `accessToken` is the shop's Admin API token in the emulator. The emulator serves one host for
 * every shop, so a GraphQL call names the shop: either the path form
 * `{shopifyUrl}/shops/{shop}/admin/api/2026-10/graphql.json`, or
 * `{shopifyUrl}/admin/api/2026-10/graphql.json` with the header `X-Shopify-Shop-Domain: {shop}`;
 * both with `X-Shopify-Access-Token: {accessToken}`. Control routes: `{shopifyUrl}/__emulator/...`
 * (test/emulator/README.md) and `{sandboxUrl}/__sandbox/...` (sandbox/README.md).
 */
export const StackReady = z.strictObject({
  appUrl: z.url(),
  sandboxUrl: z.url(),
  shopifyUrl: z.url(),
  shop: z.string().min(1),
  accessToken: z.string().min(1),
});
export type StackReady = z.infer<typeof StackReady>;

export function formatReadyLine(ready: StackReady): string {
  return `${READY_PREFIX}${JSON.stringify(StackReady.parse(ready))}`;
}

/** The READY line's fields; throws, saying why, for any other line. */
export function parseReadyLine(line: string): StackReady {
  if (!line.startsWith(READY_PREFIX)) throw new Error(`Not a READY line: ${line.slice(0, 200)}`);
  let json: unknown;
  try {
    json = JSON.parse(line.slice(READY_PREFIX.length));
  } catch (error) {
    throw new Error(`The READY line is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return StackReady.parse(json);
}
