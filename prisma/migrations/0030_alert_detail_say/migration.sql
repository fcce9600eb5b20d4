-- alert detail say
-- AlterTable
ALTER TABLE "Alert" ADD COLUMN "detailSay" TEXT;
