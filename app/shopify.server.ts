import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";
import { env, shopifyCredentials } from "./env.server";
import { log } from "./lib/log.server";
import { recordInstallation } from "~/flows/install/install.server";
import { readRateRequest } from "~/flows/checkout-rates/rate-request.server";
import { fulfillmentServiceVerifier, webhookVerifier } from "~/flows/receive-webhooks/verify-webhook.server";
import { installAdminTransport } from "./shopify/admin-transport.server";
import { SealedSessionStorage } from "./stores/shops/session-storage.server";

// Stack and tests: Admin API calls go to the emulator. Here in the module body, not as an import
// side effect, because by now every import above has run, including the adapter that sets the
// library's own fetch and would otherwise overwrite the redirect.
if (env.SHOPIFY_ADMIN_API_ORIGIN) installAdminTransport(env.SHOPIFY_ADMIN_API_ORIGIN);

/**
 * The one Admin API version the app speaks: GraphQL calls, webhook payloads (shopify.app.toml's
 * `[webhooks] api_version` must say the same) and the emulator's schema.
 */
export const apiVersion = ApiVersion.October26;

const credentials = shopifyCredentials(env);
const shopifyLog = log.child({ library: "shopify-api" });

const shopify = shopifyApp({
  ...credentials,
  apiVersion,
  // Managed installation takes the scopes from shopify.app.toml; the CLI passes them as SCOPES too.
  scopes: env.SCOPES?.split(","),
  appUrl: env.SHOPIFY_APP_URL,
  authPathPrefix: "/auth",
  // The tokens sealed at rest (stores/shops/session-storage.server.ts).
  sessionStorage: new SealedSessionStorage(new PrismaSessionStorage(prisma)),
  distribution: AppDistribution.AppStore,
  // The library's own lines as JSON lines among ours; at Info, never its request-by-request Debug.
  logger: {
    level: LogSeverity.Info,
    log: (severity, message) => {
      const level =
        severity === LogSeverity.Error
          ? "error"
          : severity === LogSeverity.Warning
            ? "warn"
            : severity === LogSeverity.Info
              ? "info"
              : "debug";
      shopifyLog[level](message);
    },
  },
  hooks: {
    // A new offline session (install, reinstall): the shop is recorded as installed and a job
    // ensures the warehouses' fulfillment services. Idempotent, so a repeated auth is harmless.
    afterAuth: async ({ session }) => {
      await recordInstallation(prisma, session.shop);
    },
  },
  future: {
    // Token exchange instead of the OAuth redirect dance (managed installation).
    unstable_newEmbeddedAuthStrategy: true,
    // Offline tokens expire and are refreshed by the library, so a leaked one is short-lived.
    expiringOfflineAccessTokens: true,
  },
  ...(env.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [env.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
/**
 * The webhook routes' `authenticate.webhook`, without the offline-session lookup they do not use:
 * same HMAC check with the same secret, same 401/400/405 answers (flows/receive-webhooks/verify-webhook.server.ts).
 */
export const verifyWebhook = webhookVerifier(credentials.apiSecretKey);
/** The fulfillment-service callback's `authenticate.fulfillmentService` checks, on a bounded body, without its session lookup. */
export const verifyFulfillmentServiceRequest = fulfillmentServiceVerifier(credentials.apiSecretKey);
/** The carrier service's rate request, its HMAC checked with the app's secret (flows/checkout-rates/rate-request.server.ts). */
export const readCheckoutRateRequest = (request: Request) => readRateRequest(request, credentials.apiSecretKey);
