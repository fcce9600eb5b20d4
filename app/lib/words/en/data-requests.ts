/**
 * Customer data requests: what Shopify asked on behalf of the shop's customers (a copy of their
 * data, or its erasure), where each stands, and the report's download.
 */
export const dataRequests = {
  title: "Customer data requests",
  subtitle: "What your customers asked of their data through Shopify, and what the app did",
  emptyHeading: "No customer data requests",
  emptyBody: "When a customer asks Shopify for a copy of their data, or for its erasure, the request and what the app did appear here.",
  resourceName: { singular: "request", plural: "requests" },
  columns: {
    received: "Received",
    request: "Request",
    customer: "Customer",
    orders: "Orders",
    status: "Status",
    report: "Report",
  },
  kinds: {
    CUSTOMER_DATA_REQUEST: "Data request",
    CUSTOMER_REDACT: "Redaction",
  },
  /** `id`: Shopify's id of the data request, which the merchant quotes to the customer. */
  shopifyRequest: (id: string) => `Shopify request ${id}`,
  /** Where a request stands; `date` as Intl writes it, `days` the retention as a number. */
  status: {
    beingWorkedOn: "Being worked on",
    reportWritten: (date: string) => `Report written ${date}`,
    reportErased: (date: string) => `Report written ${date}, erased since by the customer's redaction`,
    reportRemoved: (date: string, days: string) => `Report written ${date}, removed since: a report is kept ${days} days`,
    erased: (date: string) => `Erased ${date}`,
  },
  download: "Download",
  downloadLabel: (request: string) => `Download the report of request ${request}`,
  saved: (fileName: string) => `Saved ${fileName}. Send it to the customer as Shopify's request asks.`,
  /** `why`: the server's answer (in these words) or the browser's own error. */
  notDownloaded: (why: string) => `The report could not be downloaded: ${why}`,
  /** What the report's address answers when there is no report to give. */
  report: {
    unknown: "This shop has no such customer data request.",
    notReady: "The report of this request is not written yet: it is, within minutes of Shopify's request.",
    erased: "The report was erased: the customer's data was redacted since (customers/redact).",
    removed: (days: string) => `The report was removed ${days} days after it was written: it is a copy of the customer's data.`,
  },
};
