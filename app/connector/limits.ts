/**
 * Every length the connector enforces, in one table (FIELD_LIMITS, with where each limit comes from).
 * A value over its limit is never cut: the shipment is held and the merchant shortens it, because a
 * cut address delivers to the wrong door. Lengths count characters as a reader does (Unicode code
 * points), so "山田太郎" is 4.
 */
import { reasonFields } from "../lib/words/en/reasons";
import { said } from "../lib/words/reason-said";
import type { HoldReason } from "./hold";

/**
 * The reference gives no rule for the fields inside addresses and SKU lines (its section 2.8). Where
 * it has a rule for the same field elsewhere, that rule is used; otherwise a limit common to the big
 * carriers' label APIs:
 * - ShipToAddress.*: carrier label limits (Phone 20: E.164 is 16 with "+"); TaxId and IDNumber:
 *   carrier customs limits;
 * - Skus.*: the reference, operation 16 (Sku, ProductName and DeclareName 0-100; HsCode 6-50 digits);
 * - Location (drop-ship): the reference, operation 1; WarehouseId: operation 2; ServiceCode:
 *   operations 6, 14 and 18.
 * Each field's name and what the merchant changes are the catalogue's (`reasonFields`), in each language.
 */
export const FIELD_LIMITS = {
  "ShipToAddress.Contact": { max: 50 },
  "ShipToAddress.Street1": { max: 100 },
  "ShipToAddress.Street2": { max: 100 },
  "ShipToAddress.City": { max: 50 },
  "ShipToAddress.Province": { max: 50 },
  "ShipToAddress.Postcode": { max: 20 },
  "ShipToAddress.Phone": { max: 20 },
  "ShipToAddress.Email": { max: 100 },
  "ShipToAddress.HouseNumber": { max: 10 },
  "ShipToAddress.TaxId": { max: 30 },
  "ShipToAddress.IDNumber": { max: 30 },
  "Skus.Sku": { max: 100 },
  "Skus.ProductName": { max: 100 },
  "Skus.DeclareNameEn": { max: 100 },
  "Skus.HsCode": { max: 50 },
  Location: { max: 20 },
  WarehouseId: { max: 30 },
  ServiceCode: { max: 30 },
} as const satisfies Record<string, { readonly max: number }>;

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
  const { max } = FIELD_LIMITS[field];
  const length = characters(value);
  if (length <= max) return undefined;
  return {
    field,
    value,
    limit: max,
    ...(context.lineItemId === undefined ? {} : { lineItemId: context.lineItemId }),
    ...said("tooLong", field, length, max, context.subject ?? ""),
  };
}

/** The same check as a zod refinement, for settings the merchant types in. */
export function fitsLimit(field: LimitedField) {
  const { max } = FIELD_LIMITS[field];
  // Indexed by every limited field: the catalogue names each one.
  const label = reasonFields.labels[field];
  return [(value: string) => characters(value) <= max, { error: `${label} may be at most ${max} characters` }] as const;
}
