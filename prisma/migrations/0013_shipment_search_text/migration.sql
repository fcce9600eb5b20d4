-- shipment search text
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "searchText" TEXT;
