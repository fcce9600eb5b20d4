-- alerts
-- CreateTable
CREATE TABLE "Alert" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "detail" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Alert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertDelivery" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "alertId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "messageId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertMessage" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "alertCount" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "AlertMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertChannel" (
    "shop" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "schedule" TEXT NOT NULL DEFAULT 'AT_ONCE',
    "settings" TEXT NOT NULL DEFAULT '{}',
    "secretCiphertext" TEXT,
    "failingSince" TIMESTAMP(3),
    "lastError" TEXT,
    "lastSentAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertChannel_pkey" PRIMARY KEY ("shop","channel")
);

-- CreateTable
CREATE TABLE "ProviderOutage" (
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "lastFailureAt" TIMESTAMP(3) NOT NULL,
    "message" TEXT,

    CONSTRAINT "ProviderOutage_pkey" PRIMARY KEY ("shop")
);

-- CreateIndex
CREATE INDEX "Alert_shop_orderId_idx" ON "Alert"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Alert_shop_key_key" ON "Alert"("shop", "key");

-- CreateIndex
CREATE INDEX "AlertDelivery_channel_messageId_createdAt_idx" ON "AlertDelivery"("channel", "messageId", "createdAt");

-- CreateIndex
CREATE INDEX "AlertDelivery_messageId_idx" ON "AlertDelivery"("messageId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertDelivery_alertId_channel_key" ON "AlertDelivery"("alertId", "channel");

-- CreateIndex
CREATE INDEX "AlertMessage_shop_channel_status_idx" ON "AlertMessage"("shop", "channel", "status");

-- AddForeignKey
ALTER TABLE "AlertDelivery" ADD CONSTRAINT "AlertDelivery_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "Alert"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertDelivery" ADD CONSTRAINT "AlertDelivery_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "AlertMessage"("id") ON DELETE SET NULL ON UPDATE CASCADE;
