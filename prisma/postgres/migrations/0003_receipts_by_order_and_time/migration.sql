-- receipts by order and time
-- DropIndex
DROP INDEX "WebhookReceipt_shop_orderId_idx";

-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_orderId_receivedAt_idx" ON "WebhookReceipt"("shop", "orderId", "receivedAt");
