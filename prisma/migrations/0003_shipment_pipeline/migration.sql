-- The pipeline's bookkeeping on shipments (app/pipeline): planned line items, hold reasons, resend
-- flag, the push job's claim, the fulfilment intent, and tracking checkpoints sent to Shopify.
-- Written by hand as plain ADD COLUMNs (docs/decisions/0005: migrate diff cannot replay here);
-- test/support/migrations.test.ts checks the result against schema.prisma.

-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "lineItems" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "holdReasons" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "resendAsNew" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Shipment" ADD COLUMN "sendingJobId" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "sendingAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "fulfilmentIntentAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "lastPolledAt" DATETIME;

-- CreateTable
CREATE TABLE "ShipmentCheckpoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shipmentId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "happenedAt" DATETIME,
    "message" TEXT,
    "sentAt" DATETIME,
    "shopifyEventId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShipmentCheckpoint_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentCheckpoint_shipmentId_key_key" ON "ShipmentCheckpoint"("shipmentId", "key");
