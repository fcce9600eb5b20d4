-- shop time zone
-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "timeZone" TEXT,
ADD COLUMN     "timeZoneReadAt" TIMESTAMP(3);
