-- shipment last error say
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "lastErrorSay" TEXT;
