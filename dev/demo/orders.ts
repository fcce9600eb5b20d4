/**
 * The demo's orders: Shopify's documented orders/create example (via `orderPayload`, the same
 * builder the pipeline tests use) with our lines and the shipping addresses of
 * test/fixtures/orders (customers' own scripts: Zoë Müller, 山田 太郎, 김 민준, ...). A fixed set of
 * special cases (one per outcome the issue names) followed by ordinary orders cycling through
 * destinations, warehouses and line shapes. Each order says what it should end as.
 */
import type { Destination } from "~/connector/fulfillment-order";
import type { OrderLineSpec } from "../../test/support/shopify-admin";
import { addresses } from "../../test/fixtures/orders";

export type Expected = "FULFILLED" | "HELD" | "FAILED" | "CANCELLED";

export interface DemoOrder {
  /** What the order is, in a few words (printed next to HELD/FAILED reasons). */
  label: string;
  lines: OrderLineSpec[];
  destination: keyof typeof addresses;
  /** Overrides the destination's street (the over-the-limit case). */
  address1?: string;
  expected: Expected;
  /** Cancelled in Shopify before the package is pushed (placed while the shop holds for review). */
  cancelBeforePush?: boolean;
  /** Changed in Shopify before it was sent (dev/demo/changes.ts). */
  change?: "hold" | "edit" | "split" | "schedule";
}

/** A SKU the merchant sells in Shopify that cannot be registered with the provider (Shopify has no weight for it). */
export const UNREGISTERED_SKU = "MUG-CER-350-RED";
/** Lines only the provider's European warehouse stocks in Shopify (US01's location holds none). */
export const EU_ONLY_SKUS = ["SOCKS-WOOL-3P-GRY", "PUZZLE-1000-MAP"] as const;
/** Made and shipped only by the merchant's studio (drop-ship). */
export const STUDIO_ONLY_SKUS = ["SCARF-SILK-90-NVY"] as const;

const COUNTRY_NAMES: Record<string, string> = {
  US: "United States",
  CA: "Canada",
  DE: "Germany",
  FR: "France",
  GB: "United Kingdom",
  JP: "Japan",
  AU: "Australia",
  NL: "Netherlands",
  IT: "Italy",
  ES: "Spain",
  BR: "Brazil",
  KR: "South Korea",
  DK: "Denmark",
};

/** A fixtures Destination in the REST shape of orders/create's shipping_address. */
export function shippingAddress(destination: Destination, address1?: string): Record<string, unknown> {
  const name = [destination.firstName, destination.lastName].filter(Boolean).join(" ");
  return {
    first_name: destination.firstName,
    last_name: destination.lastName,
    name,
    company: destination.company,
    address1: address1 ?? destination.address1,
    address2: destination.address2,
    city: destination.city,
    province: destination.province,
    province_code: destination.provinceCode,
    zip: destination.zip,
    country: COUNTRY_NAMES[destination.countryCode ?? ""] ?? destination.countryCode,
    country_code: destination.countryCode,
    phone: destination.phone,
    latitude: null,
    longitude: null,
  };
}

export function payloadOverrides(order: DemoOrder): Record<string, unknown> {
  const destination = addresses[order.destination];
  return { shipping_address: shippingAddress(destination, order.address1) };
}

