/**
 * A country named for a sentence: "Germany (DE)", "德国 (DE)". In lib, not the connector, because
 * the catalogue's sentences name countries too (the reasons a shipment is held, decision 0045), and
 * the catalogue may not import the domain.
 */
const regionNames = new Map<string, Intl.DisplayNames>();

/** Intl's names of countries in a language, made once per language. */
function namesIn(locale: string): Intl.DisplayNames {
  let names = regionNames.get(locale);
  if (names === undefined) {
    names = new Intl.DisplayNames([locale, "en"], { type: "region" });
    regionNames.set(locale, names);
  }
  return names;
}

/** "Germany (DE)", for messages; "德国 (DE)" in Chinese (`locale`, English unless said). The code alone when Intl has no name. */
export function countryName(countryCode: string, locale = "en"): string {
  let name: string | undefined;
  try {
    name = namesIn(locale).of(countryCode);
  } catch {
    name = undefined;
  }
  return name === undefined || name === countryCode ? countryCode : `${name} (${countryCode})`;
}
