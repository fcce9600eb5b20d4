/**
 * What a drop-ship parcel declares to customs, line by line: an English name within the
 * provider's DeclareName rule, an HS code, the weight, the value; and the shop's tax number
 * (IOSS, VAT) for the destination. Outbound packages need none of it: their SKUs are registered at
 * the warehouse with their customs data (operation 16).
 */
import { declareName } from "../fulfilment/schemas/rules";
import type { DropshipSkuLine } from "../fulfilment/schemas/types";
import { said } from "../lib/words/reason-said";
import { isInEu } from "./countries";
import type { FulfillmentOrderLine, OrderFacts } from "./fulfillment-order";
import { type Checked, held, type HoldReason, ok } from "./hold";
import { type PackageLine, productLabel, productNameOf } from "./lines";
import { overLimit } from "./limits";
import { type Cents, centsOf, toAmount } from "./money";
import type { ConnectorSettings } from "./settings";
import { gramsOf } from "./weight";

/** Letters with no decomposition into a base letter and accents. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  œ: "oe",
  Œ: "OE",
  þ: "th",
  Þ: "Th",
  ð: "d",
  Ð: "D",
  đ: "d",
  Đ: "D",
  ł: "l",
  Ł: "L",
  ı: "i",
};

/**
 * A title in the characters DeclareName allows: accents dropped ("Crème brûlée" → "Creme brulee"),
 * other symbols turned to spaces. Undefined when the title has letters of another script, which
 * would be lost ("茶碗", "Tシャツ"), since a half-kept name misleads customs.
 */
