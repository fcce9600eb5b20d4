import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type UserConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { env } from "./app/env.server";

const host = new URL(env.SHOPIFY_APP_URL).hostname;
const isLocal = host === "localhost" || host === "127.0.0.1";

// Behind the CLI's tunnel the browser reaches Vite's HMR socket through the tunnel on 443.
const hmr = isLocal
  ? { protocol: "ws", host: "localhost", port: 64999, clientPort: 64999 }
  : { protocol: "wss", host, port: env.FRONTEND_PORT ?? 8002, clientPort: 443 };

export default defineConfig({
  server: {
    allowedHosts: [host],
    cors: { preflightContinue: true },
    port: env.PORT,
    hmr,
    fs: { allow: ["app", "node_modules"] },
  },
  plugins: [
    remix({
      // Tests and server-only helpers sit beside the routes that use them; they are not routes.
      ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.server.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        // Off, as in Shopify's Remix template: turning it on changes how loader data is serialised.
        v3_singleFetch: false,
      },
    }),
    tsconfigPaths(),
  ],
  build: {
    // Polaris' stylesheet is linked, never inlined.
    assetsInlineLimit: 0,
  },
  optimizeDeps: {
    include: ["@shopify/app-bridge-react", "@shopify/polaris"],
  },
}) satisfies UserConfig;
