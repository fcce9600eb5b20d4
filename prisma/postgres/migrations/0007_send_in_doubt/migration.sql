-- send in doubt
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "sendInDoubtAt" TIMESTAMP(3),
ADD COLUMN     "sendWithdrawnAt" TIMESTAMP(3);
