-- sync run item message say
-- AlterTable
ALTER TABLE "SyncRunItem" ADD COLUMN     "messageSay" TEXT;
