/**
 * The shop's customer privacy requests as the merchant reads them (Shopify's customers/data_request
 * and customers/redact), and a data request's report to hand to the customer.
 */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { env } from "~/env.server";
import { listComplianceRequests } from "~/stores/compliance/compliance-request.server";
import { DEFAULT_LOCALE, formatterFor } from "~/lib/format";
import { wordsFor } from "~/lib/words";

export interface DataRequestRow {
  id: string;
  /** What was asked, in the admin's words: a copy of the data, or its erasure. */
  kind: string;
  /** Shopify's numeric customer id, as its admin shows it. */
  customer: string;
  /** Shopify's data_request id, which the merchant quotes to the customer; null for a redaction. */
  shopifyRequestId: string | null;
  orders: number;
  receivedAt: string;
  /** Where it stands, in the admin's words. */
  status: string;
  /** A data request whose report can be downloaded. */
  downloadable: boolean;
}

const numeric = (gid: string) => gid.replace(/^gid:\/\/shopify\/\w+\//, "");

export async function listDataRequests(
  db: DatabaseOrTransaction,
  shop: string,
  /** The admin's language: the rows' words and dates are written in it. */
  locale: string = DEFAULT_LOCALE,
): Promise<DataRequestRow[]> {
  const format = formatterFor(locale);
  const says = wordsFor(locale).dataRequests;
  const retention = format.number(env.RETENTION_DAYS);
  return (await listComplianceRequests(db, shop)).map((request) => {
    const isDataRequest = request.kind === "CUSTOMER_DATA_REQUEST";
    const done = request.completedAt === null ? "" : format.date(request.completedAt);
    const status =
      request.completedAt === null
        ? says.status.beingWorkedOn
        : isDataRequest
          ? request.redactedAt !== null
            ? says.status.reportErased(done)
            : request.report === null
              ? says.status.reportRemoved(done, retention)
              : says.status.reportWritten(done)
          : says.status.erased(done);
    return {
      id: request.id,
      kind: says.kinds[isDataRequest ? "CUSTOMER_DATA_REQUEST" : "CUSTOMER_REDACT"],
      customer: numeric(request.customerId),
      shopifyRequestId: request.shopifyRequestId,
      orders: request.orderIds.length,
      receivedAt: request.receivedAt.toISOString(),
      status,
      downloadable: isDataRequest && request.completedAt !== null && request.redactedAt === null && request.report !== null,
    };
  });
}

export type DataReport =
  | { kind: "unknown" }
  | { kind: "not-ready" }
  | { kind: "erased" }
  /** Housekeeping removed it, RETENTION_DAYS after it was written (decision 0038). */
  | { kind: "removed"; days: number }
  | { kind: "ready"; report: unknown; fileName: string };

/** The report of one of the shop's data requests; another shop's id is "unknown". */
export async function customerDataReportOf(db: DatabaseOrTransaction, shop: string, id: string): Promise<DataReport> {
  const row = await db.complianceRequest.findFirst({ where: { id, shop, kind: "CUSTOMER_DATA_REQUEST" } });
  if (row === null) return { kind: "unknown" };
  if (row.redactedAt !== null) return { kind: "erased" };
  if (row.completedAt === null) return { kind: "not-ready" };
  if (row.report === null) return { kind: "removed", days: env.RETENTION_DAYS };
  const name = (row.shopifyRequestId ?? row.id).replace(/[^\w-]/g, "");
  return { kind: "ready", report: JSON.parse(row.report) as unknown, fileName: `customer-data-request-${name}.json` };
}
