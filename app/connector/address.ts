/**
 * The recipient's address as the provider wants it (ShipToAddress), from the fulfillment order's
 * destination. Names and addresses pass through in any script; nothing is shortened or guessed.
 * Whatever is too long, missing or impossible becomes a reason to hold the shipment.
 */
import type { ShipToAddress } from "../fulfilment/schemas/types";
import { rulesFor, type CustomsIdRule, type DestinationRules } from "./countries";
import type { Destination, OrderFacts } from "./fulfillment-order";
import { said } from "../lib/words/reason-said";
import { type Checked, held, type HoldReason, ok } from "./hold";
import { type LimitedField, overLimit } from "./limits";

/** A value with its surrounding spaces removed; blank is absent. */
function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/** The destination's country code, which decides service, customs and every rule below. */
export function destinationCountry(destination: Destination | null): Checked<string> {
  const country = present(destination?.countryCode);
  if (country !== undefined) return ok(country);
  return held({ field: "ShipToAddress.Country", ...(destination === null ? said("noShippingAddress") : said("noCountry")) });
}

/** The ShipToAddress fields that have a limit: all the ones this module fills. */
type AddressField = { [F in LimitedField]: F extends `ShipToAddress.${infer K}` ? K : never }[LimitedField];

const missing = (field: AddressField, reason: Pick<HoldReason, "message" | "say">): HoldReason => ({
  field: `ShipToAddress.${field}`,
  ...reason,
});

/** Han, kana and hangul: names written this way put the family name first. */
const EAST_ASIAN_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function contactName(destination: Destination, rules: DestinationRules): string | undefined {
  const first = present(destination.firstName);
  const last = present(destination.lastName);
  const familyFirst = rules.familyNameFirst && EAST_ASIAN_SCRIPT.test(`${first ?? ""}${last ?? ""}`);
  const parts = familyFirst ? [last, first] : [first, last];
  return present(parts.filter((p) => p !== undefined).join(" "));
}

/**
 * The house number of a street-name-first address: "Hauptstraße 5a" → "5a",
 * "Keizersgracht 123-2" → "123-2", "Straße des 17. Juni 135" → "135".
 */
export function houseNumberOf(street: string): string | undefined {
  const match = /\s(\d+(?:\s?[A-Za-z])?(?:\s?[-/]\s?[0-9A-Za-z]+)?)$/.exec(street.trim());
  return match?.[1];
}

function customsId(rule: CustomsIdRule, order: OrderFacts, country: string): Checked<string> {
  const given = rule.keys.map((key) => present(order.localizedFields.find((f) => f.key === key)?.value)).find(Boolean);
  const field = `ShipToAddress.${rule.field}` as const;
  if (given === undefined) {
    return held({ field, ...said("noCustomsId", country, rule.name) });
  }
  const normalised = given.replace(/[\s./-]/g, "").toUpperCase();
  if (!rule.pattern.test(normalised)) {
    return held({ field, value: given, ...said("customsIdNotValid", rule.name, given, country) });
  }
  return ok(normalised);
}

export function shipToAddress(destination: Destination, order: OrderFacts, country: string): Checked<ShipToAddress> {
  const rules = rulesFor(country);
  const reasons: HoldReason[] = [];
  const address: ShipToAddress = { Country: country };

  /** Sets a field once it fits its limit; a value over the limit is a reason, never cut. */
  const put = (field: AddressField, value: string | undefined) => {
    if (value === undefined) return;
    const tooLong = overLimit(`ShipToAddress.${field}`, value);
    if (tooLong !== undefined) reasons.push(tooLong);
    else address[field] = value;
  };

  const name = contactName(destination, rules);
  const company = present(destination.company);
  const contact = name ?? company;
  if (contact === undefined) {
    reasons.push(missing("Contact", said("noRecipient")));
  }
  put("Contact", contact);

  const street1 = present(destination.address1);
  const street2 = present(destination.address2);
  if (street1 === undefined) {
    reasons.push(missing("Street1", said("noStreet")));
  }
  put("Street1", street1);
  // ShipToAddress has no company field: a company under a person's name goes on the next line.
  const line2 = name !== undefined && company !== undefined ? [company, street2].filter(Boolean).join(", ") : street2;
  put("Street2", line2);

  if (rules.houseNumberRequired && street1 !== undefined) {
    // Customers sometimes type the number alone into the second line.
    const houseNumber = houseNumberOf(street1) ?? (street2 !== undefined && /^\d+\s?[A-Za-z]?$/.test(street2) ? street2 : undefined);
    if (houseNumber === undefined) {
      reasons.push({ field: "ShipToAddress.HouseNumber", value: street1, ...said("noHouseNumber", street1, country) });
    }
    put("HouseNumber", houseNumber);
  }

  const city = present(destination.city);
  if (city === undefined) {
    reasons.push(missing("City", said("noCity")));
  }
  put("City", city);

  const provinceCode = present(destination.provinceCode);
  const provinceName = present(destination.province);
  const province = rules.provinceAsCode ? (provinceCode ?? provinceName) : (provinceName ?? provinceCode);
  if (province === undefined && rules.provinceRequired) {
    reasons.push(missing("Province", said("noProvince", country)));
  }
  put("Province", province);

  const postcode = present(destination.zip);
  if (postcode === undefined && rules.postcodeRequired) {
    reasons.push(missing("Postcode", said("noPostcode", country)));
  }
  const format = rules.postcodeFormat;
  if (
    postcode !== undefined &&
    format !== undefined &&
    overLimit("ShipToAddress.Postcode", postcode) === undefined &&
    !format.pattern.test(postcode)
  ) {
    reasons.push({
      field: "ShipToAddress.Postcode",
      value: postcode,
      ...said("postcodeNotOfCountry", postcode, country, format.digits, format.letters, format.example, format.alsoExample ?? ""),
    });
  }
  put("Postcode", postcode);

  put("Phone", present(destination.phone) ?? present(order.phone));
  put("Email", present(destination.email) ?? present(order.email));

  if (rules.requiredCustomsId !== undefined) {
    const id = customsId(rules.requiredCustomsId, order, country);
    if (id.ok) put(rules.requiredCustomsId.field, id.value);
    else reasons.push(...id.reasons);
  } else {
    const keys = rules.optionalTaxIdKeys;
    put("TaxId", keys.map((key) => present(order.localizedFields.find((f) => f.key === key)?.value)).find(Boolean));
  }

  return reasons.length > 0 ? held(...reasons) : ok(address);
}
