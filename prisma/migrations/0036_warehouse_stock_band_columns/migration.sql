-- warehouse stock band columns
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WarehouseStock" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "storageNo" TEXT,
    "total" INTEGER NOT NULL,
    "to30Days" INTEGER NOT NULL DEFAULT 0,
    "to60Days" INTEGER NOT NULL DEFAULT 0,
    "to90Days" INTEGER NOT NULL DEFAULT 0,
    "to120Days" INTEGER NOT NULL DEFAULT 0,
    "to150Days" INTEGER NOT NULL DEFAULT 0,
    "to180Days" INTEGER NOT NULL DEFAULT 0,
    "to210Days" INTEGER NOT NULL DEFAULT 0,
    "to240Days" INTEGER NOT NULL DEFAULT 0,
    "to270Days" INTEGER NOT NULL DEFAULT 0,
    "to300Days" INTEGER NOT NULL DEFAULT 0,
    "to330Days" INTEGER NOT NULL DEFAULT 0,
    "moreThan330Days" INTEGER NOT NULL DEFAULT 0,
    "readAt" DATETIME NOT NULL
);
-- Each band's units from the JSON the stock sync wrote (a band it left out, or unreadable JSON, holds none).
INSERT INTO "new_WarehouseStock" ("id", "readAt", "shop", "sku", "storageNo", "total", "warehouseId", "to30Days", "to60Days", "to90Days", "to120Days", "to150Days", "to180Days", "to210Days", "to240Days", "to270Days", "to300Days", "to330Days", "moreThan330Days")
SELECT "id", "readAt", "shop", "sku", "storageNo", "total", "warehouseId",
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To30Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To60Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To90Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To120Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To150Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To180Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To210Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To240Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To270Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To300Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.To330Days'), 0) AS INTEGER) ELSE 0 END,
    CASE WHEN json_valid("bands") THEN CAST(COALESCE(json_extract("bands", '$.MoreThan330Days'), 0) AS INTEGER) ELSE 0 END
FROM "WarehouseStock";
DROP TABLE "WarehouseStock";
ALTER TABLE "new_WarehouseStock" RENAME TO "WarehouseStock";
CREATE UNIQUE INDEX "WarehouseStock_shop_warehouseId_sku_key" ON "WarehouseStock"("shop", "warehouseId", "sku");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
