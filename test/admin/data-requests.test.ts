/**
 * Customer data requests over HTTP, as the embedded admin reaches them: the shop's requests with
 * where each stands, and a data request's report downloaded as JSON for the merchant to pass on;
 * never another shop's, nothing without a session token, and nothing once the customer's data was
 * erased or the report's retention passed.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useStack } from "../support/stack";
import { adminData, adminDocument, BROWSER_USER_AGENT, sessionToken } from "./support";

const stack = useStack({ worker: false });
const LIST = "routes/app.data-requests";
const OTHER_SHOP = "other-shop.myshopify.com";

const ListData = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      customer: z.string(),
      shopifyRequestId: z.string().nullable(),
      orders: z.number(),
      status: z.string(),
      downloadable: z.boolean(),
    }),
  ),
});

let sequence = 0;
async function insertRequest(
  shop: string,
  fields: {
    kind: "CUSTOMER_DATA_REQUEST" | "CUSTOMER_REDACT";
    report?: unknown;
    completed?: boolean;
    redacted?: boolean;
    shopifyRequestId?: string;
  },
) {
  sequence += 1;
  const now = new Date();
  const receipt = await stack().db.webhookReceipt.create({
    data: {
      shop,
      topic: fields.kind === "CUSTOMER_DATA_REQUEST" ? "customers/data_request" : "customers/redact",
      webhookId: `dr-${sequence}`,
      eventId: `dr-${sequence}`,
      apiVersion: "2026-10",
      status: "PROCESSED",
    },
  });
  return stack().db.complianceRequest.create({
    data: {
      shop,
      kind: fields.kind,
      customerId: `gid://shopify/Customer/${5000 + sequence}`,
      orderIds: JSON.stringify([`gid://shopify/Order/${6000 + sequence}`]),
      shopifyRequestId: fields.shopifyRequestId ?? null,
      receiptId: receipt.id,
      receivedAt: new Date(now.getTime() - sequence * 60_000),
      completedAt: fields.completed === false ? null : now,
      report: fields.report === undefined ? null : JSON.stringify(fields.report),
      redactedAt: fields.redacted ? now : null,
    },
  });
}

function download(id: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  const s = stack();
  return fetch(new URL(`/app/data-requests/${id}/report`, s.appUrl), {
    redirect: "manual",
    headers: {
      "User-Agent": BROWSER_USER_AGENT,
      ...(signedIn ? { Authorization: `Bearer ${sessionToken(s.shop, s.apiKey, s.apiSecret)}` } : {}),
    },
  });
}

describe("customer data requests", () => {
  it("lists the shop's requests with where each stands, and downloads a report as JSON, never another shop's", async () => {
    const s = stack();
    const report = { customer: "gid://shopify/Customer/1", shipments: [{ packageId: "PKG-1", shipTo: "Ada Lovelace, 1 Main St" }] };
    const answered = await insertRequest(s.shop, { kind: "CUSTOMER_DATA_REQUEST", report, shopifyRequestId: "9021" });
    const waiting = await insertRequest(s.shop, { kind: "CUSTOMER_DATA_REQUEST", completed: false, shopifyRequestId: "9022" });
    const erased = await insertRequest(s.shop, { kind: "CUSTOMER_DATA_REQUEST", report, redacted: true, shopifyRequestId: "9023" });
    // Answered, and its report removed by housekeeping once the retention passed (decision 0038).
    const removed = await insertRequest(s.shop, { kind: "CUSTOMER_DATA_REQUEST", shopifyRequestId: "9024" });
    const redaction = await insertRequest(s.shop, { kind: "CUSTOMER_REDACT", report: { erased: 3 } });
    const theirs = await insertRequest(OTHER_SHOP, {
      kind: "CUSTOMER_DATA_REQUEST",
      report: { secret: "another shop's customer" },
      shopifyRequestId: "7777",
    });

    const response = await adminData(s, "/app/data-requests", LIST);
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const { rows } = ListData.parse(await response.json());
    expect(rows.map((row) => row.id)).not.toContain(theirs.id);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(answered.id)).toMatchObject({
      kind: "Data request",
      shopifyRequestId: "9021",
      orders: 1,
      downloadable: true,
      status: expect.stringMatching(/^Report written [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    });
    expect(byId.get(waiting.id)).toMatchObject({ downloadable: false, status: "Being worked on" });
    expect(byId.get(erased.id)).toMatchObject({
      downloadable: false,
      status: expect.stringMatching(/erased since by the customer's redaction/),
    });
    expect(byId.get(removed.id)).toMatchObject({
      downloadable: false,
      status: expect.stringMatching(/^Report written .+, removed since: a report is kept \d+ days$/),
    });
    expect(byId.get(redaction.id)).toMatchObject({ kind: "Redaction", downloadable: false, status: expect.stringMatching(/^Erased /) });

    const file = await download(answered.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="customer-data-request-9021.json"');
    expect(await file.json()).toEqual(report);

    expect((await download(waiting.id)).status).toBe(404);
    const gone = await download(erased.id);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toMatch(/erased/);
    const expired = await download(removed.id);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toMatch(/^The report was removed \d+ days after it was written/);
    const other = await download(theirs.id);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("another shop's customer");

    const page = await adminDocument(s, "/app/data-requests");
    expect(page.text).toContain("Customer data requests");
    expect(page.text).toContain("Shopify request 9021");
    expect(page.text).not.toContain("7777");
  });

  it("is not shown, nor downloaded, without a session token", async () => {
    const response = await adminData(stack(), "/app/data-requests", LIST, { signedIn: false });
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    const answered = await insertRequest(stack().shop, { kind: "CUSTOMER_DATA_REQUEST", report: { secret: "x" } });
    const file = await download(answered.id, { signedIn: false });
    expect(file.status).not.toBe(200);
    expect(await file.text()).not.toContain("secret");
  });
});
