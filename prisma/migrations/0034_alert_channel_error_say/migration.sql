-- alert channel error say
-- AlterTable
ALTER TABLE "AlertChannel" ADD COLUMN "lastErrorSay" TEXT;
