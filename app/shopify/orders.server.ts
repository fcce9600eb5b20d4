/** Whether an order is the shop's: Shopify answers `order(id)` with null for an order of another shop. */
import { z } from "zod";
import { runGraphql, type AdminGraphql } from "./admin-graphql.server";

const ORDER_EXISTS = `#graphql
  query OrderExists($id: ID!) {
    order(id: $id) { id }
  }`;

const OrderExists = z.object({ order: z.object({ id: z.string() }).nullable() });

export async function orderExists(admin: AdminGraphql, orderId: string): Promise<boolean> {
  const { data } = await runGraphql(admin, ORDER_EXISTS, { id: orderId }, OrderExists);
  return data.order !== null;
}
