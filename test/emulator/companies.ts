/**
 * Shopify B2B: companies with their locations, and orders placed for them on payment terms. A
 * company is added by the control route `POST /__emulator/companies`; an order names it as Shopify's
 * REST order does (`company: {id, location_id}`) and carries its terms as REST `payment_terms`
 * (payment_terms_name, payment_terms_type, due_in_days, payment_schedules).
 */
import { z } from "zod";
import type { CompanyRecord, EmulatorState, PaymentTermsRecord } from "./state";

export const CompanyInput = z.object({
  name: z.string().trim().min(1),
  /** The company's locations by name (a branch, a depot); one named after the company when none. */
  locations: z.array(z.string().trim().min(1)).default([]),
});
export type CompanyInput = z.input<typeof CompanyInput>;

export function addCompany(state: EmulatorState, shop: string, raw: unknown): CompanyRecord {
  const input = CompanyInput.parse(raw);
  const names = input.locations.length > 0 ? input.locations : [input.name];
  const company: CompanyRecord = {
    id: state.newId(),
    shop,
    name: input.name,
    locations: names.map((name) => ({ id: state.newId(), name })),
  };
  state.companies.set(company.id, company);
  return company;
}

const id = z.union([z.number(), z.string()]);

/** REST Order `company`: the company and company location the order is for. */
export const RestCompany = z.looseObject({ id, location_id: id.nullish() });

/** REST Order `payment_terms`. */
export const RestPaymentTerms = z.looseObject({
  payment_terms_name: z.string().nullish(),
  payment_terms_type: z.enum(["FIXED", "FULFILLMENT", "NET", "RECEIPT", "UNKNOWN"]),
  due_in_days: z.number().int().nullish(),
  payment_schedules: z
    .array(
      z.looseObject({
        issued_at: z.string().nullish(),
        due_at: z.string().nullish(),
        completed_at: z.string().nullish(),
        amount: z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .nullish(),
});

/** A payload naming what the shop does not have: a 400 naming the field, like any invalid body. */
const refused = (path: string[], message: string) => new z.ZodError([{ code: "custom", path, message, input: undefined }]);

/** The company an order names, which must be one of the shop's, at one of its locations (the first when none is named). */
export function companyOfPayload(
  state: EmulatorState,
  shop: string,
  raw: z.infer<typeof RestCompany> | null | undefined,
): { companyId: number; locationId: number } | null {
  if (!raw) return null;
  const company = state.owned(state.companies, Number(raw.id), shop);
  if (!company) throw refused(["company", "id"], `is not one of ${shop}'s companies (add it with POST /__emulator/companies)`);
  const location = raw.location_id == null ? company.locations[0] : company.locations.find((l) => l.id === Number(raw.location_id));
  if (!location) throw refused(["company", "location_id"], `is not one of ${company.name}'s locations`);
  return { companyId: company.id, locationId: location.id };
}

/** Shopify's names of its standard terms, for a payload that gives none. */
function defaultName(type: string, dueInDays: number | null): string {
  if (type === "NET") return `Net ${dueInDays ?? 30}`;
  if (type === "FULFILLMENT") return "Due on fulfillment";
  if (type === "RECEIPT") return "Due on receipt";
  return type === "FIXED" ? "Fixed" : "Custom";
}

const DAY_MS = 86_400_000;

/**
 * The order's terms. A schedule the payload leaves out is Shopify's: net terms are due that many
 * days after the order is issued, due on receipt at once, a fixed date as given, and due on
 * fulfilment has no date until the order is fulfilled.
 */
export function paymentTermsOfPayload(
  state: EmulatorState,
  raw: z.infer<typeof RestPaymentTerms> | null | undefined,
  issuedAt: string,
  total: string,
): PaymentTermsRecord | null {
  if (!raw) return null;
  const dueInDays = raw.due_in_days ?? (raw.payment_terms_type === "NET" ? 30 : null);
  const given = raw.payment_schedules ?? [];
  const schedules =
    given.length > 0
      ? given.map((schedule) => ({
          id: state.newId(),
          issuedAt: schedule.issued_at ?? issuedAt,
          dueAt: schedule.due_at ?? null,
          completedAt: schedule.completed_at || null,
          amount: schedule.amount == null ? total : String(schedule.amount),
        }))
      : [
          {
            id: state.newId(),
            issuedAt,
            dueAt:
              raw.payment_terms_type === "NET" && dueInDays !== null
                ? new Date(Date.parse(issuedAt) + dueInDays * DAY_MS).toISOString()
                : raw.payment_terms_type === "RECEIPT"
                  ? issuedAt
                  : null,
            completedAt: null,
            amount: total,
          },
        ];
  return {
    id: state.newId(),
    type: raw.payment_terms_type,
    name: raw.payment_terms_name ?? defaultName(raw.payment_terms_type, dueInDays),
    dueInDays,
    schedules,
  };
}
