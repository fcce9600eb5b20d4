-- returns
-- CreateTable
CREATE TABLE "CustomerReturn" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "returnName" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "warehouseCode" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "packageId" TEXT NOT NULL,
    "serviceCode" TEXT,
    "svcPackageId" TEXT,
    "trackingNumber" TEXT,
    "trackingCarrier" TEXT,
    "lines" TEXT NOT NULL,
    "units" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "lastErrorCode" TEXT,
    "lastErrorText" TEXT,
    "sentAt" DATETIME,
    "receivedAt" DATETIME,
    "restockedAt" DATETIME,
    "lastPolledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "CustomerReturn_shop_state_idx" ON "CustomerReturn"("shop", "state");

-- CreateIndex
CREATE INDEX "CustomerReturn_shop_createdAt_idx" ON "CustomerReturn"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerReturn_shop_packageId_key" ON "CustomerReturn"("shop", "packageId");
