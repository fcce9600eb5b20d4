/**
 * The rate calculator's server side: the form read and checked as in the browser, the shop's own
 * warehouse and SKUs (store SKU → provider SKU, as the pipeline sends them), the request checked
 * against the provider's schema, then priced: every service of the warehouse (operation 14, with
 * the services that cannot carry the parcel and why), or one service in detail (operation 18).
 * Whatever is refused, by our checks or by the provider, comes back at the field it is about.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import prisma from "~/db.server";
import { countryName } from "~/connector/countries";
import { chargeLinesOf, rankServicePrices, type ChargeLine, type ServicePrice } from "~/connector/pricing";
import { providerProblem } from "~/connector/provider-problem";
import { fieldPath, ProviderError, ProviderValidationError } from "~/fulfilment/errors";
import { PriceAllServicesRequest, PriceOneServiceRequest } from "~/fulfilment/schemas";
import { PermanentFailure } from "~/jobs/handler";
import { allVariants, skuChoices } from "~/stores/catalogue/variants.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { FIELD_OF_REQUEST, quoteFormsIn, type QuoteFormValues } from "./form";
import { wordsFor } from "~/lib/words";
import { ruleText } from "~/lib/words/rule-said";
import { textIn } from "~/lib/words/reason-said";
import { log } from "~/lib/log.server";

export interface QuotedLine {
  sku: string;
  providerSku: string;
  name: string;
  quantity: number;
}

/** What was priced, for the heading of the answer and to ask again for one service. */
export interface Priced {
  warehouseId: string;
  country: string;
  destination: string;
  lines: QuotedLine[];
  /** The form's fields as submitted, to price one service of this same parcel. */
  inputs: Record<string, string>;
}

export type PricingAnswer =
  | { intent: "quote"; ok: true; priced: Priced; services: ServicePrice[] }
  | { intent: "service"; ok: true; priced: Priced; service: ServicePrice; charges: ChargeLine[] }
  /** `result` puts each error at its field (conform's lastResult); `problem` is what no field explains. */
  | { intent: "quote" | "service"; ok: false; result: SubmissionResult<string[]> | null; problem: string | null };

type Intent = "quote" | "service";

/** A request path (Skus[1].Quantity) as the form field it came from (lines.4.quantity). */
function fieldOfRequestPath(path: string, lineIds: readonly string[]): string | null {
  const line = /^Skus\[(\d+)\]\.(Sku|Quantity)$/.exec(path);
  if (line) {
    const id = lineIds[Number(line[1])];
    return id === undefined ? "lines" : `lines.${id}.${line[2] === "Sku" ? "sku" : "quantity"}`;
  }
  if (path === "Skus") return "lines";
  return FIELD_OF_REQUEST[path] ?? null;
}

/** Errors by request path as conform's field errors; what names no field goes to the problem line. */
function errorsByField(errors: readonly { path: string; message: string }[], lineIds: readonly string[]) {
  const fieldErrors: Record<string, string[]> = {};
  const other: string[] = [];
  for (const { path, message } of errors) {
    const field = fieldOfRequestPath(path, lineIds);
    if (field === null) other.push(path === "" ? message : `${path} ${message}`);
    else fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
  }
  return { fieldErrors, other };
}

function inputsOf(values: QuoteFormValues): Record<string, string> {
  const inputs: Record<string, string> = {
    warehouseId: values.warehouseId,
    country: values.country,
    postcode: values.postcode ?? "",
    city: values.city ?? "",
    province: values.province ?? "",
  };
  for (const [id, line] of Object.entries(values.lines)) {
    inputs[`lines.${id}.sku`] = line.sku;
    inputs[`lines.${id}.quantity`] = String(line.quantity);
  }
  return inputs;
}