/** One order per outcome the issue asks the demo to show. */
export const specialOrders: readonly DemoOrder[] = [
  {
    label: "cancelled before push (studio, drop-ship)",
    lines: [{ sku: "TEA-GREEN-100G", quantity: 1 }],
    destination: "US",
    expected: "CANCELLED",
    cancelBeforePush: true,
  },
  {
    label: "street over the provider's 100-character limit",
    lines: [{ sku: "MUG-CER-350-WHT", quantity: 1 }],
    destination: "US",
    address1: `${"Very long street name ".repeat(6)}42`,
    expected: "HELD",
  },
  {
    label: "service does not serve the destination (US01-EXP to Denmark)",
    lines: [{ sku: "EARBUDS-BT5-BLK", quantity: 1 }],
    destination: "DK",
    expected: "FAILED",
  },
  {
    label: "gift card plus a bottle (the gift card is left out)",
    lines: [
      { sku: "BOTTLE-SS-750-SLV", quantity: 1 },
      { sku: null, quantity: 1, title: "Gift card $25", price: "25.00", giftCard: true, requiresShipping: false },
    ],
    destination: "GB",
    expected: "FULFILLED",
  },
  {
    label: "split: studio scarf (drop-ship) + warehouse mugs (outbound)",
    lines: [
      { sku: "SCARF-SILK-90-NVY", quantity: 1 },
      { sku: "MUG-CER-350-WHT", quantity: 2 },
    ],
    destination: "DE",
    expected: "FULFILLED",
  },
  {
    label: "multi-line, multi-quantity to Tokyo",
    lines: [
      { sku: "TSHIRT-ORG-M-BLK", quantity: 3 },
      { sku: "PHONECASE-IP15-CLR", quantity: 2 },
      { sku: "BOTTLE-SS-750-SLV", quantity: 1 },
    ],
    destination: "JP",
    expected: "FULFILLED",
  },
  {
    label: "European warehouse DE01 to Paris (non-final tracking first)",
    lines: [
      { sku: "PUZZLE-1000-MAP", quantity: 1 },
      { sku: "SOCKS-WOOL-3P-GRY", quantity: 2 },
    ],
    destination: "FR",
    expected: "FULFILLED",
  },
  {
    label: "economy to Canada (non-final tracking first)",
    lines: [{ sku: "YOGA-MAT-6MM-PUR", quantity: 1 }],
    destination: "CA",
    expected: "FULFILLED",
  },
];

const DESTINATIONS: readonly (keyof typeof addresses)[] = ["US", "DE", "FR", "GB", "JP", "AU", "US", "NL", "IT", "ES", "CA"];
const US01_SKUS = [
  "MUG-CER-350-WHT",
  "TSHIRT-ORG-M-BLK",
  "TSHIRT-ORG-L-BLK",
  "BOTTLE-SS-750-SLV",
  "EARBUDS-BT5-BLK",
  "PHONECASE-IP15-CLR",
  "BACKPACK-CNV-20L-OLV",
  "LAMP-LED-DESK-WHT",
];
const STUDIO_SKUS = ["CANDLE-SOY-200-LAV", "TEA-GREEN-100G"];

/** Ordinary orders that should all be fulfilled: warehouse US01, warehouse DE01 and the studio in turn. */
export function ordinaryOrder(index: number): DemoOrder {
  const destination = DESTINATIONS[index % DESTINATIONS.length] ?? "US";
  const pick = (list: readonly string[], k: number) => list[(index + k) % list.length] ?? list[0] ?? "";
  switch (index % 3) {
    case 0: {
      // Warehouse US01: one to three lines, some of several units.
      const count = 1 + (index % 3 === 0 ? (index / 3) % 3 : 0);
      const lines = Array.from({ length: count }, (_, k) => ({ sku: pick(US01_SKUS, k * 3), quantity: 1 + ((index + k) % 2) }));
      return { label: `US01 order (${count} line${count > 1 ? "s" : ""})`, lines, destination, expected: "FULFILLED" };
    }
    case 1:
      // Warehouse DE01 (EU-only lines), plus sometimes a line both warehouses stock.
      return {
        label: "DE01 order",
        lines: [
          { sku: pick(EU_ONLY_SKUS, 0), quantity: 1 + (index % 2) },
          ...(index % 2 ? [{ sku: "TSHIRT-ORG-L-BLK", quantity: 1 }] : []),
        ],
        destination,
        expected: "FULFILLED",
      };
    default:
      // The studio's own goods: drop-ship through the provider's handling location.
      return {
        label: "studio order (drop-ship)",
        lines: [{ sku: pick(STUDIO_SKUS, 0), quantity: 1 + (index % 3) }],
        destination,
        expected: "FULFILLED",
      };
  }
}

/** `count` orders: the special cases first, then ordinary ones (the special cases are always included). */
export function demoOrders(count: number): DemoOrder[] {
  const orders = [...specialOrders];
  for (let index = 0; orders.length < count; index++) orders.push(ordinaryOrder(index));
  return orders;
}
