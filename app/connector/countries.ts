/**
 * What a destination country expects of an address: province as code or name, which fields are
 * mandatory, the postcode's shape, a separate house number, a tax or ID number for customs.
 * Countries not listed get the lenient defaults: province and postcode as given, postcode required.
 */
import { z } from "zod";
import { countryCode } from "../fulfilment/schemas/rules";

/** An ISO 3166-1 alpha-2 country code, as Shopify and the provider write it. */
export const CountryCode = countryCode();
export type CountryCode = z.infer<typeof CountryCode>;

/** Countries whose carriers want the province as its short code (state, province, territory). */
const PROVINCE_AS_CODE = new Set(["US", "CA", "AU", "BR", "MX", "IT", "IN"]);

/** Countries where a parcel without a province (state, prefecture) does not get sorted. */
const PROVINCE_REQUIRED = new Set(["US", "CA", "AU", "BR", "MX", "JP", "CN", "IN"]);

/** Countries without postcodes, or where most addresses have none. */
const POSTCODE_OPTIONAL = new Set(["HK", "MO", "AE", "QA", "IE", "PA", "JM", "BS", "BO", "AO", "GH", "ZW"]);

/** Street-name-first countries whose carriers (DHL, PostNL, bpost) need the house number on its own. */
const HOUSE_NUMBER_REQUIRED = new Set(["DE", "AT", "NL", "BE"]);

/** Countries whose name order is family name first, for names written in their script. */
const FAMILY_NAME_FIRST = new Set(["JP", "CN", "KR", "TW", "HK"]);

/** What a postcode of the country looks like, as a reason describes it: its digits and letters (0 when it does not count them) and an example. */
interface PostcodeFormat {
  readonly pattern: RegExp;
  readonly digits: number;
  readonly letters: number;
  readonly example: string;
  /** A second example, for a country with two forms (the US's ZIP+4). */
  readonly alsoExample?: string;
}

const POSTCODE_FORMATS: Readonly<Record<string, PostcodeFormat>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, digits: 5, letters: 0, example: "40003", alsoExample: "40003-1234" },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, digits: 0, letters: 0, example: "K2H 7A8" },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, digits: 0, letters: 0, example: "SW1A 1AA" },
  DE: { pattern: /^\d{5}$/, digits: 5, letters: 0, example: "10115" },
  FR: { pattern: /^\d{5}$/, digits: 5, letters: 0, example: "75001" },
  IT: { pattern: /^\d{5}$/, digits: 5, letters: 0, example: "20121" },
  ES: { pattern: /^\d{5}$/, digits: 5, letters: 0, example: "28013" },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, digits: 4, letters: 2, example: "1015 CJ" },
  BE: { pattern: /^\d{4}$/, digits: 4, letters: 0, example: "1000" },
  AT: { pattern: /^\d{4}$/, digits: 4, letters: 0, example: "1010" },
  CH: { pattern: /^\d{4}$/, digits: 4, letters: 0, example: "8001" },
  PL: { pattern: /^\d{2}-\d{3}$/, digits: 0, letters: 0, example: "00-950" },
  JP: { pattern: /^\d{3}-?\d{4}$/, digits: 7, letters: 0, example: "100-0001" },
  AU: { pattern: /^\d{4}$/, digits: 4, letters: 0, example: "2000" },
  BR: { pattern: /^\d{5}-?\d{3}$/, digits: 8, letters: 0, example: "01310-100" },
  KR: { pattern: /^\d{5}$/, digits: 5, letters: 0, example: "04524" },
  CN: { pattern: /^\d{6}$/, digits: 6, letters: 0, example: "200000" },
};

/** A number the recipient must give for customs, and where Shopify's checkout stores it. */
export interface CustomsIdRule {
  /** The ShipToAddress field it goes to. */
  readonly field: "TaxId" | "IDNumber";
  /** Order.localizedFields keys, first found wins. */
  readonly keys: readonly string[];
  /** Its shape once spaces, dots, hyphens and slashes are removed. */
  readonly pattern: RegExp;
  /** What it is called there, for the merchant. */
  readonly name: string;
}

const REQUIRED_CUSTOMS_ID: Readonly<Record<string, CustomsIdRule>> = {
  // Brazil's customs clear no parcel without the recipient's CPF (11 digits) or CNPJ (14 digits).
  BR: { field: "TaxId", keys: ["TAX_CREDENTIAL_BR", "SHIPPING_CREDENTIAL_BR"], pattern: /^(\d{11}|\d{14})$/, name: "CPF or CNPJ" },
  // Korea: the Personal Customs Clearance Code, P followed by 12 digits.
  KR: { field: "TaxId", keys: ["SHIPPING_CREDENTIAL_KR"], pattern: /^P\d{12}$/i, name: "Personal Customs Clearance Code (PCCC)" },
  // China: the resident identity card number of the recipient, 17 digits and a check digit or X.
  CN: { field: "IDNumber", keys: ["SHIPPING_CREDENTIAL_CN"], pattern: /^\d{17}[\dX]$/i, name: "resident identity card number" },
};

export interface DestinationRules {
  readonly provinceAsCode: boolean;
  readonly provinceRequired: boolean;
  readonly postcodeRequired: boolean;
  readonly postcodeFormat: PostcodeFormat | undefined;
  readonly houseNumberRequired: boolean;
  readonly familyNameFirst: boolean;
  /** The customs number the country requires, if any. */
  readonly requiredCustomsId: CustomsIdRule | undefined;
  /** Localized-field keys of an optional tax id sent when the customer gave one (Mexico's RFC, ...). */
  readonly optionalTaxIdKeys: readonly string[];
}

export function rulesFor(countryCode: string): DestinationRules {
  return {
    provinceAsCode: PROVINCE_AS_CODE.has(countryCode),
    provinceRequired: PROVINCE_REQUIRED.has(countryCode),
    postcodeRequired: !POSTCODE_OPTIONAL.has(countryCode),
    postcodeFormat: POSTCODE_FORMATS[countryCode],
    houseNumberRequired: HOUSE_NUMBER_REQUIRED.has(countryCode),
    familyNameFirst: FAMILY_NAME_FIRST.has(countryCode),
    requiredCustomsId: REQUIRED_CUSTOMS_ID[countryCode],
    optionalTaxIdKeys: [`TAX_CREDENTIAL_${countryCode}`, `SHIPPING_CREDENTIAL_${countryCode}`],
  };
}

/** European Union member states (import VAT and IOSS apply to parcels entering from outside). */
const EU = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]);

export function isInEu(countryCode: string): boolean {
  return EU.has(countryCode);
}

/** "Germany (DE)": the catalogue names countries the same way. */
export { countryName } from "../lib/country-name";
