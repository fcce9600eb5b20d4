-- after sending (columns in schema.prisma's order)
-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "shopifyAccess" TEXT;
ALTER TABLE "Shop" ADD COLUMN "shopifyAccessSince" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "shopifyAccessMessage" TEXT;
ALTER TABLE "Shop" ADD COLUMN "shopifyAccessCheckAt" DATETIME;

-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "lastNewsAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "extraTrackingNumbers" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "endedReason" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "endedAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "changedInShopify" TEXT;
ALTER TABLE "Shipment" ADD COLUMN "changedInShopifyAt" DATETIME;
ALTER TABLE "Shipment" ADD COLUMN "attentionHandledAt" DATETIME;
