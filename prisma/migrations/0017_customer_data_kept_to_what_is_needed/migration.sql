-- customer data kept to what is needed (decision 0038)
-- AlterTable
ALTER TABLE "WebhookReceipt" ADD COLUMN "shippingAddressDigest" TEXT;

-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "recipientSearchText" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "recipientRemovedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Shipment_state_recipientRemovedAt_idx" ON "Shipment"("state", "recipientRemovedAt");

-- The search words of shipments recorded before now mix SKUs with the recipient's name: all are kept
-- as words that may name the recipient, so housekeeping removes them once the shipment is final.
UPDATE "Shipment" SET "recipientSearchText" = "searchText", "searchText" = NULL WHERE "searchText" IS NOT NULL;

-- A change of address after sending was noted with the address itself as its key: the key's kind alone stays.
UPDATE "ShipmentEvent" SET "data" = '{"key":"address"}' WHERE "type" = 'changed_in_shopify' AND "data" LIKE '{"key":"address:%';
