/**
 * What a fulfillment order still holds, cheaply: its status and its line items with what remains of
 * each (no order, no customs data). What the write-back re-reads when Shopify refuses a fulfilment,
 * to claim exactly what the fulfillment order still has after an edit, a move or a split.
 */
import { z } from "zod";
import { FulfillmentOrderStatus } from "~/connector/fulfillment-order";
import { nextCursorOf, PageInfo, pacedCalls, runGraphql, type AdminGraphql, type GraphqlResult } from "./admin-graphql.server";
import { FulfillmentOrderRequestStatus } from "./fulfillment-order-lists.server";
import { FulfillmentOrderGid, FulfillmentOrderLineItemGid } from "./ids";

const LINES_PER_PAGE = 50;

const FULFILLMENT_ORDER_LINES = `#graphql
  query FulfillmentOrderRemainingLines($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      id
      status
      requestStatus
      lineItems(first: ${LINES_PER_PAGE}, after: $after) {
        nodes { id sku remainingQuantity totalQuantity }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

const RemainingLine = z.object({
  id: FulfillmentOrderLineItemGid,
  sku: z.string().nullable(),
  remainingQuantity: z.number().int(),
  totalQuantity: z.number().int(),
});
export type RemainingLine = z.infer<typeof RemainingLine>;

const Result = z.object({
  fulfillmentOrder: z
    .object({
      id: FulfillmentOrderGid,
      status: FulfillmentOrderStatus,
      requestStatus: FulfillmentOrderRequestStatus,
      lineItems: z.object({ nodes: z.array(RemainingLine), pageInfo: PageInfo }),
    })
    .nullable(),
});

export interface FulfillmentOrderRemaining {
  id: FulfillmentOrderGid;
  status: FulfillmentOrderStatus;
  requestStatus: FulfillmentOrderRequestStatus;
  lines: RemainingLine[];
}

/** The fulfillment order's status and every line item with its remaining quantity; null when Shopify does not know it. */
export async function readFulfillmentOrderRemaining(
  admin: AdminGraphql,
  id: FulfillmentOrderGid,
): Promise<FulfillmentOrderRemaining | null> {
  const paced = pacedCalls();
  const lines: RemainingLine[] = [];
  let after: string | null = null;
  let header: Omit<FulfillmentOrderRemaining, "lines"> | undefined;
  do {
    const variables = { id, after };
    const result: GraphqlResult<z.infer<typeof Result>> = await paced(() => runGraphql(admin, FULFILLMENT_ORDER_LINES, variables, Result));
    const fo = result.data.fulfillmentOrder;
    if (fo === null) return null;
    header ??= { id: fo.id, status: fo.status, requestStatus: fo.requestStatus };
    lines.push(...fo.lineItems.nodes);
    after = nextCursorOf(fo.lineItems.pageInfo);
  } while (after !== null);
  return { ...header, lines };
}
