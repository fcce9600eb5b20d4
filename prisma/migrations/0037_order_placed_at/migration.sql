-- When the customer placed the order: a partial batch waits for company only until pushGatherMs after it (decision 0051). Null for the shipments planned before, which count from when they became READY.
-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "orderPlacedAt" DATETIME;
