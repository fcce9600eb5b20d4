/**
 * Pages that keep up, with the worker running at the pipeline's fast pace: each page below shows a
 * change made by work in the background (a catalogue read, a stock sync's read, a shipment's tracking) without
 * a reload. Home, Shipments (first-hour.test.ts) and Stock (stock.test.ts) are seen doing the same.
 */
import { describe, expect, it } from "vitest";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { emulatorAdmin } from "../pipeline/deps";
import { orderPayload, placeOrder } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { expectVisible, useAdminBrowser } from "./support";

/** The provider's time to create a package, on its own clock, which the test moves. */
const CREATE_DELAY_MS = 10 * 60_000;

const admin = useAdminBrowser({
  worker: true,
  env: { PIPELINE_POLICY: "fast" },
  sandbox: { createDelayMs: CREATE_DELAY_MS },
});

/** Background work on a busy machine: generous, and never a sleep. */
const WORK_WAIT_MS = 60_000;

describe("pages that keep up", () => {
  it(
    "Products shows the catalogue it asked to read once the read is done, without a reload",
    async () => {
      const products = await admin.openAdminPage("/app/products", { name: "/app/products live" });
      await expectVisible(products.page.getByText("Read your catalogue first"));
      await products.mainAction(() => products.page.getByRole("button", { name: "Read the catalogue", exact: true }).click());
      await expectVisible(products.page.getByRole("cell", { name: "MUG-CER-350-WHT" }).first(), WORK_WAIT_MS);
      await products.audit();
    },
    2 * WORK_WAIT_MS,
  );

  it(
    "Inventory age shows the stock sync's read it asked for, and a shipment's page follows it to its fulfilment, without a reload",
    async () => {
      const s = admin.stack();
      const { service } = await ensureFulfillmentService(emulatorAdmin(s.shopify.graphqlUrl(s.shop)), {
        name: "Fulfilment warehouse US01",
        callbackUrl: `${s.appUrl}/fulfillment-service`,
      });
      const location = service.locationId ?? "";
      await saveShopSettings(s.db, s.shop, {
        mode: "sandbox",
        warehouses: [{ warehouseId: "US01", shopifyLocationId: location, services: { defaultService: "US01-EXP", byCountry: {} } }],
        stockSync: { enabled: false },
      });

      // Before any sync the page reads the provider itself; asked, the sync's own read replaces it on screen.
      const inventory = await admin.openAdminPage("/app/inventory-age", { name: "/app/inventory-age live" });
      await expectVisible(inventory.page.getByText(/the stock sync has not read US01 yet\.$/));
      await inventory.mainAction(() => inventory.page.getByRole("button", { name: "Read the stock again" }).click());
      await expectVisible(inventory.page.getByText(/^As of .+, from the last stock sync\.$/), WORK_WAIT_MS);
      await inventory.audit();

      // The stock is now at the warehouse's location: an order of a mug goes there and is sent. The
      // provider creates the package when its clock says so (createDelayMs), moved on by the test.
      const placed = await placeOrder(s.shopify, orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 1 }]));
      const shipment = await waitFor(
        async () =>
          (await s.db.shipment.findFirst({ where: { shop: s.shop, orderName: placed.order.name, state: "SUBMITTED" } })) ?? undefined,
        { timeoutMs: WORK_WAIT_MS, what: `${placed.order.name} sent to the provider` },
      );
      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}`, { name: "/app/shipments/:id live" });
      await expectVisible(detail.page.getByRole("heading", { name: placed.order.name }));
      await expectVisible(detail.page.getByText("Sent to provider").first());
      const advanced = await fetch(`${s.sandboxUrl}/__sandbox/clock`, {
        method: "POST",
        body: JSON.stringify({ advanceMs: CREATE_DELAY_MS }),
      });
      expect(advanced.status).toBe(200);
      await expectVisible(detail.page.getByText("Fulfilled").first(), WORK_WAIT_MS);
      await detail.audit();
    },
    4 * WORK_WAIT_MS,
  );
});
