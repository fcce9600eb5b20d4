/** The Checkout rates section's fields in the merchant's words, for the page and the server's answer alike. */
export const FLAT_RATE_COLUMNS = [
  { key: "serviceName", label: "Rate name at checkout", placeholder: "e.g. Standard shipping" },
  { key: "amount", label: "Amount", placeholder: "e.g. 9.95" },
  { key: "currency", label: "Currency", placeholder: "e.g. USD" },
] as const;

/** "Flat rate 2: amount" for `flatRates.1.amount`. */
export function checkoutRatesFieldLabel(field: string): string {
  const row = /^flatRates\.(\d+)\.(serviceName|amount|currency)$/.exec(field);
  if (row) {
    const column = FLAT_RATE_COLUMNS.find((candidate) => candidate.key === row[2]);
    return `Flat rate ${Number(row[1]) + 1}: ${column?.label.toLowerCase() ?? row[2]}`;
  }
  if (field === "cacheMinutes") return "Minutes to reuse a price";
  return "Flat rates";
}
