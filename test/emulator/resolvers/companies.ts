/** B2B on an order: who bought (Order.purchasingEntity) and on which payment terms (Order.paymentTerms). */
import { gid } from "../ids";
import { PAID_STATUSES } from "../payloads";
import type { CompanyRecord, OrderRecord, PaymentTermsRecord } from "../state";
import { moneyV2 } from "./common";
import { connection } from "./connection";
import type { Args, ResolverContext, View } from "./types";

function companyView(company: CompanyRecord): View {
  return { __typename: "Company", id: gid("Company", company.id), name: company.name };
}

/** A company's order: PurchasingCompany { company, location }; a customer's: the Customer; else null. */
export function purchasingEntityView(ctx: ResolverContext, order: OrderRecord, customer: () => View | null): View | null {
  if (order.company === null) return customer();
  const company = ctx.state.owned(ctx.state.companies, order.company.companyId, order.shop);
  const location = company?.locations.find((l) => l.id === order.company?.locationId);
  if (!company || !location) return customer();
  return {
    __typename: "PurchasingCompany",
    company: companyView(company),
    location: {
      __typename: "CompanyLocation",
      id: gid("CompanyLocation", location.id),
      name: location.name,
      company: companyView(company),
    },
    contact: null,
  };
}

/** The order's terms; a schedule is completed once the order is paid, and due (overdue) once its date has passed unpaid. */
export function paymentTermsView(ctx: ResolverContext, order: OrderRecord, terms: PaymentTermsRecord): View {
  const now = ctx.state.clock().getTime();
  const paid = PAID_STATUSES.has(order.financialStatus);
  const overdue = (dueAt: string | null) => !paid && dueAt !== null && Date.parse(dueAt) < now;
  const schedules = terms.schedules.map((schedule) => ({
    ...schedule,
    completedAt: schedule.completedAt ?? (paid ? order.updatedAt : null),
  }));
  return {
    __typename: "PaymentTerms",
    id: gid("PaymentTerms", terms.id),
    paymentTermsType: terms.type,
    paymentTermsName: terms.name,
    translatedName: terms.name,
    dueInDays: terms.dueInDays,
    due: schedules.some((s) => !paid && s.dueAt !== null && Date.parse(s.dueAt) <= now),
    overdue: schedules.some((s) => overdue(s.dueAt)),
    paymentSchedules: (args: Args) =>
      connection("PaymentSchedule", schedules, args, (schedule) => ({
        __typename: "PaymentSchedule",
        id: gid("PaymentSchedule", schedule.id),
        issuedAt: schedule.issuedAt,
        dueAt: schedule.dueAt,
        completedAt: schedule.completedAt,
        due: !paid && schedule.dueAt !== null && Date.parse(schedule.dueAt) <= now,
        amount: moneyV2(schedule.amount, order.currencyCode),
      })),
  };
}
