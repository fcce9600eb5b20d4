-- job tier: a ready package's send runs before every other due job, and work no one waits for
-- after them (decisions 0058, 0059). `later` becomes tier 2, everything else tier 1; tier 0 is
-- written as the kinds that have it are queued. In place rather than by redefining the table: the
-- queue's rows stay where they are.
ALTER TABLE "Job" ADD COLUMN "tier" INTEGER NOT NULL DEFAULT 1;
UPDATE "Job" SET "tier" = 2 WHERE "later";

DROP INDEX "Job_status_later_runAt_idx";
ALTER TABLE "Job" DROP COLUMN "later";
CREATE INDEX "Job_status_tier_runAt_idx" ON "Job"("status", "tier", "runAt");
