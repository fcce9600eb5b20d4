-- job tier: a ready package's send runs before every other due job, and work no one waits for
-- after them (decisions 0058, 0059). `later` becomes tier 2, everything else tier 1; tier 0 is
-- written as the kinds that have it are queued.
-- AlterTable
ALTER TABLE "Job" ADD COLUMN "tier" INTEGER NOT NULL DEFAULT 1;
UPDATE "Job" SET "tier" = 2 WHERE "later";

-- DropIndex
DROP INDEX "Job_status_later_runAt_idx";

-- AlterTable
ALTER TABLE "Job" DROP COLUMN "later";

-- CreateIndex
CREATE INDEX "Job_status_tier_runAt_idx" ON "Job"("status", "tier", "runAt");
