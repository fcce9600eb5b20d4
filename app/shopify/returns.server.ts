/**
 * Shopify's returns: what a return brings back (its reverse fulfillment order's lines, with the
 * fulfilment each unit shipped in, so the app knows which warehouse sent it), who sends it back (the
 * order's shipping address), and disposing of the units once the warehouse has them.
 */
import { z } from "zod";
import { WeightUnit } from "~/connector/fulfillment-order";
import { assertNoUserErrors, runGraphql, UserErrors, type AdminGraphql } from "./admin-graphql.server";
import { LocationGid, OrderGid } from "./ids";

export const ReturnGid = z
  .string()
  .regex(/^gid:\/\/shopify\/Return\/\d+$/, { error: "must be a gid://shopify/Return/… id" })
  .brand<"ReturnGid">();
export type ReturnGid = z.infer<typeof ReturnGid>;
const ReverseLineGid = z.string().regex(/^gid:\/\/shopify\/ReverseFulfillmentOrderLineItem\/\d+$/);
const FulfillmentLineItemGid = z.string().regex(/^gid:\/\/shopify\/FulfillmentLineItem\/\d+$/);

/**
 * Lines and fulfilments read per return and order: what one query may cost (1,000 points) allows,
 * and more than a return of a shop's orders usually holds.
 */
const LINES_PER_READ = 25;
const FULFILMENTS_PER_ORDER = 10;

const RETURN = `#graphql
  query ReturnToReceive($id: ID!) {
    return(id: $id) {
      id name status
      order {
        id name email
        shippingAddress { name company address1 address2 city province provinceCode countryCodeV2 zip phone }
        fulfillments(first: ${FULFILMENTS_PER_ORDER}) { id location { id } fulfillmentLineItems(first: ${LINES_PER_READ}) { nodes { id } } }
      }
      returnLineItems(first: ${LINES_PER_READ}) {
        nodes { ... on ReturnLineItem { quantity totalWeight { value unit } fulfillmentLineItem { id } } }
      }
      reverseFulfillmentOrders(first: 2) {
        nodes {
          lineItems(first: ${LINES_PER_READ}) {
            nodes {
              id totalQuantity
              dispositions { quantity }
              fulfillmentLineItem { id lineItem { sku name } }
            }
          }
        }
      }
    }
  }`;

const Weight = z.object({ value: z.number(), unit: WeightUnit });

const ReturnAnswer = z.object({
  return: z
    .object({
      id: ReturnGid,
      name: z.string(),
      status: z.string(),
      order: z.object({
        id: OrderGid,
        name: z.string(),
        email: z.string().nullable(),
        shippingAddress: z
          .object({
            name: z.string().nullable(),
            company: z.string().nullable(),
            address1: z.string().nullable(),
            address2: z.string().nullable(),
            city: z.string().nullable(),
            province: z.string().nullable(),
            provinceCode: z.string().nullable(),
            countryCodeV2: z.string().nullable(),
            zip: z.string().nullable(),
            phone: z.string().nullable(),
          })
          .nullable(),
        fulfillments: z.array(
          z.object({
            id: z.string(),
            location: z.object({ id: LocationGid }).nullable(),
            fulfillmentLineItems: z.object({ nodes: z.array(z.object({ id: z.string() })) }),
          }),
        ),
      }),
      returnLineItems: z.object({
        // Other kinds of return line (unverified items) carry none of these: nothing the warehouse shipped.
        nodes: z.array(
          z.object({
            quantity: z.number().int().optional(),
            totalWeight: Weight.nullish(),
            fulfillmentLineItem: z.object({ id: FulfillmentLineItemGid }).optional(),
          }),
        ),
      }),
      reverseFulfillmentOrders: z.object({
        nodes: z.array(
          z.object({
            lineItems: z.object({
              nodes: z.array(
                z.object({
                  id: ReverseLineGid,
                  totalQuantity: z.number().int(),
                  dispositions: z.array(z.object({ quantity: z.number().int() })),
                  fulfillmentLineItem: z
                    .object({ id: FulfillmentLineItemGid, lineItem: z.object({ sku: z.string().nullable(), name: z.string() }) })
                    .nullable(),
                }),
              ),
            }),
          }),
        ),
      }),
    })
    .nullable(),
});

