/**
 * "Suggest services": for each country the shop shipped to in the last 90 days, the cheapest
 * service of each enabled warehouse that delivers there, as the provider prices it (operation 14,
 * per warehouse and country). Prices depend on the parcel, so each warehouse is priced for one unit
 * of one SKU (planServiceSuggestions); the page names the SKU used. What it writes (why that SKU,
 * a country's name, a cell's note, a delivery time) is in the admin's language, the formatter's
 * locale choosing the words; the provider's own text stays as the provider said it.
 */
import type { Database } from "~/stores/database/database.server";
import { decodePackageRequest } from "~/connector";
import { rankServicePrices } from "~/connector/pricing";
import { formatterFor, type Formatter } from "~/lib/format";
import { wordsFor, type Words } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";
import { providerProblem } from "~/connector/provider-problem";
import type { ProviderPort } from "~/flows/ports/ports";
import { ProviderError } from "~/fulfilment/errors";
import { PermanentFailure } from "~/jobs/handler";
import { forEachConcurrently } from "~/lib/concurrently";
import { getShopSettings } from "~/stores/shops/shop.server";
import { warehouseStockOf } from "~/stores/stock/warehouse-stock.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import type { SuggestionPlan, WarehouseSuggestions } from "./service-suggestions";

const WINDOW_DAYS = 90;
/** The newest shipments of the window read at most: enough to know where a shop ships, bounded for a big one. */
const MAX_SHIPMENTS_READ = 5_000;
/** Provider calls under way at once (one per warehouse and country). */
const CONCURRENT_PRICES = 4;

const topOf = (counts: Map<string, number>) => [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

type Says = Words["settingsRouting"]["suggestions"];

/** "United Kingdom (GB)", "英国（GB）": the country in the admin's language, with its code; the code alone when unnamed. */
function countryNameIn(code: string, format: Formatter, says: Says): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([format.locale], { type: "region" }).of(code);
  } catch {
    name = undefined;
  }
  return name === undefined || name === code ? code : says.countryName(name, code);
}

/**
 * Where the shop ships, and the SKU each enabled warehouse is priced with:
 * 1. the shop's most shipped SKU (outbound packages of the last 90 days, by units), when the
 *    warehouse holds stock of it: the parcel most like the shop's real ones, from stock it can ship;
 * 2. otherwise the SKU the warehouse holds most units of (the stock sync's read);
 * 3. otherwise the most shipped SKU all the same (the provider prices any SKU registered with it);
 * 4. none: no suggestion for that warehouse, and the page says why.
 * Which service is cheapest rarely changes with the parcel.
 */
export async function planServiceSuggestions(
  db: Database,
  shop: string,
  now = new Date(),
  format: Formatter = formatterFor(),
): Promise<SuggestionPlan> {
  const says = wordsFor(format.locale).settingsRouting.suggestions;
  const settings = await getShopSettings(db, shop);
  const shipments = await db.shipment.findMany({
    where: { shop, createdAt: { gte: new Date(now.getTime() - WINDOW_DAYS * 86_400_000) }, requestSent: { not: null } },
    select: { kind: true, requestSent: true },
    orderBy: { createdAt: "desc" },
    take: MAX_SHIPMENTS_READ,
  });
  const countries = new Map<string, number>();
  const shippedUnits = new Map<string, number>();
  for (const shipment of shipments) {
    if (shipment.requestSent === null) continue;
    const decoded = decodePackageRequest(shipment.kind, shipment.requestSent);
    if (!decoded.success) continue;
    const country = decoded.data.body.ShipToAddress?.Country?.trim().toUpperCase() ?? "";
    if (/^[A-Z]{2}$/.test(country)) countries.set(country, (countries.get(country) ?? 0) + 1);
    if (decoded.data.kind !== "OUTBOUND") continue;
    for (const line of decoded.data.body.Skus) shippedUnits.set(line.Sku, (shippedUnits.get(line.Sku) ?? 0) + line.Quantity);
  }
  const mostShipped = topOf(shippedUnits).map(([sku]) => sku);

  const warehouses: SuggestionPlan["warehouses"] = [];
  for (const warehouse of settings.warehouses.filter((candidate) => candidate.enabled)) {
    const stock = (await warehouseStockOf(db, shop, warehouse.warehouseId)).filter((row) => row.total > 0);
    const stocked = new Set(stock.map((row) => row.sku));
    const shippedHere = mostShipped.find((sku) => stocked.has(sku));
    const mostHeld = [...stock].sort((a, b) => b.total - a.total || a.sku.localeCompare(b.sku))[0]?.sku;
    const sku =
      shippedHere !== undefined
        ? { sku: shippedHere, why: says.why.mostShippedStocked }
        : mostHeld !== undefined
          ? { sku: mostHeld, why: says.why.mostHeld }
          : mostShipped[0] !== undefined
            ? { sku: mostShipped[0], why: says.why.mostShipped }
            : null;
    warehouses.push({ warehouseId: warehouse.warehouseId, sku });
  }
  return {
    countries: topOf(countries).map(([code, shipments]) => ({ code, name: countryNameIn(code, format, says), shipments })),
    warehouses,
  };
}

