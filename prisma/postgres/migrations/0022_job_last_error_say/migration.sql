-- job last error say
-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "lastErrorSay" TEXT;
