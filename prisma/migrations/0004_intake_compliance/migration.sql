-- Intake (app/intake): webhook receipts deduplicated per topic as well as per event, and the record
-- of customer compliance requests. Written by hand (docs/decisions/0005: migrate diff cannot replay
-- the migrations here); test/support/migrations.test.ts checks the result against schema.prisma.

-- One event may trigger several topics: each topic's delivery is its own receipt.
DROP INDEX "WebhookReceipt_shop_eventId_key";
CREATE UNIQUE INDEX "WebhookReceipt_shop_topic_eventId_key" ON "WebhookReceipt"("shop", "topic", "eventId");

-- CreateTable
CREATE TABLE "ComplianceRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "orderIds" TEXT NOT NULL DEFAULT '[]',
    "shopifyRequestId" TEXT,
    "receiptId" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    "completedAt" DATETIME,
    "report" TEXT,
    "redactedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceRequest_receiptId_key" ON "ComplianceRequest"("receiptId");
CREATE INDEX "ComplianceRequest_shop_customerId_idx" ON "ComplianceRequest"("shop", "customerId");
CREATE INDEX "ComplianceRequest_shop_receivedAt_idx" ON "ComplianceRequest"("shop", "receivedAt");
