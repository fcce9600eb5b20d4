/**
 * The rate calculator's form, read the same way in the browser (as the merchant types) and on the
 * server (conform with zod 4, decision 0012). Each field is checked with the rule of the provider's
 * own pricing request (operations 14 and 18: app/fulfilment/schemas/requests.ts), so what the form
 * accepts the provider's schema accepts too; the server checks the request built from it once more.
 * SKU lines are keyed by a number that never changes (`lines.3.quantity`), as the Settings rows are.
 * No Remix, no Polaris, nothing of the server.
 */
import { z } from "zod";
import { PriceAllServicesRequest, PriceOneServiceRequest, SkuInfo } from "~/fulfilment/schemas";
import { wholeNumber } from "~/lib/form-values";

const request = PriceAllServicesRequest.shape;

/** A field as typed, trimmed; a field not sent reads as blank. */
const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

/** Blank is "not given" (left out of the request); anything else must pass the provider's rule. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  text.transform((value) => (value === "" ? undefined : value)).pipe(schema.optional());

/** The provider allows an empty Country ("length 0-100"), but no price can be had for nowhere. */
const required = <T extends z.ZodType<unknown, string>>(schema: T, message = "is required") =>
  text.pipe(z.string().min(1, { error: message })).pipe(schema);

const quantity = required(wholeNumber(SkuInfo.shape.Quantity));

const Line = z.object({ sku: required(SkuInfo.shape.Sku), quantity });

/** Lines by their number; a line whose SKU is blank is no line. */
const lines = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).filter(
            ([, line]) => typeof line === "object" && line !== null && String((line as Record<string, unknown>).sku ?? "").trim() !== "",
          ),
        )
      : {},
  z.record(z.string().regex(/^\d+$/), Line).refine((all) => Object.keys(all).length > 0, { error: "Add at least one SKU to price." }),
);

export const QuoteForm = z.object({
  warehouseId: required(request.WarehouseId, "is required: choose the warehouse that ships"),
  country: required(request.Country, "is required: choose where the parcel goes"),
  postcode: optional(request.Postcode.unwrap()),
  city: optional(request.City.unwrap()),
  province: optional(request.Province.unwrap()),
  lines,
});
export type QuoteFormValues = z.output<typeof QuoteForm>;

/** One service's price (operation 18): the same form and the service chosen. */
export const ServiceQuoteForm = QuoteForm.extend({ service: required(PriceOneServiceRequest.shape.ServiceCode) });

/** The request fields as the page names them, for errors the provider's schema or the provider itself gives by field. */
export const FIELD_OF_REQUEST: Readonly<Record<string, string>> = {
  WarehouseId: "warehouseId",
  Country: "country",
  Postcode: "postcode",
  City: "city",
  Province: "province",
  ServiceCode: "service",
};
