import { describe, expect, it } from "vitest";
import { trackingLanguageOfShipment, trackingQueries } from "./tracking-queries";

describe("trackingQueries", () => {
  it("asks for each language's parcels apart, at most `size` numbers a query, in the order the parcels came", () => {
    const parcels = [
      { number: "A", lang: "en" as const },
      { number: "B", lang: "zh" as const },
      { number: "C", lang: "en" as const },
      { number: "D", lang: "en" as const },
      { number: "E", lang: "zh" as const },
    ];
    const queries = trackingQueries(parcels, (parcel) => parcel.lang, 2).map((q) => ({
      lang: q.lang,
      numbers: q.items.map((p) => p.number),
    }));
    expect(queries).toEqual([
      { lang: "en", numbers: ["A", "C"] },
      { lang: "en", numbers: ["D"] },
      { lang: "zh", numbers: ["B", "E"] },
    ]);
  });

  it("asks a shipment planned without the buyer's language in the policy's", () => {
    expect(trackingLanguageOfShipment({ trackingLanguage: "en" }, { customerLocale: null })).toBe("en");
    expect(trackingLanguageOfShipment({ trackingLanguage: "en" }, { customerLocale: "zh-TW" })).toBe("zh");
  });
});
