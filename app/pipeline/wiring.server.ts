/**
 * The app's own pipeline dependencies: the provider client for a shop (its settings' base URL, or
 * the environment's), Shopify through the shop's offline session, the settings from the database
 * and the shop's locations. Loaded lazily by the handlers, so modules that only name them need no
 * Shopify credentials.
 */
import prisma from "~/db.server";
import { env } from "~/env.server";
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import { PermanentFailure } from "~/jobs/handler";
import { shopifyAdminFor } from "~/jobs/handlers/shopify-admin.server";
import { getShopSettings } from "~/models/shop.server";
import type { PipelineDeps } from "./deps";
import { PIPELINE_POLICY } from "./policy";
import { cachedLocations } from "./locations-cache";
import type { ProviderPort } from "./ports";
import { pipelineSettingsOf } from "./settings";
import { shopifyPortFor } from "./shopify-port.server";
import { pacedAdminGraphql } from "~/shopify/paced-admin.server";

/** The sandbox accepts any bearer token unless started with --token (sandbox/README.md). */
const SANDBOX_TOKEN = "sandbox";
/** Locations change rarely; reading them once a minute per shop keeps jobs cheap. */
const LOCATIONS_TTL_MS = 60_000;

const providers = new Map<string, ProviderPort>();
const locationsOf = cachedLocations(LOCATIONS_TTL_MS);

let deps: PipelineDeps | undefined;

export function appPipelineDeps(): PipelineDeps {
  deps ??= {
    policy: PIPELINE_POLICY,
    now: () => new Date(),
    async provider(shop) {
      const settings = await getShopSettings(prisma, shop);
      if (settings.mode === "live") {
        // Stored credentials (Shop.providerCredentialsCiphertext) are not read by the pipeline yet.
        throw new PermanentFailure(`The provider is not connected for ${shop}: connect it in the app's settings`);
      }
      const baseUrl = settings.providerBaseUrl ?? env.PROVIDER_BASE_URL;
      const key = `${shop} ${baseUrl}`;
      let provider = providers.get(key);
      if (!provider) {
        provider = createFulfilmentClient({ baseUrl, auth: staticToken(SANDBOX_TOKEN) });
        providers.set(key, provider);
      }
      return provider;
    },
    async shopify(shop) {
      return shopifyPortFor(pacedAdminGraphql(shop, await shopifyAdminFor(shop)));
    },
    async settings(shop, shopify) {
      const { settings, problems } = pipelineSettingsOf(await getShopSettings(prisma, shop), await locationsOf(shop, shopify));
      for (const problem of problems) console.warn(`[pipeline] ${shop}: ${problem.message}`);
      return settings;
    },
  };
  return deps;
}
