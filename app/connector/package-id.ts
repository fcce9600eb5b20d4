/**
 * The provider's key for a package. Derived from the fulfillment order alone, so the same
 * fulfillment order always yields the same PackageId and a resend is the provider's "200 not
 * changed", never a second parcel.
 */
import { z } from "zod";
import { packageKey } from "../fulfilment/schemas/rules";
import { LegacyId } from "./fulfillment-order";

export const PackageId = packageKey().brand<"PackageId">();
export type PackageId = z.infer<typeof PackageId>;

const MAX_LENGTH = 50;
const SEPARATOR = "_";

/**
 * `<order name>_<fulfillment order id>`, e.g. "1001_5678901234" for order #1001.
 *
 * The order name is there for people (support reads "1001" and knows the order); the fulfillment
 * order's legacy id makes it unique: it is unique across Shopify, digits only, and always the part
 * after the last underscore, so two fulfillment orders never share a PackageId even when their
 * order names sanitise alike ("#1001" and "1001"), an order is split into several, or two shops
 * share one provider account. The name is cut to fit 50 characters; the id never is.
 */
export function packageIdFor(fo: { orderName: string; legacyId: string }): PackageId {
  const id = LegacyId.parse(fo.legacyId);
  const room = MAX_LENGTH - id.length - SEPARATOR.length;
  const name = readableName(fo.orderName)
    .slice(0, room)
    .replace(/[-_]+$/, "");
  return PackageId.parse(name === "" ? `FO${SEPARATOR}${id}` : `${name}${SEPARATOR}${id}`);
}

/** "#1001" → "1001", "Bestellung Nr. 1001-ü" → "Bestellung-Nr-1001-u": letters, digits, - and _ only. */
function readableName(orderName: string): string {
  return orderName
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}
