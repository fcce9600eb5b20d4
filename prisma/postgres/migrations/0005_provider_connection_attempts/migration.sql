-- provider connection attempts
-- CreateTable
CREATE TABLE "ProviderConnectionAttempt" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "staffMember" TEXT NOT NULL,
    "verifierCiphertext" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "browserCookieHash" TEXT,
    "answeredAt" TIMESTAMP(3),
    "providerAccount" TEXT,
    "tokensCiphertext" TEXT,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ProviderConnectionAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProviderConnectionAttempt_shop_staffMember_idx" ON "ProviderConnectionAttempt"("shop", "staffMember");

-- CreateIndex
CREATE INDEX "ProviderConnectionAttempt_expiresAt_idx" ON "ProviderConnectionAttempt"("expiresAt");
