/**
 * The app's own pipeline dependencies: the provider client for a shop (its settings' base URL, or
 * the environment's), Shopify through the shop's offline session, the settings from the database
 * and the shop's locations. Loaded lazily by the handlers, so modules that only name them need no
 * Shopify credentials.
 */
import prisma from "~/db.server";
import { env } from "~/env.server";
import { createFulfilmentClient, staticToken, type FetchFunction } from "~/fulfilment";
import { PermanentFailure } from "~/jobs/handler";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import { shopifyAdminFor } from "./shopify-admin.server";
import { appProviderOAuth, authFromCredentials } from "~/stores/shops/provider-credentials-auth.server";
import { liveCredentialsOf, stoppedForConnection } from "./live-credentials.server";
import { kitsOf } from "~/stores/catalogue/kits.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import type { PipelineDeps } from "~/flows/ports/deps";
import { pipelinePolicyNamed } from "~/flows/ports/policy";
import { cachedLocations } from "~/flows/ports/locations-cache";
import type { ProviderPort } from "~/flows/ports/ports";
import { locationsNamedBy, pipelineSettingsOf } from "~/flows/ports/settings";
import { shopifyPortFor } from "~/flows/ports/shopify-port.server";
import { pacedAdminGraphql } from "~/shopify/paced-admin.server";
import { describeError, log } from "~/lib/log.server";
import { observeProviderCall } from "./instrumented.server";
import { providerAddressRefusal, providerFetch } from "./provider-address.server";
import { providerHealth } from "~/flows/alerts/provider-health.server";

/** The sandbox accepts any bearer token unless started with --token (sandbox/README.md). */
const SANDBOX_TOKEN = "sandbox";
/** Locations change rarely; reading them once a minute per shop keeps jobs cheap. */
const LOCATIONS_TTL_MS = 60_000;

const providers = new Map<string, ProviderPort>();
const locationsOf = cachedLocations(LOCATIONS_TTL_MS);

let deps: PipelineDeps | undefined;

/** The provider unreachable or refusing a shop for minutes is told to the merchant (app/flows/alerts). */
const noteHealth = providerHealth(prisma, (error) => log.warn({ error: describeError(error) }, "Could not record the provider's health"));

/** Every provider call of a shop: timed into the metrics, and noted for the shop's alerts. */
function observing(shop: string): NonNullable<Parameters<typeof createFulfilmentClient>[0]["observe"]> {
  return (call) => {
    observeProviderCall(call);
    noteHealth(shop, call);
  };
}

export function appPipelineDeps(): PipelineDeps {
  deps ??= {
    policy: pipelinePolicyNamed(env.PIPELINE_POLICY),
    now: () => new Date(),
    async provider(shop) {
      const settings = await getShopSettings(prisma, shop);
      const baseUrl = settings.providerBaseUrl ?? env.PROVIDER_BASE_URL;
      // The merchant's own address is checked now, and again (pinned) on every request; the operator's is not input.
      let fetch: FetchFunction | undefined;
      if (settings.providerBaseUrl !== null) {
        const refusal = await providerAddressRefusal(settings.providerBaseUrl, settings.mode);
        if (refusal !== null) throw new PermanentFailure(jobErrorSaid("providerAddressUnusable", refusal));
        fetch = providerFetch(settings.mode);
      }
      if (settings.mode === "sandbox") {
        const key = `${shop} ${baseUrl}`;
        let provider = providers.get(key);
        if (!provider) {
          provider = createFulfilmentClient({
            baseUrl,
            auth: staticToken(SANDBOX_TOKEN),
            observe: observing(shop),
            ...(fetch ? { fetch } : {}),
          });
          providers.set(key, provider);
        }
        return provider;
      }
      // Live: the merchant's stored credentials. Nothing a retry could fix is retried: a person must act.
      const credentials = await liveCredentialsOf(prisma, shop);
      try {
        // One client per saved connection: its OAuth refreshes are shared by the shop's jobs in this
        // process; a new token or a new connection (another time saved) gets a new client.
        const since = credentials.kind === "staticToken" ? credentials.savedAt : credentials.connectedAt;
        const key = `${shop} ${baseUrl} ${credentials.kind} ${since.toISOString()}`;
        let provider = providers.get(key);
        if (!provider) {
          provider = createFulfilmentClient({
            baseUrl,
            auth: authFromCredentials(prisma, shop, credentials, appProviderOAuth(env)),
            observe: observing(shop),
            ...(fetch ? { fetch } : {}),
          });
          providers.set(key, provider);
        }
        return provider;
      } catch (error) {
        // An OAuth connection this installation cannot renew.
        throw stoppedForConnection(error);
      }
    },
    async shopify(shop, options) {
      return shopifyPortFor(pacedAdminGraphql(shop, await shopifyAdminFor(shop), { first: options?.forWaitingOrders ?? false }));
    },
    async settings(shop, shopify) {
      const stored = await getShopSettings(prisma, shop);
      const { settings, problems } = pipelineSettingsOf(
        stored,
        await locationsOf(shop, shopify, locationsNamedBy(stored)),
        await kitsOf(prisma, shop),
      );
      for (const problem of problems) log.warn({ shop }, `Settings problem: ${problem.message}`);
      return settings;
    },
  };
  return deps;
}