/** One returned line: units of one fulfilment line, where they shipped from, and how many are dealt with. */
export interface ReturnedLine {
  reverseLineId: string;
  sku: string | null;
  title: string;
  quantity: number;
  /** Units already disposed of in Shopify (restocked or not). */
  disposed: number;
  /** The location the units shipped from; null when Shopify does not say. */
  shippedFrom: LocationGid | null;
  /** The return line's total weight, when Shopify knows it. */
  weight: z.infer<typeof Weight> | null;
}

export interface ReturnToReceive {
  id: ReturnGid;
  name: string;
  /** ReturnStatus: REQUESTED, OPEN, CLOSED, DECLINED, CANCELED. */
  status: string;
  orderId: OrderGid;
  orderName: string;
  email: string | null;
  /** Where the customer is: the order's shipping address, the return parcel's sender. */
  customer: NonNullable<z.infer<typeof ReturnAnswer>["return"]>["order"]["shippingAddress"];
  lines: ReturnedLine[];
}

/** A return with what the app needs to have it received; null when Shopify does not know it. */
export async function readReturn(admin: AdminGraphql, id: string): Promise<ReturnToReceive | null> {
  const { data } = await runGraphql(admin, RETURN, { id }, ReturnAnswer);
  const found = data.return;
  if (found === null) return null;
  const shippedFrom = new Map<string, LocationGid | null>();
  for (const fulfilment of found.order.fulfillments) {
    for (const line of fulfilment.fulfillmentLineItems.nodes) shippedFrom.set(line.id, fulfilment.location?.id ?? null);
  }
  const weights = new Map(
    found.returnLineItems.nodes.flatMap((line) =>
      line.fulfillmentLineItem && line.totalWeight ? [[line.fulfillmentLineItem.id, line.totalWeight] as const] : [],
    ),
  );
  const lines = found.reverseFulfillmentOrders.nodes.flatMap((rfo) =>
    rfo.lineItems.nodes.map((line) => ({
      reverseLineId: line.id,
      sku: line.fulfillmentLineItem?.lineItem.sku ?? null,
      title: line.fulfillmentLineItem?.lineItem.name ?? "Returned item",
      quantity: line.totalQuantity,
      disposed: line.dispositions.reduce((sum, d) => sum + d.quantity, 0),
      shippedFrom: line.fulfillmentLineItem ? (shippedFrom.get(line.fulfillmentLineItem.id) ?? null) : null,
      weight: line.fulfillmentLineItem ? (weights.get(line.fulfillmentLineItem.id) ?? null) : null,
    })),
  );
  return {
    id: found.id,
    name: found.name,
    status: found.status,
    orderId: found.order.id,
    orderName: found.order.name,
    email: found.order.email,
    customer: found.order.shippingAddress,
    lines,
  };
}

const DISPOSE = `#graphql
  mutation RestockReturned($inputs: [ReverseFulfillmentOrderDisposeInput!]!) {
    reverseFulfillmentOrderDispose(dispositionInputs: $inputs) {
      reverseFulfillmentOrderLineItems { id }
      userErrors { field message code }
    }
  }`;

/** Puts returned units back on sale at a location (disposition RESTOCKED). */
export async function restockReturned(
  admin: AdminGraphql,
  locationId: LocationGid,
  lines: readonly { reverseLineId: string; quantity: number }[],
): Promise<void> {
  const inputs = lines.map((line) => ({
    reverseFulfillmentOrderLineItemId: line.reverseLineId,
    quantity: line.quantity,
    locationId,
    dispositionType: "RESTOCKED",
  }));
  const { data, operation } = await runGraphql(
    admin,
    DISPOSE,
    { inputs },
    z.object({ reverseFulfillmentOrderDispose: z.object({ userErrors: UserErrors }) }),
  );
  assertNoUserErrors(operation, data.reverseFulfillmentOrderDispose.userErrors);
}
