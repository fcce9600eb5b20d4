/**
 * What every pipeline use case is given: the provider and Shopify for a shop, the shop's settings,
 * the policy and the clock. The worker's handlers get the app's wiring (wiring.server.ts); tests
 * build their own around the sandbox and the emulator.
 */
import type { PipelinePolicy } from "./policy";
import type { PipelineSettings, ProviderPort, ShopifyPort } from "./ports";

export interface PipelineDeps {
  provider(shop: string): Promise<ProviderPort>;
  /**
   * The shop's Shopify. `forWaitingOrders`: calls made to answer orders waiting for the app (the
   * planning jobs), admitted before the shop's other calls when its API budget is short.
   */
  shopify(shop: string, options?: { forWaitingOrders?: boolean }): Promise<ShopifyPort>;
  settings(shop: string, shopify: ShopifyPort): Promise<PipelineSettings>;
  policy: PipelinePolicy;
  now(): Date;
}
