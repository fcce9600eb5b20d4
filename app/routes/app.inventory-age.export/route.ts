/**
 * GET /app/inventory-age/export?warehouse=US01&q=&olderThan=&sort=: the Inventory age page's CSV,
 * as an attachment. The page fetches it (App Bridge adds the session token to fetches, not to
 * links) and saves the answer under the name Content-Disposition gives.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { inventoryAgeQueryOf } from "~/connector/inventory-age";
import { getShopSettings } from "~/stores/shops/shop.server";
import { authenticate } from "~/shopify.server";
import { inventoryAgeCsv, inventoryAgeFileName } from "../app.inventory-age/export.server";
import { readAllStockByAge } from "../app.inventory-age/inventory-age.server";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const warehouseId = params.get("warehouse") ?? "";
  // Only the shop's own warehouses: another shop's id reads nothing.
  if (!(await getShopSettings(prisma, session.shop)).warehouses.some((warehouse) => warehouse.warehouseId === warehouseId)) {
    return plain(404, wordsFor(localeOf(request)).inventoryAge.noSuchWarehouse(warehouseId));
  }
  const query = inventoryAgeQueryOf(params);
  if (query.olderThanError !== null) return plain(400, `Older than (days) ${query.olderThanError}.`);
  // The page shows a failed read to the admin ("Could not export: …"): said in the admin's language.
  const reading = await readAllStockByAge(session.shop, warehouseId, query, wordsFor(localeOf(request)));
  if (reading.kind === "unreachable") return plain(502, reading.message);
  const csv = inventoryAgeCsv(reading.rows, query.olderThanDays);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inventoryAgeFileName(warehouseId, reading.readAt)}"`,
      "Cache-Control": "no-store",
    },
  });
}
