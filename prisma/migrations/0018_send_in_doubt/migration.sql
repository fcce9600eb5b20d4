-- send in doubt
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "sendInDoubtAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "sendWithdrawnAt" DATETIME;
