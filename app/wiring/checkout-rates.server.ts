/**
 * The checkout-rates callback's collaborators in the app: settings and catalogue from the database,
 * the shop's provider client (app/wiring/pipeline-deps.server.ts). One answerer per process, so its
 * quote cache is shared by every rate request this process serves.
 */
import prisma from "~/db.server";
import { checkoutRatesAnswerer, type AnswerRates } from "~/flows/checkout-rates/answer-rates";
import { variantsWithSkus } from "~/stores/catalogue/variants.server";
import { installedShopSettings } from "~/stores/shops/shop.server";
import { appPipelineDeps } from "./pipeline-deps.server";

let answerer: AnswerRates | undefined;

export function appCheckoutRates(): AnswerRates {
  answerer ??= checkoutRatesAnswerer({
    settings: (shop) => installedShopSettings(prisma, shop),
    catalogueSkus: async (shop, skus) => new Set((await variantsWithSkus(prisma, shop, skus)).flatMap((variant) => (variant.sku === null ? [] : [variant.sku]))),
    provider: (shop) => appPipelineDeps().provider(shop),
    now: () => Date.now(),
    warn: (message) => console.warn(message),
  });
  return answerer;
}
