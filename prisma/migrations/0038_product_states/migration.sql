-- product states
-- The Products page's states stored with the variants (decision 0053). The columns are added empty:
-- a state is the app's field rules over the provider's JSON records and the shop's settings, which
-- SQL cannot repeat; the shop's first read of its products works out every row left null, once
-- (restateVariantsNotWorkedOut), and every write keeps them since.
-- AlterTable
ALTER TABLE "CatalogueVariant" ADD COLUMN "state" TEXT;
ALTER TABLE "CatalogueVariant" ADD COLUMN "providerSku" TEXT;
ALTER TABLE "CatalogueVariant" ADD COLUMN "searchText" TEXT;

-- AlterTable
ALTER TABLE "ProviderSku" ADD COLUMN "searchText" TEXT;

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_state_displayName_variantId_idx" ON "CatalogueVariant"("shop", "state", "displayName", "variantId");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_providerSku_idx" ON "CatalogueVariant"("shop", "providerSku");
