/**
 * A Shopify bundle on the shipment's page in the browser (decision 0046): the merchant sold two
 * "Gift box" bundles and a scarf, and reads what the parcel carries, the candles and teas under
 * "Gift box × 2". The shipment is a row as the pipeline leaves it (test/pipeline/bundles.test.ts
 * shows the pipeline writing these lines).
 */
import { describe, it } from "vitest";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

const giftBox = { id: "gid://shopify/LineItemGroup/7001", title: "Gift box", quantity: 2 };

describe("the shipment's page of a Shopify bundle", () => {
  it(
    "lists the bundle's components under the bundle, and the scarf sold on its own",
    async () => {
      const s = admin.stack();
      const shipment = await s.db.shipment.create({
        data: {
          shop: s.shop,
          kind: "OUTBOUND",
          state: "FULFILLED",
          fulfillmentOrderId: "gid://shopify/FulfillmentOrder/910001",
          orderId: "gid://shopify/Order/810001",
          orderName: "#3001",
          packageId: "BUNDLE-3001",
          warehouseCode: "US01",
          serviceCode: "US01-STD",
          trackingNumber: "9400100000000000003001",
          lineItems: JSON.stringify([
            {
              id: "gid://shopify/FulfillmentOrderLineItem/1",
              quantity: 2,
              product: "Soy candle 200 g, lavender",
              sku: "CANDLE-SOY-200-LAV",
              bundle: giftBox,
            },
            {
              id: "gid://shopify/FulfillmentOrderLineItem/2",
              quantity: 4,
              product: "Sencha green tea, 100 g",
              sku: "TEA-GREEN-100G",
              bundle: giftBox,
            },
            { id: "gid://shopify/FulfillmentOrderLineItem/3", quantity: 1, product: "Silk scarf 90 cm, navy", sku: "SCARF-SILK-90-NVY" },
          ]),
        },
      });

      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}`, { name: "/app/shipments/:id bundle" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "Items" }));
      await expectVisible(page.getByText("Gift box × 2"));
      await expectVisible(page.getByText("A bundle in Shopify: the warehouse picks its components."));
      await expectVisible(page.getByText("Sencha green tea, 100 g × 4"));
      await expectVisible(page.getByText("Silk scarf 90 cm, navy × 1"));
      await detail.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
