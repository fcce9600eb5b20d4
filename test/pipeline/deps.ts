/**
 * The pipeline's dependencies for tests: the provider client on the sandbox, the app's Shopify port
 * on a fetch Admin client for the emulator, settings from the database and the shop's locations.
 * Free of vitest, so a worker in a child process (worker-child.ts) builds the very same.
 */
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import type { Database } from "~/stores/database/database.server";
import { kitsOf } from "~/stores/catalogue/kits.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import type { PipelineDeps } from "~/flows/ports/deps";
import { FAST_PIPELINE_POLICY, type PipelinePolicy } from "~/flows/ports/policy";
import type { ProviderPort, ShopifyPort } from "~/flows/ports/ports";
import { cachedLocations } from "~/flows/ports/locations-cache";
import { locationsNamedBy, pipelineSettingsOf } from "~/flows/ports/settings";
import { shopifyPortFor } from "~/flows/ports/shopify-port.server";
import { pacedAdminGraphql } from "~/shopify/paced-admin.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP } from "../emulator/seed";

/**
 * The fast policy (every wait short enough for a test, batch sizes as in production), with no
 * gathering of partial batches: a test of one order should not wait for 19 more.
 */
export const FAST_POLICY: PipelinePolicy = {
  ...FAST_PIPELINE_POLICY,
  pushGatherMs: 0,
  // The periodic look for open orders only where a test asks for it (open-orders-sweep.test.ts):
  // elsewhere it would add Shopify calls that the tests count.
  openOrdersSweepMs: 60 * 60_000,
};

/** Calls made to the provider, per operation, counted at the port (what the pipeline asked for). */
export type ProviderCalls = Record<string, number>;

export function countingProvider(provider: ProviderPort, calls: ProviderCalls): ProviderPort {
  const count = <T>(name: string, call: () => Promise<T>) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return call();
  };
  return {
    createOutboundBatch: (input) => count("createOutboundBatch", () => provider.createOutboundBatch(input)),
    createDropshipBatch: (input) => count("createDropshipBatch", () => provider.createDropshipBatch(input)),
    createDropshipWithBoxes: (input) => count("createDropshipWithBoxes", () => provider.createDropshipWithBoxes(input)),
    declarePackage: (input) => count("declarePackage", () => provider.declarePackage(input)),
    createOutbound: (input) => count("createOutbound", () => provider.createOutbound(input)),
    createDropship: (input) => count("createDropship", () => provider.createDropship(input)),
    outboundStatuses: (input) => count("outboundStatuses", () => provider.outboundStatuses(input)),
    dropshipStatuses: (input) => count("dropshipStatuses", () => provider.dropshipStatuses(input)),
    dropshipStatus: (input) => count("dropshipStatus", () => provider.dropshipStatus(input)),
    trackBatch: (input) => count("trackBatch", () => provider.trackBatch(input)),
    trackOne: (input) => count("trackOne", () => provider.trackOne(input)),
    createMerchantSku: (input) => count("createMerchantSku", () => provider.createMerchantSku(input)),
    searchSkus: (input) => count("searchSkus", () => provider.searchSkus(input)),
    inventoryAge: (input) => count("inventoryAge", () => provider.inventoryAge(input)),
    priceAllServices: (input) => count("priceAllServices", () => provider.priceAllServices(input)),
    priceOneService: (input) => count("priceOneService", () => provider.priceOneService(input)),
    createReturn: (input) => count("createReturn", () => provider.createReturn(input)),
    createInbound: (input) => count("createInbound", () => provider.createInbound(input)),
    modifyInboundBoxes: (input) => count("modifyInboundBoxes", () => provider.modifyInboundBoxes(input)),
    createLading: (input) => count("createLading", () => provider.createLading(input)),
  };
}

/** A fetch Admin client on the emulator's path-addressed endpoint, as the app's transport rewrite ends up. */
export function emulatorAdmin(graphqlUrl: string, accessToken: string = DEMO_ACCESS_TOKEN): AdminGraphql {
  return {
    graphql: (query, options) =>
      fetch(graphqlUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query, variables: options?.variables ?? {} }),
      }),
  };
}

/** How the app reaches one shop's Admin API: its endpoint at the emulator and its offline token. */
export interface ShopAccess {
  shop: string;
  graphqlUrl: string;
  accessToken: string;
}

/**
 * The shop's Shopify ports, each call paced to the shop's own bucket: the planning jobs' calls go
 * first when the budget is short, as in the app's wiring.
 */
function shopPorts(access: ShopAccess): { port: ShopifyPort; first: ShopifyPort } {
  const admin = emulatorAdmin(access.graphqlUrl, access.accessToken);
  return {
    port: shopifyPortFor(pacedAdminGraphql(access.shop, admin)),
    first: shopifyPortFor(pacedAdminGraphql(access.shop, admin, { first: true })),
  };
}

export interface TestDeps {
  deps: PipelineDeps;
  port: ShopifyPort;
  providerCalls: ProviderCalls;
}

export function testPipelineDeps(
  db: Database,
  options: {
    sandboxUrl: string;
    /** The demo shop's endpoint; a shop not in `moreShops` is reached there too. */
    graphqlUrl: string;
    policy?: Partial<PipelinePolicy>;
    /** Other installed shops, each on its own endpoint and token (a benchmark's many merchants). */
    moreShops?: readonly ShopAccess[];
  },
): TestDeps {
  const providerCalls: ProviderCalls = {};
  const provider = countingProvider(
    createFulfilmentClient({
      baseUrl: options.sandboxUrl,
      auth: staticToken("pipeline-test"),
      timeoutMs: 2_000,
      // A Retry-After of a second or more goes back to the queue (RetryLater) instead of being waited out in the call.
      retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 2, maxRetryAfterMs: 500 },
    }),
    providerCalls,
  );
  const demo = shopPorts({ shop: DEMO_SHOP, graphqlUrl: options.graphqlUrl, accessToken: DEMO_ACCESS_TOKEN });
  const others = new Map((options.moreShops ?? []).map((access) => [access.shop, shopPorts(access)]));
  const locationsOf = cachedLocations(5_000);
  const deps: PipelineDeps = {
    policy: { ...FAST_POLICY, ...options.policy },
    now: () => new Date(),
    provider: async () => provider,
    shopify: async (shop, use) => {
      const ports = others.get(shop) ?? demo;
      return use?.forWaitingOrders ? ports.first : ports.port;
    },
    settings: async (shop, shopify) => {
      const stored = await getShopSettings(db, shop);
      return pipelineSettingsOf(stored, await locationsOf(shop, shopify, locationsNamedBy(stored)), await kitsOf(db, shop)).settings;
    },
  };
  return { deps, port: demo.port, providerCalls };
}

export { DEMO_SHOP };