export interface ServiceSuggestions {
  warehouses: WarehouseSuggestions[];
  /** Said once when nothing could be priced at all (the provider unreachable, not connected). */
  problem: string | null;
}

export async function suggestServices(
  db: Database,
  shop: string,
  now = new Date(),
  format: Formatter = formatterFor(),
): Promise<ServiceSuggestions> {
  const says = wordsFor(format.locale).settingsRouting.suggestions;
  const plan = await planServiceSuggestions(db, shop, now, format);
  let provider: ProviderPort;
  try {
    provider = await appPipelineDeps().provider(shop);
  } catch (error) {
    if (error instanceof PermanentFailure)
      return { warehouses: [], problem: textIn(wordsFor(format.locale).jobErrors, { message: error.message, say: error.said?.say }) };
    throw error;
  }
  const problems: string[] = [];
  const warehouses: WarehouseSuggestions[] = plan.warehouses.map((warehouse) => ({
    warehouseId: warehouse.warehouseId,
    byCountry: plan.countries.map((country) => ({
      country: country.code,
      suggested: null,
      note: warehouse.sku === null ? says.noSku : null,
    })),
  }));
  const work = plan.warehouses.flatMap((warehouse, w) =>
    warehouse.sku === null
      ? []
      : plan.countries.map((country, c) => ({
          w,
          c,
          warehouseId: warehouse.warehouseId,
          sku: warehouse.sku?.sku ?? "",
          country: country.code,
        })),
  );
  await forEachConcurrently(work, CONCURRENT_PRICES, async ({ w, c, warehouseId, sku, country }) => {
    const cell = warehouses[w]?.byCountry[c];
    if (cell === undefined) return;
    try {
      const ranked = rankServicePrices(
        await provider.priceAllServices({
          WarehouseId: warehouseId,
          Country: country,
          Skus: [{ Sku: sku, Quantity: 1 }],
          IncludeUnsuccessful: true,
        }),
      );
      const best = ranked.find((price) => price.cheapest) ?? ranked.find((price) => price.success);
      if (best === undefined) {
        cell.note = says.noService(warehouseId, country);
        return;
      }
      cell.suggested = {
        code: best.serviceCode,
        name: best.serviceName,
        price: best.totals.map((total) => format.money(total.amount, total.currency)).join(" + ") || says.priceNotGiven,
        days: best.days === null ? null : says.days(best.days.max, format.number(best.days.min), format.number(best.days.max)),
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const problem = providerProblem(error, wordsFor(format.locale).providerProblems);
      problems.push(problem);
      cell.note = says.notPriced;
    }
  });
  const priced = warehouses.some((warehouse) => warehouse.byCountry.some((cell) => cell.suggested !== null));
  return {
    warehouses,
    problem: problems.length > 0 && !priced ? (problems[0] ?? null) : problems[0] !== undefined ? says.someMissing(problems[0]) : null,
  };
}
