-- shipping cost months
-- DropIndex
DROP INDEX "Shipment_shop_shippingCostsAt_idx";

-- CreateTable
CREATE TABLE "ShippingCostMonth" (
    "shop" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "costLines" INTEGER NOT NULL,
    "shipments" INTEGER NOT NULL,

    PRIMARY KEY ("shop", "month", "currency")
);

-- Home's monthly totals of the costs reported before this version (decision 0050), as the app reads
-- them (costsPerMonth): the lines of decodeShippingCosts (an array of objects with a number `money`,
-- a text `currency`, `type` and `remark` text or null; anything else reads as no lines), in the
-- month (UTC) of their report (times are ISO 8601 text in UTC: decision 0011), each line's money
-- in cents rounded as Math.round does (half up, written with CAST since this SQLite may lack
-- floor), each shipment counted under the currency of its first line. CASE, not AND, keeps
-- malformed JSON away from the JSON functions.
INSERT INTO "ShippingCostMonth" ("shop", "month", "currency", "amount", "costLines", "shipments")
SELECT "shop", "month", "currency", SUM("floor" + ("x" - "floor" >= 0.5)), COUNT(*), SUM("first")
FROM (
    SELECT "shop", "month", "currency", "x", CAST("x" AS INTEGER) - (CAST("x" AS INTEGER) > "x") AS "floor", "first"
    FROM (
        SELECT
            s."shop",
            substr(s."shippingCostsAt", 1, 7) AS "month",
            json_extract(line.value, '$.currency') AS "currency",
            json_extract(line.value, '$.money') * 100 AS "x",
            line.key = 0 AS "first"
        FROM "Shipment" s
        JOIN json_each(
            CASE
                WHEN NOT json_valid(s."shippingCosts") THEN '[]'
                WHEN json_type(s."shippingCosts") <> 'array' THEN '[]'
                WHEN EXISTS (
                    SELECT 1 FROM json_each(s."shippingCosts") e
                    WHERE CASE
                        WHEN e.type <> 'object' THEN 1
                        WHEN coalesce(json_type(e.value, '$.money'), '') NOT IN ('integer', 'real') THEN 1
                        WHEN coalesce(json_type(e.value, '$.currency'), '') <> 'text' THEN 1
                        WHEN coalesce(json_type(e.value, '$.type'), '') NOT IN ('text', 'null') THEN 1
                        WHEN coalesce(json_type(e.value, '$.remark'), '') NOT IN ('text', 'null') THEN 1
                        ELSE 0
                    END
                ) THEN '[]'
                ELSE s."shippingCosts"
            END
        ) line
        WHERE s."shippingCosts" IS NOT NULL AND s."shippingCostsAt" IS NOT NULL
    )
)
GROUP BY "shop", "month", "currency";
