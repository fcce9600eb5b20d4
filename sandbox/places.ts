/**
 * Countries the sandbox knows: how a destination is written, which region it is in (for price zones)
 * and the gateway city a parcel passes through on its way there (for tracking checkpoints).
 */

export type Region = "NorthAmerica" | "Europe" | "AsiaPacific";

export interface Country {
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly region: Region;
  /** Where international parcels enter the country; also the delivery city when none is given. */
  readonly gatewayCity: string;
  /** Where parcels leaving the country are sorted. */
  readonly sortingCity: string;
}

const list: readonly Country[] = [
  { code: "US", nameEn: "United States", nameZh: "美国", region: "NorthAmerica", gatewayCity: "Chicago", sortingCity: "Los Angeles" },
  { code: "CA", nameEn: "Canada", nameZh: "加拿大", region: "NorthAmerica", gatewayCity: "Toronto", sortingCity: "Mississauga" },
  { code: "MX", nameEn: "Mexico", nameZh: "墨西哥", region: "NorthAmerica", gatewayCity: "Mexico City", sortingCity: "Guadalajara" },
  { code: "GB", nameEn: "United Kingdom", nameZh: "英国", region: "Europe", gatewayCity: "London", sortingCity: "Coventry" },
  { code: "DE", nameEn: "Germany", nameZh: "德国", region: "Europe", gatewayCity: "Frankfurt am Main", sortingCity: "Leipzig" },
  { code: "FR", nameEn: "France", nameZh: "法国", region: "Europe", gatewayCity: "Paris", sortingCity: "Lyon" },
  { code: "IT", nameEn: "Italy", nameZh: "意大利", region: "Europe", gatewayCity: "Milan", sortingCity: "Bologna" },
  { code: "ES", nameEn: "Spain", nameZh: "西班牙", region: "Europe", gatewayCity: "Madrid", sortingCity: "Zaragoza" },
  { code: "NL", nameEn: "Netherlands", nameZh: "荷兰", region: "Europe", gatewayCity: "Amsterdam", sortingCity: "Utrecht" },
  { code: "BE", nameEn: "Belgium", nameZh: "比利时", region: "Europe", gatewayCity: "Brussels", sortingCity: "Liège" },
  { code: "AT", nameEn: "Austria", nameZh: "奥地利", region: "Europe", gatewayCity: "Vienna", sortingCity: "Linz" },
  { code: "PL", nameEn: "Poland", nameZh: "波兰", region: "Europe", gatewayCity: "Warsaw", sortingCity: "Poznań" },
  { code: "CH", nameEn: "Switzerland", nameZh: "瑞士", region: "Europe", gatewayCity: "Zurich", sortingCity: "Basel" },
  { code: "JP", nameEn: "Japan", nameZh: "日本", region: "AsiaPacific", gatewayCity: "Tokyo", sortingCity: "Osaka" },
  { code: "AU", nameEn: "Australia", nameZh: "澳大利亚", region: "AsiaPacific", gatewayCity: "Sydney", sortingCity: "Melbourne" },
  { code: "CN", nameEn: "China", nameZh: "中国", region: "AsiaPacific", gatewayCity: "Shanghai", sortingCity: "Shenzhen" },
  { code: "NZ", nameEn: "New Zealand", nameZh: "新西兰", region: "AsiaPacific", gatewayCity: "Auckland", sortingCity: "Christchurch" },
];

export const countries: ReadonlyMap<string, Country> = new Map(list.map((c) => [c.code, c]));

/** Names merchants' systems commonly send instead of the ISO code. */
const aliases: ReadonlyMap<string, string> = new Map([
  ["USA", "US"],
  ["UNITED STATES OF AMERICA", "US"],
  ["UK", "GB"],
  ["GREAT BRITAIN", "GB"],
  ["DEUTSCHLAND", "DE"],
  ...list.map((c): [string, string] => [c.nameEn.toUpperCase(), c.code]),
]);

/**
 * The ISO code of a destination as written by the merchant ("us", "Germany", "UK"), or the text
 * itself, upper-cased, when the sandbox does not know it (no service serves it then).
 */
export function countryCode(written: string): string {
  const key = written.trim().toUpperCase();
  return countries.has(key) ? key : (aliases.get(key) ?? key);
}
