/**
 * A merchant's first hour, through the pages only, on a fresh install as `./run stack -- --bare`
 * leaves it (the sandbox as provider, nothing set up, the worker running), with the pipeline's fast
 * pace and the sandbox's fast clock so that tracking comes in seconds rather than minutes:
 * Home's guide leads to Warehouses and routing, the merchant adds warehouse US01 and saves from
 * the save bar, Home follows the setup to "Done" on its own, an order placed that moment goes to
 * the warehouse (Shopify routes it there only when the warehouse's location holds the stock), and
 * Shipments shows it fulfilled, all without a reload. Before the stock sync waited for the catalogue
 * read, the guide said Done over a sync that wrote nothing and this order went to the studio.
 */
import { describe, expect, it } from "vitest";
import { getShopSettings } from "~/stores/shops/shop.server";
import { placeOrder, orderPayload } from "../support/shopify-admin";
import { expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({
  worker: true,
  env: { PIPELINE_POLICY: "fast" },
  sandbox: { createDelayMs: 0, trackingStepMs: 200 },
});

/** What a merchant waits for in their first hour, on a busy machine: generous, never a sleep. */
const SETUP_WAIT_MS = 90_000;

describe("a merchant's first hour", () => {
  it(
    "sets up a warehouse from the guide, sees the stock step Done only once Shopify holds the stock, and the next order ships",
    async () => {
      const s = admin.stack();
      const home = await admin.openAdminPage("/app", { name: "/app first hour" });
      const { page } = home;
      await expectVisible(page.getByText("1 of 5 done"));

      // The guide's link for the next step.
      await page.getByRole("link", { name: "Add a warehouse" }).click();
      await expectVisible(page.getByRole("heading", { name: "Warehouses and routing" }));
      await page.getByRole("button", { name: "Add a warehouse" }).click();
      const warehouseId = page.getByLabel("Warehouse ID");
      if ((await warehouseId.evaluate((element) => element.tagName)) === "SELECT") await warehouseId.selectOption("US01");
      else await warehouseId.fill("US01");
      await page.getByLabel("Country of the warehouse").fill("US");
      const shipFrom = page.getByLabel("Ship from this warehouse");
      if (!(await shipFrom.isChecked())) await shipFrom.check();
      await page.getByLabel("Default service").first().fill("US01-EXP");
      await home.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("Settings saved."));

      // Home, reached from the admin's menu, follows the setup by itself.
      await home.navigateFromAdminMenu("Home");
      const stockStep = page.getByRole("listitem").filter({ hasText: "Put the warehouses' stock into Shopify" });
      await expectVisible(stockStep.getByText("Done"), SETUP_WAIT_MS);
      await expectVisible(page.getByText(/^Shopify holds the provider's stock for [1-9]\d* variants? at 1 warehouse/));

      // The customer orders a mug, which only the provider's warehouse keeps, the moment the guide says Done.
      const settings = await getShopSettings(s.db, s.shop);
      const warehouseLocation = settings.warehouses[0]?.shopifyLocationId;
      expect(warehouseLocation, "the warehouse's Shopify location").toBeTruthy();
      const placed = await placeOrder(s.shopify, orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 1 }]));
      expect(
        placed.fulfillmentOrders.map((order) => order.assignedLocationId),
        "Shopify routes the order where the stock is",
      ).toEqual([warehouseLocation]);

      await home.navigateFromAdminMenu("Shipments");
      const row = page.getByRole("row").filter({ hasText: placed.order.name });
      await expectVisible(row.getByText(/^(Fulfilled|Delivered)$/), SETUP_WAIT_MS);
      await home.audit();
    },
    4 * SETUP_WAIT_MS,
  );
});