/** Prices the form's parcel for the admin whose language is `locale`: its refusals and the destination's name are said in it. */
export async function priceFromForm(
  shop: string,
  intent: Intent,
  form: FormData,
  locale: string,
): Promise<{ status: number; answer: PricingAnswer }> {
  const errors = wordsFor(locale).pricing.errors;
  const forms = quoteFormsIn(wordsFor(locale));
  const refused = (result: SubmissionResult<string[]> | null, problem: string | null = null) => ({
    status: 400,
    answer: { intent, ok: false as const, result, problem },
  });
  const submission =
    intent === "quote"
      ? parseWithZod(form, { schema: forms.quote, disableAutoCoercion: true })
      : parseWithZod(form, { schema: forms.service, disableAutoCoercion: true });
  if (submission.status !== "success") return refused(submission.reply());
  const values = submission.value;

  const settings = await getShopSettings(prisma, shop);
  if (!settings.warehouses.some((warehouse) => warehouse.warehouseId === values.warehouseId)) {
    return refused(submission.reply({ fieldErrors: { warehouseId: [errors.notYourWarehouse] } }));
  }
  const names = new Map(skuChoices(await allVariants(prisma, shop)).map(({ sku, name }) => [sku, name] as const));
  const lineIds = Object.keys(values.lines).sort((a, b) => Number(a) - Number(b));
  const lines: QuotedLine[] = lineIds.flatMap((id) => {
    const line = values.lines[id];
    return line === undefined
      ? []
      : [
          {
            sku: line.sku,
            providerSku: settings.skus.bySku[line.sku]?.providerSku ?? line.sku,
            name: names.get(line.sku) ?? line.sku,
            quantity: line.quantity,
          },
        ];
  });
  const unknown = Object.fromEntries(
    lineIds.flatMap((id) => (names.has(values.lines[id]?.sku ?? "") ? [] : [[`lines.${id}.sku`, [errors.notYourSku]]])),
  );
  if (Object.keys(unknown).length > 0) return refused(submission.reply({ fieldErrors: unknown }));

  const base = {
    WarehouseId: values.warehouseId,
    Country: values.country,
    ...(values.postcode === undefined ? {} : { Postcode: values.postcode }),
    ...(values.city === undefined ? {} : { City: values.city }),
    ...(values.province === undefined ? {} : { Province: values.province }),
    Skus: lines.map((line) => ({ Sku: line.providerSku, Quantity: line.quantity })),
  };
  const service = "service" in values && typeof values.service === "string" ? values.service : null;
  // The provider's own schema, on the request as it will be sent (provider SKUs included).
  const checked =
    service === null
      ? PriceAllServicesRequest.safeParse({ ...base, IncludeUnsuccessful: true })
      : PriceOneServiceRequest.safeParse({ ...base, ServiceCode: service });
  if (!checked.success) {
    const { fieldErrors, other } = errorsByField(
      // A provider SKU the merchant's entry maps to may break a rule the store SKU kept: said in the admin's words.
      checked.error.issues.map((issue) => ({
        path: fieldPath(issue.path),
        message: ruleText(wordsFor(locale).providerRules, issue.message),
      })),
      lineIds,
    );
    return refused(
      submission.reply({ fieldErrors, formErrors: other }),
      other.length > 0 ? errors.notPriced(other.join(errors.between)) : null,
    );
  }

  const priced: Priced = {
    warehouseId: values.warehouseId,
    country: values.country,
    destination: countryName(values.country, locale),
    lines,
    inputs: inputsOf(values),
  };
  try {
    const provider = await appPipelineDeps().provider(shop);
    if (service === null) {
      const results = await provider.priceAllServices({ ...base, IncludeUnsuccessful: true });
      return { status: 200, answer: { intent: "quote", ok: true, priced, services: rankServicePrices(results) } };
    }
    const result = await provider.priceOneService({ ...base, ServiceCode: service });
    const [ranked] = rankServicePrices([result]);
    if (ranked === undefined) throw new Error("a price was ranked away");
    return {
      status: 200,
      answer: { intent: "service", ok: true, priced, service: ranked, charges: result.Success ? chargeLinesOf(result) : [] },
    };
  } catch (error) {
    // Live mode without a usable connection: what a person must mend, in the admin's words when it is a sentence.
    if (error instanceof PermanentFailure)
      return refused(null, textIn(wordsFor(locale).jobErrors, { message: error.message, say: error.said?.say }));
    if (error instanceof ProviderValidationError) {
      // The provider names the request's field (Skus[0].Sku): shown there, and said in the answer's place.
      const { fieldErrors } = errorsByField(
        error.errors.map((detail) => ({ path: detail.code, message: detail.message })),
        lineIds,
      );
      return refused(submission.reply({ fieldErrors }), errors.providerRefused(error.errors.map((detail) => detail.message).join("; ")));
    }
    if (!(error instanceof ProviderError)) throw error;
    const problem = providerProblem(error, wordsFor(locale).providerProblems);
    log.warn({ shop, err: error }, "Pricing: the provider could not price");
    return refused(null, problem);
  }
}
