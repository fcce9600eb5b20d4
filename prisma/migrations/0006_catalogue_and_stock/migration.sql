-- catalogue and stock
-- CreateTable
CREATE TABLE "CatalogueVariant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "sku" TEXT,
    "price" TEXT,
    "unitCost" TEXT,
    "inventoryItemId" TEXT NOT NULL,
    "tracked" BOOLEAN NOT NULL,
    "weightGrams" INTEGER,
    "hsCode" TEXT,
    "countryOfOrigin" TEXT,
    "readId" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ProviderSku" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "record" TEXT NOT NULL,
    "approvalStatus" TEXT,
    "readAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "result" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "SyncRunItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "message" TEXT,
    CONSTRAINT "SyncRunItem_runId_fkey" FOREIGN KEY ("runId") REFERENCES "SyncRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WarehouseStock" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "storageNo" TEXT,
    "total" INTEGER NOT NULL,
    "bands" TEXT NOT NULL,
    "readAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_sku_idx" ON "CatalogueVariant"("shop", "sku");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_displayName_idx" ON "CatalogueVariant"("shop", "displayName");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogueVariant_shop_variantId_key" ON "CatalogueVariant"("shop", "variantId");

-- CreateIndex
CREATE UNIQUE INDEX "ProviderSku_shop_sku_key" ON "ProviderSku"("shop", "sku");

-- CreateIndex
CREATE INDEX "SyncRun_shop_kind_startedAt_idx" ON "SyncRun"("shop", "kind", "startedAt");

-- CreateIndex
CREATE INDEX "SyncRunItem_runId_status_idx" ON "SyncRunItem"("runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "SyncRunItem_runId_key_key" ON "SyncRunItem"("runId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "WarehouseStock_shop_warehouseId_sku_key" ON "WarehouseStock"("shop", "warehouseId", "sku");
