/**
 * The demo shop's own location (the merchant's studio) as Shopify names it in the stack: the
 * location tests route drop-ship parcels from, and orders placed there.
 */
import { z } from "zod";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { MERCHANT_LOCATION } from "../emulator/seed";
import { orderPayload, type OrderLineSpec } from "./shopify-admin";
import type { TestStack } from "./stack";

const Locations = z.object({ data: z.object({ locations: z.object({ nodes: z.array(z.object({ id: z.string(), name: z.string() })) }) }) });

export async function studioLocationId(s: Pick<TestStack, "adminGraphql">): Promise<string> {
  const locations = Locations.parse(await s.adminGraphql("{ locations(first: 10) { nodes { id name } } }"));
  const studio = locations.data.locations.nodes.find((location) => location.name === MERCHANT_LOCATION);
  if (!studio) throw new Error(`the demo shop has no ${MERCHANT_LOCATION}`);
  return studio.id;
}

/** The studio's parcels go through the provider's handling location SZ-HUB; every new one waits for review. */
export async function studioHeldForReview(
  s: Pick<TestStack, "adminGraphql" | "db" | "shop" | "sandboxUrl">,
  providerBaseUrl = s.sandboxUrl,
): Promise<string> {
  const studio = await studioLocationId(s);
  await saveShopSettings(s.db, s.shop, {
    mode: "sandbox",
    providerBaseUrl,
    dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [studio], services: { defaultService: "US01-EXP", byCountry: {} } },
    pushPolicy: "holdForReview",
  });
  return studio;
}

const PlacedOrder = z.object({
  order: z.object({ admin_graphql_api_id: z.string(), name: z.string() }),
  fulfillmentOrders: z.array(z.object({ id: z.string(), assignedLocationId: z.string() })),
});

export interface PlacedAt {
  orderId: string;
  orderName: string;
  /** The order's fulfillment order at the location asked for. */
  fulfillmentOrderId: string;
}

/**
 * Places an order in the emulator as a customer would (one candle unless `lines` says otherwise)
 * and returns its fulfillment order at `locationId` (the studio unless given); fails when Shopify
 * routed it elsewhere.
 */
export async function placeOrderAt(
  s: Pick<TestStack, "adminGraphql" | "shopifyUrl" | "shop">,
  { locationId, lines = [{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }] }: { locationId?: string; lines?: OrderLineSpec[] } = {},
): Promise<PlacedAt> {
  const at = locationId ?? (await studioLocationId(s));
  const response = await fetch(`${s.shopifyUrl}/__emulator/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": s.shop },
    body: JSON.stringify(orderPayload(lines)),
  });
  if (response.status !== 201) throw new Error(`placing the order failed: ${response.status} ${await response.text()}`);
  const placed = PlacedOrder.parse(await response.json());
  const fulfillmentOrder = placed.fulfillmentOrders.find((candidate) => candidate.assignedLocationId === at);
  if (!fulfillmentOrder) throw new Error(`the order was not routed to ${at}: ${JSON.stringify(placed.fulfillmentOrders)}`);
  return { orderId: placed.order.admin_graphql_api_id, orderName: placed.order.name, fulfillmentOrderId: fulfillmentOrder.id };
}
