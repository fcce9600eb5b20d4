/**
 * A Shopify bundle on the shipment's page (decision 0046), in the built app over HTTP as the
 * embedded admin reaches it: two "Gift box" bundles of a candle and two teas each, and a scarf sold
 * on its own, from the merchant's studio. The page lists what the package carries, the components
 * under "Gift box × 2" and the scarf on its own.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { waitFor } from "../support/jobs";
import { orderPayload } from "../support/shopify-admin";
import { useStack } from "../support/stack";
import { studioHeldForReview } from "../support/studio";
import { adminData, adminDocument } from "./support";

const stack = useStack();

const DETAIL = "routes/app.shipments.$id";
const Item = z.object({ product: z.string(), sku: z.string().nullable(), quantity: z.number() });
const DetailData = z.object({
  shipment: z.object({
    items: z.array(z.object({ bundle: z.object({ title: z.string(), quantity: z.number() }).nullable(), items: z.array(Item) })),
  }),
});

async function placeGiftBoxOrder(): Promise<string> {
  const s = stack();
  const components = orderPayload([
    { sku: "CANDLE-SOY-200-LAV", quantity: 1 },
    { sku: "TEA-GREEN-100G", quantity: 2 },
  ]).line_items;
  const [scarf] = z.array(z.unknown()).parse(orderPayload([{ sku: "SCARF-SILK-90-NVY", quantity: 1 }]).line_items);
  const response = await fetch(`${s.shopifyUrl}/__emulator/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": s.shop },
    body: JSON.stringify(
      orderPayload([], { line_items: [{ title: "Gift box", sku: "GIFT-BOX-CANDLE-TEA", quantity: 2, components }, scarf] }),
    ),
  });
  if (response.status !== 201) throw new Error(`placing the order failed: ${response.status} ${await response.text()}`);
  return z.object({ order: z.object({ admin_graphql_api_id: z.string() }) }).parse(await response.json()).order.admin_graphql_api_id;
}

describe("the shipment's page of a Shopify bundle", () => {
  it("lists the bundle's components under the bundle, and a line sold on its own apart", async () => {
    const s = stack();
    await studioHeldForReview(s);
    const orderId = await placeGiftBoxOrder();
    const shipment = await waitFor(
      () => s.db.shipment.findFirst({ where: { shop: s.shop, orderId } }).then((found) => found ?? undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: `the shipment of ${orderId}`,
      },
    );

    const data = DetailData.parse(await (await adminData(s, `/app/shipments/${shipment.id}`, DETAIL)).json());
    expect(data.shipment.items).toEqual([
      {
        bundle: { title: "Gift box", quantity: 2 },
        items: [
          { product: "Soy candle 200 g, lavender", sku: "CANDLE-SOY-200-LAV", quantity: 2 },
          { product: "Sencha green tea, 100 g", sku: "TEA-GREEN-100G", quantity: 4 },
        ],
      },
      { bundle: null, items: [{ product: expect.any(String), sku: "SCARF-SILK-90-NVY", quantity: 1 }] },
    ]);

    const { html } = await adminDocument(s, `/app/shipments/${shipment.id}`);
    expect(html).toContain("Gift box × 2");
    expect(html).toContain("A bundle in Shopify: the warehouse picks its components.");
    expect(html).toMatch(/× 4.{0,200}SKU TEA-GREEN-100G/s);
  }, 60_000);
});
