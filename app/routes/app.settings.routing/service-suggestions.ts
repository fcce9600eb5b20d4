/**
 * "Suggest services" on Settings > Warehouses and routing, the parts the browser runs too: what the server answers,
 * and how accepted suggestions become the warehouse's "services by country" rows of the form.
 * No Remix, no Polaris, nothing of the server.
 */

export interface SuggestionPlan {
  /** Countries the shop shipped to in the last 90 days, the most shipped first. */
  countries: { code: string; name: string; shipments: number }[];
  /** Each enabled warehouse, and the SKU its prices are asked for (null: none to ask with). */
  warehouses: { warehouseId: string; sku: { sku: string; why: string } | null }[];
}

export interface SuggestedService {
  code: string;
  name: string | null;
  price: string;
  days: string | null;
}

export interface WarehouseSuggestions {
  warehouseId: string;
  byCountry: { country: string; suggested: SuggestedService | null; note: string | null }[];
}

export interface CountryService {
  country: string;
  service: string;
}

/**
 * The warehouse's rows as the form holds them now (the merchant's unsaved edits included), with
 * each accepted service set: a country already listed gets the new service, another is added.
 */
export function withSuggestedServices(rows: readonly CountryService[], accepted: readonly CountryService[]): CountryService[] {
  const merged = rows.filter((row) => row.country.trim() !== "" || row.service.trim() !== "").map((row) => ({ ...row }));
  for (const { country, service } of accepted) {
    const existing = merged.find((row) => row.country.trim().toUpperCase() === country);
    if (existing) existing.service = service;
    else merged.push({ country, service });
  }
  return merged;
}

/** The form's rows named `${prefix}.<row>.country` / `.service`, in row order. */
export function countryRowsIn(form: FormData, prefix: string): CountryService[] {
  const rows = new Map<number, CountryService>();
  const pattern = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d+)\\.(country|service)$`);
  for (const [name, value] of form.entries()) {
    const match = pattern.exec(name);
    if (!match || typeof value !== "string") continue;
    const id = Number(match[1]);
    const row = rows.get(id) ?? { country: "", service: "" };
    row[match[2] === "country" ? "country" : "service"] = value;
    rows.set(id, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}
