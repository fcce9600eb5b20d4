-- provider connection attempts
-- CreateTable
CREATE TABLE "ProviderConnectionAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "staffMember" TEXT NOT NULL,
    "verifierCiphertext" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "browserCookieHash" TEXT,
    "answeredAt" DATETIME,
    "providerAccount" TEXT,
    "tokensCiphertext" TEXT,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "ProviderConnectionAttempt_shop_staffMember_idx" ON "ProviderConnectionAttempt"("shop", "staffMember");

-- CreateIndex
CREATE INDEX "ProviderConnectionAttempt_expiresAt_idx" ON "ProviderConnectionAttempt"("expiresAt");
