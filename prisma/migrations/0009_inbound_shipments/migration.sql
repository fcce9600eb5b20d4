-- inbound shipments
-- CreateTable
CREATE TABLE "InboundShipment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "providerId" TEXT,
    "warehouseId" TEXT NOT NULL,
    "shippingType" TEXT NOT NULL,
    "plannedArrival" DATETIME,
    "remark" TEXT,
    "boxes" TEXT NOT NULL,
    "boxesVersion" INTEGER NOT NULL DEFAULT 1,
    "state" TEXT NOT NULL DEFAULT 'ON_THE_WAY',
    "problem" TEXT,
    "checkedAt" DATETIME,
    "boxesChangedAt" DATETIME,
    "receivedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "InboundShipment_shop_state_idx" ON "InboundShipment"("shop", "state");

-- CreateIndex
CREATE INDEX "InboundShipment_shop_createdAt_idx" ON "InboundShipment"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "InboundShipment_shop_reference_key" ON "InboundShipment"("shop", "reference");
