-- shipping costs
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "shippingCosts" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "shippingCostsAt" DATETIME;
