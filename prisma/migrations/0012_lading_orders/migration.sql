-- lading orders
-- CreateTable
CREATE TABLE "LadingOrder" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,
    "serviceCode" TEXT NOT NULL,
    "reservationDate" DATETIME NOT NULL,
    "shipTo" TEXT NOT NULL,
    "packages" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'ACCEPTED',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "LadingOrder_shop_createdAt_idx" ON "LadingOrder"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LadingOrder_shop_reference_key" ON "LadingOrder"("shop", "reference");
