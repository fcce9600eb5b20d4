-- alert channel language
-- AlterTable
ALTER TABLE "AlertChannel" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';
