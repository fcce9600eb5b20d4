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

    CONSTRAINT "ShippingCostMonth_pkey" PRIMARY KEY ("shop","month","currency")
);

-- Home's monthly totals of the costs reported before this version (decision 0050), as the app reads
-- them (costsPerMonth): the lines of decodeShippingCosts (an array of objects with a number `money`,
-- a text `currency`, `type` and `remark` text or null; anything else, malformed JSON included,
-- reads as no lines), in the month (UTC) of their report, each line's money as the app's double in
-- cents rounded as Math.round does (half up; round() on a double rounds half to even), each
-- shipment counted under the currency of its first line.
CREATE FUNCTION pg_temp.shipping_cost_lines(costs TEXT) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
    lines JSONB;
BEGIN
    lines := costs::JSONB;
    IF jsonb_typeof(lines) <> 'array' OR EXISTS (
        SELECT 1 FROM jsonb_array_elements(lines) e
        WHERE jsonb_typeof(e) <> 'object'
            OR coalesce(jsonb_typeof(e -> 'money'), '') <> 'number'
            OR coalesce(jsonb_typeof(e -> 'currency'), '') <> 'string'
            OR coalesce(jsonb_typeof(e -> 'type'), '') NOT IN ('string', 'null')
            OR coalesce(jsonb_typeof(e -> 'remark'), '') NOT IN ('string', 'null')
    ) THEN
        RETURN '[]'::JSONB;
    END IF;
    RETURN lines;
EXCEPTION WHEN OTHERS THEN
    RETURN '[]'::JSONB;
END
$$;

INSERT INTO "ShippingCostMonth" ("shop", "month", "currency", "amount", "costLines", "shipments")
SELECT "shop", "month", "currency", SUM(floor("x") + CASE WHEN "x" - floor("x") >= 0.5 THEN 1 ELSE 0 END)::BIGINT, COUNT(*), COUNT(*) FILTER (WHERE "first")
FROM (
    SELECT
        s."shop",
        to_char(s."shippingCostsAt", 'YYYY-MM') AS "month",
        line.value ->> 'currency' AS "currency",
        (line.value ->> 'money')::DOUBLE PRECISION * 100 AS "x",
        line.position = 1 AS "first"
    FROM "Shipment" s
    CROSS JOIN LATERAL jsonb_array_elements(pg_temp.shipping_cost_lines(s."shippingCosts")) WITH ORDINALITY AS line(value, position)
    WHERE s."shippingCosts" IS NOT NULL AND s."shippingCostsAt" IS NOT NULL
) lines
GROUP BY "shop", "month", "currency";

DROP FUNCTION pg_temp.shipping_cost_lines(TEXT);
