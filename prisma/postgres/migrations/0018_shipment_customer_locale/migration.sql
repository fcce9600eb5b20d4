-- shipment customer locale
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "customerLocale" TEXT;
