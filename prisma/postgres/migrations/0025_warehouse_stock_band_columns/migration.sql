-- warehouse stock band columns
-- AlterTable
ALTER TABLE "WarehouseStock" ADD COLUMN     "to30Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to60Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to90Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to120Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to150Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to180Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to210Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to240Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to270Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to300Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "to330Days" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "moreThan330Days" INTEGER NOT NULL DEFAULT 0;

-- Each band's units from the JSON the stock sync wrote (JSON.stringify's; a band it left out holds none).
UPDATE "WarehouseStock" SET
    "to30Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To30Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To30Days')::numeric)::INTEGER ELSE 0 END,
    "to60Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To60Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To60Days')::numeric)::INTEGER ELSE 0 END,
    "to90Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To90Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To90Days')::numeric)::INTEGER ELSE 0 END,
    "to120Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To120Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To120Days')::numeric)::INTEGER ELSE 0 END,
    "to150Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To150Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To150Days')::numeric)::INTEGER ELSE 0 END,
    "to180Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To180Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To180Days')::numeric)::INTEGER ELSE 0 END,
    "to210Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To210Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To210Days')::numeric)::INTEGER ELSE 0 END,
    "to240Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To240Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To240Days')::numeric)::INTEGER ELSE 0 END,
    "to270Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To270Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To270Days')::numeric)::INTEGER ELSE 0 END,
    "to300Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To300Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To300Days')::numeric)::INTEGER ELSE 0 END,
    "to330Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'To330Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'To330Days')::numeric)::INTEGER ELSE 0 END,
    "moreThan330Days" = CASE WHEN jsonb_typeof("bands"::jsonb -> 'MoreThan330Days') = 'number' THEN TRUNC(("bands"::jsonb ->> 'MoreThan330Days')::numeric)::INTEGER ELSE 0 END;

ALTER TABLE "WarehouseStock" DROP COLUMN "bands";
