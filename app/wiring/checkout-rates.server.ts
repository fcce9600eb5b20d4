/**
 * The checkout-rates callback's collaborators in the app: settings and catalogue from the database,
 * the shop's provider client (app/wiring/pipeline-deps.server.ts). One answerer per process, so its
 * quote cache is shared by every rate request this process serves.
 */
import prisma from "~/db.server";
import { log } from "~/lib/log.server";
import { checkoutRatesAnswerer, type AnswerRates } from "~/flows/checkout-rates/answer-rates";
import { variantsWithSkus } from "~/stores/catalogue/variants.server";
import type { ShopSettings } from "~/stores/shops/shop-settings";
import { installedShopSettings, parseShopSettings } from "~/stores/shops/shop.server";
import { appPipelineDeps } from "./pipeline-deps.server";

let answerer: AnswerRates | undefined;

/**
 * Every rate request reads the shop's settings (a change in Settings counts at once), but parses
 * them again only when their stored text changed: zod over every setting is work an answer from the
 * quote cache need not repeat. One entry per shop.
 */
const parsed = new Map<string, { json: string; settings: ShopSettings }>();
function parseOnce(shop: string, json: string): ShopSettings {
  const known = parsed.get(shop);
  if (known?.json === json) return known.settings;
  const settings = parseShopSettings(shop, json);
  if (parsed.size >= 10_000) parsed.clear();
  parsed.set(shop, { json, settings });
  return settings;
}

export function appCheckoutRates(): AnswerRates {
  answerer ??= checkoutRatesAnswerer({
    settings: (shop) => installedShopSettings(prisma, shop, parseOnce),
    catalogueSkus: async (shop, skus) =>
      new Set((await variantsWithSkus(prisma, shop, skus)).flatMap((variant) => (variant.sku === null ? [] : [variant.sku]))),
    provider: (shop) => appPipelineDeps().provider(shop),
    now: () => Date.now(),
    warn: (message) => log.warn(message),
  });
  return answerer;
}
