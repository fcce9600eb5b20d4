/**
 * Runs the emulator as its own process (for `npm run stack` and manual poking):
 *
 *   npx tsx test/emulator/cli.ts --api-secret <secret> [--api-key <key>] [--app-url <url>] [--port <n>]
 *                                [--app-toml <path>] [--retry-delays 1000,2000,4000]
 *
 * Seeds the demo shop (seed.ts) and prints one line `READY {"shopifyUrl",...}` once it listens.
 */
import { parseArgs } from "node:util";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop } from "./seed";
import { startShopifyEmulator } from "./server";

const { values } = parseArgs({
  options: {
    "api-secret": { type: "string" },
    "api-key": { type: "string" },
    "app-url": { type: "string" },
    port: { type: "string", default: "0" },
    "app-toml": { type: "string" },
    "retry-delays": { type: "string" },
  },
});

const apiSecret = values["api-secret"];
if (!apiSecret) {
  console.error("--api-secret is required: webhooks are signed with it");
  process.exit(2);
}

const emulator = await startShopifyEmulator({
  apiSecret,
  apiKey: values["api-key"],
  appUrl: values["app-url"],
  port: Number(values.port),
  appTomlPath: values["app-toml"],
  delivery: values["retry-delays"] ? { retryDelaysMs: values["retry-delays"].split(",").map(Number) } : undefined,
  shops: [demoShop()],
});

console.log(`READY ${JSON.stringify({ shopifyUrl: emulator.url, shop: DEMO_SHOP, accessToken: DEMO_ACCESS_TOKEN })}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void emulator.close().then(() => process.exit(0)));
}
