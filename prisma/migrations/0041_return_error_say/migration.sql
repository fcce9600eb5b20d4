-- return error say
-- AlterTable
ALTER TABLE "CustomerReturn" ADD COLUMN "lastErrorSay" TEXT;
