-- kits
-- CreateTable
CREATE TABLE "KitComponent" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "kitSku" TEXT NOT NULL,
    "componentSku" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "KitComponent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "KitComponent_shop_componentSku_idx" ON "KitComponent"("shop", "componentSku");

-- CreateIndex
CREATE UNIQUE INDEX "KitComponent_shop_kitSku_componentSku_key" ON "KitComponent"("shop", "kitSku", "componentSku");
