-- alert channel language
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AlertChannel" (
    "shop" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "schedule" TEXT NOT NULL DEFAULT 'AT_ONCE',
    "language" TEXT NOT NULL DEFAULT 'en',
    "settings" TEXT NOT NULL DEFAULT '{}',
    "secretCiphertext" TEXT,
    "failingSince" DATETIME,
    "lastError" TEXT,
    "lastSentAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "channel")
);
INSERT INTO "new_AlertChannel" ("channel", "enabled", "failingSince", "lastError", "lastSentAt", "schedule", "secretCiphertext", "settings", "shop", "updatedAt") SELECT "channel", "enabled", "failingSince", "lastError", "lastSentAt", "schedule", "secretCiphertext", "settings", "shop", "updatedAt" FROM "AlertChannel";
DROP TABLE "AlertChannel";
ALTER TABLE "new_AlertChannel" RENAME TO "AlertChannel";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
