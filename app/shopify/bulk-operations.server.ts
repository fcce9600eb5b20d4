/**
 * Shopify's bulk operations: a query over the whole catalogue run by Shopify in the background,
 * its result a JSONL file (one object per line) fetched when it completes. Large catalogues are
 * read this way instead of page by page: one query's cost, no cursor to keep, no 25,000-object
 * limit of paginated connections.
 */
import { z } from "zod";
import { assertNoUserErrors, payloadOf, runGraphql, UserErrors, type AdminGraphql } from "./admin-graphql.server";
import { ShopifyResponseShapeError } from "./errors";

const BulkOperationGid = z.string().regex(/^gid:\/\/shopify\/BulkOperation\/\d+$/, { error: "must be a gid://shopify/BulkOperation/… id" });

const RUN_QUERY = `#graphql
  mutation BulkQueryRun($query: String!) {
    bulkOperationRunQuery(query: $query) {
      bulkOperation { id status }
      userErrors { field message code }
    }
  }`;

/** Starts `query` (a document with one top-level connection) as a bulk operation; its id. */
export async function runBulkQuery(admin: AdminGraphql, query: string): Promise<string> {
  const { data, operation } = await runGraphql(
    admin,
    RUN_QUERY,
    { query },
    payloadOf("bulkOperationRunQuery", z.object({ bulkOperation: z.object({ id: BulkOperationGid }).nullable(), userErrors: UserErrors })),
  );
  assertNoUserErrors(operation, data.userErrors);
  if (data.bulkOperation === null)
    throw new ShopifyResponseShapeError(operation, [{ path: ["bulkOperation"], message: "is null, yet no userErrors were given" }]);
  return data.bulkOperation.id;
}

const STATUS = `#graphql
  query BulkOperationStatus($id: ID!) {
    bulkOperation(id: $id) { id status errorCode objectCount url partialDataUrl }
  }`;

export const BulkOperationState = z.object({
  id: BulkOperationGid,
  status: z.enum(["CANCELED", "CANCELING", "COMPLETED", "CREATED", "EXPIRED", "FAILED", "RUNNING"]),
  errorCode: z.string().nullable(),
  /** Objects written so far (UnsignedInt64, sent as a string). */
  objectCount: z.coerce.number(),
  /** The JSONL result once COMPLETED; null when the query matched nothing. */
  url: z.string().nullable(),
  partialDataUrl: z.string().nullable(),
});
export type BulkOperationState = z.infer<typeof BulkOperationState>;

/** Where a bulk operation stands; null when Shopify does not know the id (expired). */
export async function bulkOperationState(admin: AdminGraphql, id: string): Promise<BulkOperationState | null> {
  const { data } = await runGraphql(admin, STATUS, { id }, z.object({ bulkOperation: BulkOperationState.nullable() }));
  return data.bulkOperation;
}

/**
 * The result file's lines, parsed as JSON. Fetched whole: a catalogue of 25,000 variants is a few
 * MB. `fetchFile` is the transport (Shopify's storage, or the emulator in tests).
 */
export async function readJsonLines(url: string, fetchFile: typeof fetch = fetch): Promise<unknown[]> {
  const response = await fetchFile(url);
  if (!response.ok) throw new Error(`The bulk operation's result could not be downloaded: HTTP ${response.status}`);
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`Line ${index + 1} of the bulk operation's result is not JSON`);
      }
    });
}
