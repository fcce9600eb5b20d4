-- shop time zone
-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "timeZone" TEXT;
ALTER TABLE "Shop" ADD COLUMN "timeZoneReadAt" DATETIME;
