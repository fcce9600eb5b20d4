-- admin at size
-- DropIndex
DROP INDEX "Shipment_shop_state_idx";

-- CreateIndex
CREATE INDEX "Shipment_shop_state_deliveredAt_idx" ON "Shipment"("shop", "state", "deliveredAt");

-- CreateIndex
CREATE INDEX "Shipment_shop_createdAt_id_idx" ON "Shipment"("shop", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Shipment_shop_shippingCostsAt_idx" ON "Shipment"("shop", "shippingCostsAt");

-- CreateIndex
CREATE INDEX "Shipment_shop_changedInShopifyAt_idx" ON "Shipment"("shop", "changedInShopifyAt");
