-- shipment changed in shopify say
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "changedInShopifySay" TEXT;
