-- job later: work no one waits for runs after every due job that is not later (decision 0058).
-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "later" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Job_status_later_runAt_idx" ON "Job"("status", "later", "runAt");
