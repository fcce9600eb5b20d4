-- init: every table of prisma/schema.prisma as of migration 0012 on SQLite (PostgreSQL starts here)
-- CreateEnum
CREATE TYPE "WebhookReceiptStatus" AS ENUM ('RECORDED', 'ENQUEUED', 'PROCESSED', 'REJECTED');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('PENDING', 'RUNNING', 'DONE', 'DEAD');

-- CreateEnum
CREATE TYPE "ShipmentKind" AS ENUM ('OUTBOUND', 'DROPSHIP');

-- CreateEnum
CREATE TYPE "ShipmentState" AS ENUM ('HELD', 'READY', 'SUBMITTED', 'CREATED', 'FULFILLED', 'DELIVERED', 'FAILED', 'CANCELLED', 'ENDED');

-- CreateEnum
CREATE TYPE "ComplianceRequestKind" AS ENUM ('CUSTOMER_DATA_REQUEST', 'CUSTOMER_REDACT');

-- CreateEnum
CREATE TYPE "ReturnState" AS ENUM ('SENT', 'FAILED', 'RECEIVED', 'RESTOCKED');

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "providerCredentialsCiphertext" TEXT,
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "shopifyAccess" TEXT,
    "shopifyAccessSince" TIMESTAMP(3),
    "shopifyAccessMessage" TEXT,
    "shopifyAccessCheckAt" TIMESTAMP(3),

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookReceipt" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "apiVersion" TEXT NOT NULL,
    "triggeredAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),
    "status" "WebhookReceiptStatus" NOT NULL DEFAULT 'RECORDED',
    "reason" TEXT,
    "payload" TEXT,
    "redactedAt" TIMESTAMP(3),
    "customerId" TEXT,
    "orderId" TEXT,

    CONSTRAINT "WebhookReceipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "shop" TEXT,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "dedupeKey" TEXT,
    "status" "JobStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL,
    "runAt" TIMESTAMP(3) NOT NULL,
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shipment" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" "ShipmentKind" NOT NULL,
    "state" "ShipmentState" NOT NULL,
    "fulfillmentOrderId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT,
    "packageId" TEXT NOT NULL,
    "warehouseCode" TEXT,
    "serviceCode" TEXT,
    "requestSent" TEXT,
    "svcPackageId" TEXT,
    "trackingNumber" TEXT,
    "trackingCarrier" TEXT,
    "trackingUrl" TEXT,
    "isFinalTracking" BOOLEAN NOT NULL DEFAULT false,
    "lastErrorCode" TEXT,
    "lastErrorText" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "shopifyFulfillmentId" TEXT,
    "redactedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "providerCreatedAt" TIMESTAMP(3),
    "fulfilledAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "lineItems" TEXT,
    "holdReasons" TEXT,
    "resendAsNew" BOOLEAN NOT NULL DEFAULT false,
    "sendingJobId" TEXT,
    "sendingAt" TIMESTAMP(3),
    "fulfilmentIntentAt" TIMESTAMP(3),
    "lastPolledAt" TIMESTAMP(3),
    "waitUntil" TIMESTAMP(3),
    "lastNewsAt" TIMESTAMP(3),
    "extraTrackingNumbers" TEXT,
    "endedReason" TEXT,
    "endedAt" TIMESTAMP(3),
    "changedInShopify" TEXT,
    "changedInShopifyAt" TIMESTAMP(3),
    "attentionHandledAt" TIMESTAMP(3),
    "shippingCosts" TEXT,
    "shippingCostsAt" TIMESTAMP(3),

    CONSTRAINT "Shipment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipmentEvent" (
    "id" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShipmentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipmentCheckpoint" (
    "id" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "happenedAt" TIMESTAMP(3),
    "message" TEXT,
    "sentAt" TIMESTAMP(3),
    "shopifyEventId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShipmentCheckpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplianceRequest" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" "ComplianceRequestKind" NOT NULL,
    "customerId" TEXT NOT NULL,
    "orderIds" TEXT NOT NULL DEFAULT '[]',
    "shopifyRequestId" TEXT,
    "receiptId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "report" TEXT,
    "redactedAt" TIMESTAMP(3),

    CONSTRAINT "ComplianceRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogueVariant" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "sku" TEXT,
    "price" TEXT,
    "unitCost" TEXT,
    "inventoryItemId" TEXT NOT NULL,
    "tracked" BOOLEAN NOT NULL,
    "weightGrams" INTEGER,
    "hsCode" TEXT,
    "countryOfOrigin" TEXT,
    "readId" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogueVariant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProviderSku" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "record" TEXT NOT NULL,
    "approvalStatus" TEXT,
    "readAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProviderSku_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "result" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "SyncRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyncRunItem" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "message" TEXT,

    CONSTRAINT "SyncRunItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WarehouseStock" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "storageNo" TEXT,
    "total" INTEGER NOT NULL,
    "bands" TEXT NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WarehouseStock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerReturn" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "returnName" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "warehouseCode" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "packageId" TEXT NOT NULL,
    "serviceCode" TEXT,
    "svcPackageId" TEXT,
    "trackingNumber" TEXT,
    "trackingCarrier" TEXT,
    "lines" TEXT NOT NULL,
    "units" INTEGER NOT NULL,
    "state" "ReturnState" NOT NULL,
    "lastErrorCode" TEXT,
    "lastErrorText" TEXT,
    "sentAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3),
    "restockedAt" TIMESTAMP(3),
    "lastPolledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerReturn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboundShipment" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "providerId" TEXT,
    "warehouseId" TEXT NOT NULL,
    "shippingType" TEXT NOT NULL,
    "plannedArrival" TIMESTAMP(3),
    "remark" TEXT,
    "boxes" TEXT NOT NULL,
    "boxesVersion" INTEGER NOT NULL DEFAULT 1,
    "state" TEXT NOT NULL DEFAULT 'ON_THE_WAY',
    "problem" TEXT,
    "checkedAt" TIMESTAMP(3),
    "boxesChangedAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InboundShipment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LadingOrder" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,
    "serviceCode" TEXT NOT NULL,
    "reservationDate" TIMESTAMP(3) NOT NULL,
    "shipTo" TEXT NOT NULL,
    "packages" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'ACCEPTED',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LadingOrder_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_domain_key" ON "Shop"("domain");

-- CreateIndex
CREATE INDEX "WebhookReceipt_webhookId_idx" ON "WebhookReceipt"("webhookId");

-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_customerId_idx" ON "WebhookReceipt"("shop", "customerId");

-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_orderId_idx" ON "WebhookReceipt"("shop", "orderId");

-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_topic_status_receivedAt_idx" ON "WebhookReceipt"("shop", "topic", "status", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookReceipt_shop_topic_eventId_key" ON "WebhookReceipt"("shop", "topic", "eventId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_dedupeKey_key" ON "Job"("dedupeKey");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_status_leaseExpiresAt_idx" ON "Job"("status", "leaseExpiresAt");

-- CreateIndex
CREATE INDEX "Job_shop_status_idx" ON "Job"("shop", "status");

-- CreateIndex
CREATE INDEX "Shipment_shop_state_idx" ON "Shipment"("shop", "state");

-- CreateIndex
CREATE INDEX "Shipment_shop_orderId_idx" ON "Shipment"("shop", "orderId");

-- CreateIndex
CREATE INDEX "Shipment_state_waitUntil_idx" ON "Shipment"("state", "waitUntil");

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_shop_packageId_key" ON "Shipment"("shop", "packageId");

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_shop_fulfillmentOrderId_key" ON "Shipment"("shop", "fulfillmentOrderId");

-- CreateIndex
CREATE INDEX "ShipmentEvent_shipmentId_createdAt_idx" ON "ShipmentEvent"("shipmentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentCheckpoint_shipmentId_key_key" ON "ShipmentCheckpoint"("shipmentId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceRequest_receiptId_key" ON "ComplianceRequest"("receiptId");

-- CreateIndex
CREATE INDEX "ComplianceRequest_shop_customerId_idx" ON "ComplianceRequest"("shop", "customerId");

-- CreateIndex
CREATE INDEX "ComplianceRequest_shop_receivedAt_idx" ON "ComplianceRequest"("shop", "receivedAt");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_sku_idx" ON "CatalogueVariant"("shop", "sku");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_displayName_idx" ON "CatalogueVariant"("shop", "displayName");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogueVariant_shop_variantId_key" ON "CatalogueVariant"("shop", "variantId");

-- CreateIndex
CREATE UNIQUE INDEX "ProviderSku_shop_sku_key" ON "ProviderSku"("shop", "sku");

-- CreateIndex
CREATE INDEX "SyncRun_shop_kind_startedAt_idx" ON "SyncRun"("shop", "kind", "startedAt");

-- CreateIndex
CREATE INDEX "SyncRunItem_runId_status_idx" ON "SyncRunItem"("runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "SyncRunItem_runId_key_key" ON "SyncRunItem"("runId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "WarehouseStock_shop_warehouseId_sku_key" ON "WarehouseStock"("shop", "warehouseId", "sku");

-- CreateIndex
CREATE INDEX "CustomerReturn_shop_state_idx" ON "CustomerReturn"("shop", "state");

-- CreateIndex
CREATE INDEX "CustomerReturn_shop_createdAt_idx" ON "CustomerReturn"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerReturn_shop_packageId_key" ON "CustomerReturn"("shop", "packageId");

-- CreateIndex
CREATE INDEX "InboundShipment_shop_state_idx" ON "InboundShipment"("shop", "state");

-- CreateIndex
CREATE INDEX "InboundShipment_shop_createdAt_idx" ON "InboundShipment"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "InboundShipment_shop_reference_key" ON "InboundShipment"("shop", "reference");

-- CreateIndex
CREATE INDEX "LadingOrder_shop_createdAt_idx" ON "LadingOrder"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LadingOrder_shop_reference_key" ON "LadingOrder"("shop", "reference");

-- AddForeignKey
ALTER TABLE "ShipmentEvent" ADD CONSTRAINT "ShipmentEvent_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipmentCheckpoint" ADD CONSTRAINT "ShipmentCheckpoint_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncRunItem" ADD CONSTRAINT "SyncRunItem_runId_fkey" FOREIGN KEY ("runId") REFERENCES "SyncRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