export function transliterate(title: string): string | undefined {
  const latin = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/./gu, (c) => SPECIAL_LETTERS[c] ?? c);
  if (/[^\p{Script=Latin}\P{L}]/u.test(latin)) return undefined;
  const cleaned = latin
    .replace(/[^A-Za-z0-9_\s\-()'&,|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned === "" ? undefined : cleaned;
}

const isDeclareName = (name: string | undefined): name is string => name !== undefined && declareName().safeParse(name).success;

/**
 * The line's customs name, first that passes the rule: the SKU's customs name from settings, the
 * product title as it is, the title transliterated, the shop's fallback.
 */
export function declaredNameFor(item: PackageLine, settings: ConnectorSettings): Checked<string> {
  const title = item.line.productTitle.trim();
  const transliterated = transliterate(title);
  const candidates = [item.entry?.declaredName, title, transliterated, settings.customs.fallbackDeclaredName];
  const name = candidates.find(isDeclareName);
  if (name !== undefined) return ok(name);

  const lineItemId = item.line.id;
  const subject = productLabel(item.line);
  const tooLong = overLimit("Skus.DeclareNameEn", transliterated ?? title, { subject, lineItemId });
  if (tooLong !== undefined) return held(tooLong);
  return held({ field: "Skus.DeclareNameEn", value: title, lineItemId, ...said("noCustomsName", subject) });
}

/**
 * The HS code customs classify the goods by: the code Shopify computed the duties collected at
 * checkout by (so customs sees the goods the buyer paid duties on), the product's code for this
 * destination country, the SKU's code from settings, the product's general code, the shop's
 * default. Written with or without dots ("6109.10"); sent as digits only.
 */
export function hsCodeFor(
  item: PackageLine,
  route: { destination: string | undefined; origin: string },
  settings: ConnectorSettings,
): Checked<string | undefined> {
  const { destination, origin } = route;
  const variant = item.line.variant;
  const forCountry = variant?.countryHarmonizedSystemCodes.find((c) => c.countryCode === destination)?.harmonizedSystemCode;
  const dutiedAs = item.line.duties?.charged.find((duty) => duty.harmonizedSystemCode?.trim())?.harmonizedSystemCode;
  const written = [dutiedAs, forCountry, item.entry?.hsCode, variant?.harmonizedSystemCode, settings.customs.defaultHsCode]
    .map((code) => code?.trim())
    .find((code) => code !== undefined && code !== "");
  const subject = productLabel(item.line);
  const lineItemId = item.line.id;
  if (written === undefined) {
    // Domestic parcels clear no customs; with the country still unknown, the address is held anyway.
    if (destination === undefined || destination === origin) return ok(undefined);
    return held({ field: "Skus.HsCode", lineItemId, ...said("noHsCode", subject, destination) });
  }
  const digits = written.replace(/[.\s]/g, "");
  const tooLong = overLimit("Skus.HsCode", digits, { subject, lineItemId });
  if (tooLong !== undefined) return held(tooLong);
  if (!/^\d{6,}$/.test(digits)) {
    return held({ field: "Skus.HsCode", value: written, lineItemId, ...said("hsCodeNotValid", written, subject) });
  }
  return ok(digits);
}

/** Weight of one unit in grams; a product without a weight cannot be declared or charged. */
export function unitGramsOf(line: FulfillmentOrderLine): Checked<number> {
  const grams = line.variant?.weight ? gramsOf(line.variant.weight) : 0;
  if (grams >= 1) return ok(grams);
  return held({ field: "Skus.Weight", value: "0", lineItemId: line.id, ...said("noWeight", productLabel(line)) });
}

/** Price of one unit in the currency the settings declare in. */
export function declaredUnitValue(line: FulfillmentOrderLine, settings: ConnectorSettings): { value: Cents; currency: string } {
  const money = settings.customs.declaredValueCurrency === "SHOP" ? line.unitPrice.shopMoney : line.unitPrice.presentmentMoney;
  return { value: centsOf(money), currency: money.currencyCode };
}

/**
 * One drop-ship line. Weight, Price and NewDeclareValue are per unit, as in the SKU register
 * (operation 16); the provider multiplies by Quantity. Price is in the currency the customer paid
 * (the package's SellPriceCurrency). The product has no country-of-origin field at the provider,
 * so the origin goes into ProductDescription, where the customs broker reads it.
 */
export function dropshipLine(
  item: PackageLine,
  route: { destination: string | undefined; origin: string },
  settings: ConnectorSettings,
): Checked<DropshipSkuLine> {
  const name = declaredNameFor(item, settings);
  const hsCode = hsCodeFor(item, route, settings);
  const grams = unitGramsOf(item.line);
  if (!name.ok || !hsCode.ok || !grams.ok) {
    return held(...[name, hsCode, grams].flatMap((c): HoldReason[] => (c.ok ? [] : c.reasons)));
  }
  const declared = declaredUnitValue(item.line, settings);
  const productName = productNameOf(item.line);
  const origin = item.line.variant?.countryCodeOfOrigin;
  return ok({
    Sku: item.sku,
    Quantity: item.quantity,
    Weight: grams.value,
    DeclareNameEn: name.value,
    NewDeclareValue: { Value: toAmount(declared.value), Currency: declared.currency },
    Price: toAmount(centsOf(item.line.unitPrice.presentmentMoney)),
    ...(productName === undefined ? {} : { ProductName: productName }),
    ...(hsCode.value === undefined ? {} : { HsCode: hsCode.value }),
    ...(origin ? { ProductDescription: `Country of origin: ${origin}` } : {}),
  });
}

/** EUR 150: above it the IOSS does not apply and import VAT is due at the border. */
const IOSS_LIMIT_CENTS = 150_00;

/**
 * Whether the shop collected VAT at checkout (any tax charged), as vatCodeFor needs it. Only a shop
 * with an IOSS number ever declares by it, so only such a shop's orders have their tax total read
 * (factsWantedFor); for any other this is false and never consulted.
 */
export function vatCollectedAtCheckout(order: OrderFacts, taxIds: ConnectorSettings["taxIds"]): Checked<boolean> {
  if (taxIds.ioss === undefined) return ok(false);
  if (order.totalTax === null) {
    // Read for every order of a shop with an IOSS number: missing, the reader and the settings
    // disagree. Held, never declared without knowing whether the VAT was collected.
    return held({ field: "order.totalTax", ...said("taxNotRead", order.name) });
  }
  return ok(centsOf(order.totalTax) > 0);
}

/**
 * The shop's tax number for the parcel (VatCode):
 * - into the EU from outside: the IOSS number, when the shop charged VAT at checkout (that is what
 *   the IOSS declares) and the goods are not known to be worth more than EUR 150 (known when the
 *   order has a euro amount; Shopify itself stops charging IOSS VAT above the limit);
 * - within the EU: the shop's EU VAT number;
 * - into Great Britain from outside: the UK VAT number;
 * - domestic parcels and everywhere else: none.
 * Without a number the recipient pays import VAT on delivery, which is lawful, so nothing is held.
 */
export function vatCodeFor(args: {
  destination: string;
  origin: string;
  goodsValueEuro: Cents | undefined;
  vatCollected: boolean;
  taxIds: ConnectorSettings["taxIds"];
}): string | undefined {
  const { destination, origin, goodsValueEuro, vatCollected, taxIds } = args;
  if (destination === origin) return undefined;
  if (isInEu(destination)) {
    if (isInEu(origin)) return taxIds.euVatNumber;
    const withinIoss = goodsValueEuro === undefined || goodsValueEuro <= IOSS_LIMIT_CENTS;
    return vatCollected && withinIoss ? taxIds.ioss : undefined;
  }
  if (destination === "GB" && origin !== "GB") return taxIds.ukVatNumber;
  return undefined;
}
