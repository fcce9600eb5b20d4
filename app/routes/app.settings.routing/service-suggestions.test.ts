import { describe, expect, it } from "vitest";
import { countryRowsIn, withSuggestedServices } from "./service-suggestions";

describe("accepting suggested services", () => {
  it("reads a warehouse's rows from the form in row order, unsaved edits included", () => {
    const form = new FormData();
    form.append("warehouses.1.byCountry.4.country", "GB");
    form.append("warehouses.1.byCountry.4.service", "US01-EXP");
    form.append("warehouses.1.byCountry.0.country", "us");
    form.append("warehouses.1.byCountry.0.service", "US01-STD");
    form.append("warehouses.10.byCountry.0.country", "DE");
    form.append("warehouses.1.defaultService", "US01-EXP");
    expect(countryRowsIn(form, "warehouses.1.byCountry")).toEqual([
      { country: "us", service: "US01-STD" },
      { country: "GB", service: "US01-EXP" },
    ]);
  });

  it("sets the service of a country already listed, adds the others, and drops blank rows", () => {
    const rows = [
      { country: "us", service: "US01-STD" },
      { country: "", service: "" },
      { country: "GB", service: "US01-EXP" },
    ];
    expect(
      withSuggestedServices(rows, [
        { country: "GB", service: "US01-INT" },
        { country: "JP", service: "US01-INT" },
        { country: "US", service: "US01-ECO" },
      ]),
    ).toEqual([
      { country: "us", service: "US01-ECO" },
      { country: "GB", service: "US01-INT" },
      { country: "JP", service: "US01-INT" },
    ]);
    expect(rows[2]).toEqual({ country: "GB", service: "US01-EXP" });
  });
});
