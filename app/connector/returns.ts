/**
 * A Shopify return becomes the provider's return orders (operation 9): one per warehouse whose units
 * come back, sent from the customer (the order's shipping address) to that warehouse, by the service
 * the warehouse's routing names for the customer's country. Units the merchant shipped themselves,
 * or that Shopify has already disposed of, are none of the provider's business.
 */
import type { CreateReturnRequest } from "../fulfilment/schemas/requests";
import { saidFrom, type Said } from "../lib/words/reason-said";
import { returnReasons } from "../lib/words/en/return-reasons";
import { gramsOf } from "./weight";
import type { Weight } from "./fulfillment-order";
import type { ConnectorSettings } from "./settings";

/** What the connector reads of a return (app/shopify's ReturnToReceive fits it). */
export interface ReturnFacts {
  id: string;
  name: string;
  email: string | null;
  customer: {
    name: string | null;
    company: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    province: string | null;
    provinceCode: string | null;
    countryCodeV2: string | null;
    zip: string | null;
    phone: string | null;
  } | null;
  lines: readonly {
    reverseLineId: string;
    sku: string | null;
    title: string;
    quantity: number;
    disposed: number;
    shippedFrom: string | null;
    weight: Weight | null;
  }[];
}

/** A returned line as the app keeps it: the reverse fulfillment order line the disposal names. */
export interface ReturnLine {
  reverseLineId: string;
  sku: string;
  title: string;
  quantity: number;
}

interface PlannedFor {
  warehouseId: string;
  /** The warehouse's Shopify location: where the units go back on sale. */
  locationId: string;
  packageId: string;
  lines: ReturnLine[];
  units: number;
}

/** A refusal in English and by its key, so the Returns page says it in the admin's language. */
const reason = saidFrom(returnReasons);

/** Ready to send, or refused with a reason the merchant can act on (nothing is sent then). */
export type ReturnPlan = PlannedFor & ({ request: CreateReturnRequest; serviceCode: string } | { refusal: { code: string; said: Said } });

/**
 * The provider's PackageId of a return to a warehouse: the same return and warehouse always give
 * the same id, so sending it again is the provider's "same result", never a second return order.
 */
export function returnPackageId(returnId: string, warehouseId: string): string {
  const number = /(\d+)$/.exec(returnId)?.[1] ?? returnId;
  return `RT-${number}-${warehouseId}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 50);
}

const orEmpty = (value: string | null | undefined) => (value ? value : undefined);

export function planReturns(ret: ReturnFacts, settings: ConnectorSettings): ReturnPlan[] {
  const plans: ReturnPlan[] = [];
  for (const route of settings.routes) {
    if (route.kind !== "OUTBOUND") continue;
    const mine = ret.lines.filter((line) => line.shippedFrom === route.locationId && line.quantity - line.disposed > 0);
    if (mine.length === 0) continue;
    const lines = mine.map((line) => ({
      reverseLineId: line.reverseLineId,
      sku: line.sku ?? "",
      title: line.title,
      quantity: line.quantity - line.disposed,
    }));
    const planned: PlannedFor = {
      warehouseId: route.warehouseId,
      locationId: route.locationId,
      packageId: returnPackageId(ret.id, route.warehouseId),
      lines,
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
    };
    const refuse = (code: string, said: Said): ReturnPlan => ({ ...planned, refusal: { code, said } });

    const country = ret.customer?.countryCodeV2;
    if (!ret.customer || !country) {
      plans.push(refuse("NO_SENDER", reason("noSender", ret.name)));
      continue;
    }
    const unnamed = mine.find((line) => !line.sku);
    if (unnamed) {
      plans.push(refuse("NO_SKU", reason("noSku", unnamed.title)));
      continue;
    }
    const serviceCode = route.services.byCountry[country] ?? route.services.default;
    if (!serviceCode) {
      plans.push(refuse("NO_SERVICE", reason("noService", route.warehouseId, country)));
      continue;
    }
    const weightless = mine.find((line) => line.weight === null || gramsOf(line.weight) === 0);
    if (weightless) {
      plans.push(refuse("NO_WEIGHT", reason("noWeight", weightless.sku ?? weightless.title)));
      continue;
    }
    const grams = mine.reduce(
      (sum, line) => sum + (line.weight ? Math.round((gramsOf(line.weight) * (line.quantity - line.disposed)) / line.quantity) : 0),
      0,
    );
    const customer = ret.customer;
    plans.push({
      ...planned,
      serviceCode,
      request: {
        PackageId: planned.packageId,
        ServiceCode: serviceCode,
        ReceivingWarehouseCode: route.warehouseId,
        Sender: {
          Contact: orEmpty(customer.name) ?? orEmpty(customer.company) ?? "Customer",
          Phone: orEmpty(customer.phone),
          Email: orEmpty(ret.email),
          Country: country,
          Province: orEmpty(customer.provinceCode) ?? orEmpty(customer.province),
          City: orEmpty(customer.city),
          Street1: orEmpty(customer.address1),
          Street2: orEmpty(customer.address2),
          Postcode: orEmpty(customer.zip),
        },
        Weight: Math.max(1, grams),
        Skus: lines.map((line) => ({
          Sku: settings.skus.bySku[line.sku]?.providerSku ?? line.sku,
          Quantity: line.quantity,
          ProductName: line.title,
        })),
        SalesPlatform: settings.salesPlatform,
        Remark: `Shopify return ${ret.name}`,
      },
    });
  }
  return plans;
}
