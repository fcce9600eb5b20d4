/**
 * Prices of the seeded services (operations 14 and 18), and the shipping costs charged when an order
 * is created. A price is a fixed fee plus a rate per started half kilogram, scaled by how far the
 * destination is from the warehouse, plus a fuel surcharge and (outbound) a pick-and-pack fee.
 */
import type { z } from "zod";
import type { ChargeInfo, PricingResult } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { invalid } from "../errors";
import { withBody, type SandboxContext } from "../operation";
import { countries, countryCode } from "../places";
import type { Cost } from "../state";
import { servicesOf, warehouses, type ShippingService } from "../world";
import { requireWarehouse } from "./checks";

const FUEL_SURCHARGE = 0.12;
const PICK_AND_PACK_PER_UNIT = 0.45;
/** Parcels are billed for at least this weight (packaging), in grams. */
const MINIMUM_BILLED_GRAMS = 100;

const round2 = (v: number) => Math.round(v * 100) / 100;

export interface Quote {
  readonly currency: string;
  readonly freight: number;
  readonly fuel: number;
  readonly pickAndPack: number;
  readonly total: number;
  readonly days: readonly [number, number];
}

/** Domestic 1, same region 1.4, elsewhere 2.2: far destinations cost more. */
function zoneFactor(service: ShippingService, country: string): number {
  const origin = warehouses.find((w) => w.id === service.warehouseId)?.address.Country;
  if (origin === country) return 1;
  const originRegion = origin === undefined ? undefined : countries.get(origin)?.region;
  return originRegion !== undefined && countries.get(country)?.region === originRegion ? 1.4 : 2.2;
}

export function serves(service: ShippingService, country: string): boolean {
  return service.countries.includes(country);
}

export function quote(service: ShippingService, country: string, grams: number, units: number): Quote {
  const halfKilos = Math.ceil(Math.max(grams, MINIMUM_BILLED_GRAMS) / 500);
  const freight = round2((service.price.base + (service.price.perKg * halfKilos) / 2) * zoneFactor(service, country));
  const fuel = round2(freight * FUEL_SURCHARGE);
  const pickAndPack = round2(units * PICK_AND_PACK_PER_UNIT);
  const currency = warehouses.find((w) => w.id === service.warehouseId)?.currency ?? "USD";
  const domestic = warehouses.some((w) => w.id === service.warehouseId && w.address.Country === country);
  return {
    currency,
    freight,
    fuel,
    pickAndPack,
    total: round2(freight + fuel + pickAndPack),
    days: domestic ? service.days.domestic : service.days.abroad,
  };
}

/** The costs recorded on a created order (ShippingCosts of the status records). */
export function shippingCosts(q: Quote): Cost[] {
  const costs: Cost[] = [
    { Money: q.freight, Currency: q.currency, Type: "None", Remark: "Freight" },
    { Money: q.fuel, Currency: q.currency, Type: "None", Remark: "Fuel surcharge" },
  ];
  if (q.pickAndPack > 0) costs.push({ Money: q.pickAndPack, Currency: q.currency, Type: "None", Remark: "Pick and pack" });
  return costs;
}

function chargeInfo(q: Quote): z.input<typeof ChargeInfo> {
  const detail = [
    { Currency: q.currency, Amount: q.freight, ChargeName: "Freight", Remark: "per started 0.5 kg" },
    { Currency: q.currency, Amount: q.fuel, ChargeName: "Fuel surcharge", Remark: `${FUEL_SURCHARGE * 100}% of freight` },
    { Currency: q.currency, Amount: q.pickAndPack, ChargeName: "Pick and pack", Remark: "per unit" },
  ];
  return { Summary: [{ Currency: q.currency, Amount: q.total }], Detail: detail };
}

interface PricingQuery {
  readonly WarehouseId: string;
  readonly Country: string;
  readonly Skus: readonly { readonly Sku: string; readonly Quantity: number }[];
}

/** Weight and units of the SKUs to price; an unknown SKU is the caller's mistake (400 naming it). */
function parcelOf(query: PricingQuery, ctx: SandboxContext): { grams: number; units: number } {
  let grams = 0;
  let units = 0;
  const unknown: number[] = [];
  query.Skus.forEach((line, i) => {
    const sku = ctx.state.skus.get(line.Sku);
    if (sku === undefined) unknown.push(i);
    else {
      grams += sku.weight * line.Quantity;
      units += line.Quantity;
    }
  });
  const first = unknown[0];
  if (first !== undefined) throw invalid(`Skus[${first}].Sku`, `SKU ${query.Skus[first]?.Sku} is not registered`);
  return { grams, units };
}

function priceOf(service: ShippingService, country: string, parcel: { grams: number; units: number }): z.input<typeof PricingResult> {
  if (!serves(service, country)) {
    return {
      ServiceCode: service.code,
      ServiceName: service.name,
      Success: false,
      Message: `${service.name} does not deliver to ${country}`,
      ChargeInfo: null,
      LogisticsTimes: null,
    };
  }
  const q = quote(service, country, parcel.grams, parcel.units);
  return {
    ServiceCode: service.code,
    ServiceName: service.name,
    Success: true,
    Message: null,
    ChargeInfo: chargeInfo(q),
    LogisticsTimes: { Min: q.days[0], Max: q.days[1] },
  };
}

/** Operation 14: every service of the warehouse (or the one named), unsuccessful ones on request. */
export const priceAllServices = withBody(operations.priceAllServices, ({ body }, ctx) => {
  const warehouse = requireWarehouse(body.WarehouseId);
  const parcel = parcelOf(body, ctx);
  const country = countryCode(body.Country);
  const wanted = body.ServiceCode ? servicesOf(warehouse.id).filter((s) => s.code === body.ServiceCode) : servicesOf(warehouse.id);
  const results = wanted.map((s) => priceOf(s, country, parcel));
  return { status: 200, body: body.IncludeUnsuccessful ? results : results.filter((r) => r.Success) };
});

/** Operation 18: one service; a service the warehouse does not offer is an unsuccessful price. */
export const priceOneService = withBody(operations.priceOneService, ({ body }, ctx) => {
  const warehouse = requireWarehouse(body.WarehouseId);
  const parcel = parcelOf(body, ctx);
  const service = servicesOf(warehouse.id).find((s) => s.code === body.ServiceCode);
  if (service === undefined) {
    return {
      status: 200,
      body: {
        ServiceCode: body.ServiceCode,
        ServiceName: null,
        Success: false,
        Message: `warehouse ${warehouse.id} offers no service ${body.ServiceCode}; it offers ${servicesOf(warehouse.id)
          .map((s) => s.code)
          .join(", ")}`,
        ChargeInfo: null,
        LogisticsTimes: null,
      },
    };
  }
  return { status: 200, body: priceOf(service, countryCode(body.Country), parcel) };
});
