/**
 * Every length the connector enforces, in one table (FIELD_LIMITS, with where each limit comes from).
 * A value over its limit is never cut: the shipment is held and the merchant shortens it, because a
 * cut address delivers to the wrong door. Lengths count characters as a reader does (Unicode code
 * points), so "山田太郎" is 4.
 */
import type { HoldReason } from "./hold";

interface FieldLimit {
  readonly max: number;
  /** The field in the merchant's words. */
  readonly label: string;
  /** What the merchant changes to fix it, completed with ", then retry." */
  readonly fix: string;
}

/**
 * The reference gives no rule for the fields inside addresses and SKU lines (its section 2.8). Where
 * it has a rule for the same field elsewhere, that rule is used; otherwise a limit common to the big
 * carriers' label APIs:
 * - ShipToAddress.*: carrier label limits (Phone 20: E.164 is 16 with "+"); TaxId and IDNumber:
 *   carrier customs limits;
 * - Skus.*: the reference, operation 16 (Sku, ProductName and DeclareName 0-100; HsCode 6-50 digits);
 * - Location (drop-ship): the reference, operation 1; WarehouseId: operation 2; ServiceCode:
 *   operations 6, 14 and 18.
 */
export const FIELD_LIMITS = {
  "ShipToAddress.Contact": { max: 50, label: "Recipient name", fix: "Shorten the name in the order's shipping address" },
  "ShipToAddress.Street1": { max: 100, label: "Street 1", fix: "Shorten the address in the order" },
  "ShipToAddress.Street2": {
    max: 100,
    label: "Street 2 (company, apartment or suite)",
    fix: "Shorten the company or apartment line in the order's shipping address",
  },
  "ShipToAddress.City": { max: 50, label: "City", fix: "Shorten the city in the order's shipping address" },
  "ShipToAddress.Province": { max: 50, label: "Province or state", fix: "Correct the province in the order's shipping address" },
  "ShipToAddress.Postcode": { max: 20, label: "Postcode", fix: "Correct the postcode in the order's shipping address" },
  "ShipToAddress.Phone": { max: 20, label: "Phone", fix: "Correct the phone number in the order's shipping address" },
  "ShipToAddress.Email": { max: 100, label: "Email", fix: "Correct the customer's email in the order" },
  "ShipToAddress.HouseNumber": { max: 10, label: "House number", fix: "Correct the house number in the order's shipping address" },
  "ShipToAddress.TaxId": { max: 30, label: "Tax ID", fix: "Correct the customer's tax ID in the order" },
  "ShipToAddress.IDNumber": { max: 30, label: "ID number", fix: "Correct the customer's ID number in the order" },
  "Skus.Sku": { max: 100, label: "SKU", fix: "Use a shorter SKU for the product, or map it to a provider SKU on the Products page" },
  "Skus.ProductName": { max: 100, label: "Product name", fix: "Shorten the product title" },
  "Skus.DeclareNameEn": {
    max: 100,
    label: "Customs name",
    fix: "Set a shorter customs name for the SKU on the Products page",
  },
  "Skus.HsCode": { max: 50, label: "HS code", fix: "Correct the product's HS code in Shopify (Customs information)" },
  Location: { max: 20, label: "Drop-ship handling location", fix: "Use a shorter handling location in Settings > Warehouses and routing" },
  WarehouseId: { max: 30, label: "Warehouse", fix: "Correct the warehouse in Settings > Warehouses and routing" },
  ServiceCode: { max: 30, label: "Service code", fix: "Correct the service code in Settings > Warehouses and routing" },
} as const satisfies Record<string, FieldLimit>;

export type LimitedField = keyof typeof FIELD_LIMITS;

/** Length as a reader counts it: code points, not UTF-16 units. */
export function characters(value: string): number {
  return [...value].length;
}

/**
 * The reason a value is too long for its field, or undefined when it fits.
 * `subject` names what the value belongs to when the field alone is ambiguous (a product line).
 */
export function overLimit(
  field: LimitedField,
  value: string,
  context: { subject?: string; lineItemId?: string } = {},
): HoldReason | undefined {
  const { max, label, fix } = FIELD_LIMITS[field];
  const length = characters(value);
  if (length <= max) return undefined;
  const what = context.subject === undefined ? label : `${label} of ${context.subject}`;
  return {
    field,
    value,
    limit: max,
    ...(context.lineItemId === undefined ? {} : { lineItemId: context.lineItemId }),
    message: `${what} is ${length} characters; the carrier accepts at most ${max}. ${fix}, then retry.`,
  };
}

/** The same check as a zod refinement, for settings the merchant types in. */
export function fitsLimit(field: LimitedField) {
  const { max, label } = FIELD_LIMITS[field];
  return [(value: string) => characters(value) <= max, { error: `${label} may be at most ${max} characters` }] as const;
}
