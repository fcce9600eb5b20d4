-- shipment wait until
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "waitUntil" DATETIME;

-- CreateIndex
CREATE INDEX "Shipment_state_waitUntil_idx" ON "Shipment"("state", "waitUntil");
