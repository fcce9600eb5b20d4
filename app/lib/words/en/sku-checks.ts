/**
 * Why a SKU cannot be registered with the provider as things stand (connector/merchant-sku.ts),
 * said by key and arguments (decision 0045) so the Products page says it in the merchant's
 * language; the connector's English message is made from this module. A field's rule is the
 * provider's schema's own phrase ("must be at most 100 characters"), passed as said.
 */
const sizeFix = "Enter the SKU's size in its entry on the Products page, or a default size in Settings > Catalogue and stock.";

/** The provider's fields in the merchant's words, and what to do about each. */
const FIELDS: Readonly<Record<string, { label: string; fix: string }>> = {
  Sku: { label: "SKU", fix: "Give the variant a SKU of at most 100 characters in Shopify." },
  ProductName: { label: "Product name", fix: "Shorten the product or variant title in Shopify." },
  ProductDescription: { label: "Description", fix: "Give the product a title in Shopify." },
  Weight: { label: "Weight", fix: "Enter the variant's weight in Shopify (the product's Shipping section)." },
  Length: { label: "Length", fix: sizeFix },
  Width: { label: "Width", fix: sizeFix },
  Height: { label: "Height", fix: sizeFix },
  DeclareName: {
    label: "Customs name",
    fix: "Enter an English customs name in the SKU's entry on the Products page, or a default customs name in Settings > Customs and tax numbers.",
  },
  HsCode: {
    label: "HS code",
    fix: "Correct the HS code in Shopify (the product's Shipping section), or enter one in the SKU's entry on the Products page.",
  },
  DeclareValue: {
    label: "Declared value",
    fix: "Enter the SKU's declared value in its entry on the Products page, or give the variant a price (or a cost) in Shopify.",
  },
};

export const skuChecks = {
  noSku: () => "SKU is missing: a variant without a SKU cannot be sent to the provider. Give it one in Shopify.",
  noWeight: () => `Weight is missing. ${FIELDS.Weight?.fix ?? ""}`,
  noSize: () => `Size is missing: the provider needs each unit's length, width and height. ${sizeFix}`,
  noDeclaredValue: () => `Declared value is missing. ${FIELDS.DeclareValue?.fix ?? ""}`,
  /** A field the provider's rule refuses: `rule` as the schema says it. */
  fieldIssue: (field: string, rule: string) => {
    const known = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
    return known ? `${known.label} ${rule}. ${known.fix}` : `${field} ${rule}.`;
  },
};
