-- Routing events and order updates are done in batches per shop: their ENQUEUED receipts are the queue.
-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_topic_status_receivedAt_idx" ON "WebhookReceipt"("shop", "topic", "status", "receivedAt");
