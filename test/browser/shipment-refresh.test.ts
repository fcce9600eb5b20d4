/**
 * The shipment page's "Refresh from the provider" in the browser: a drop-ship package still being
 * created is asked about with the single-package operation; the merchant reads the answer, the
 * state, the tracking number and the shipping costs the provider reported, and the timeline entry.
 * Home then sums those costs for the month.
 */
import { describe, expect, it } from "vitest";
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import { formatMonth } from "~/lib/format";
import { saveShopSettings } from "~/stores/shops/shop.server";
import * as example from "../provider/examples";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("a sent shipment's page", () => {
  it(
    "refreshes it from the provider: state, tracking, shipping costs and the timeline; Home sums the costs",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
      const packageId = `BROWSER-REFRESH-${Date.now()}`;
      const client = createFulfilmentClient({ baseUrl: s.sandboxUrl, auth: staticToken("browser-test") });
      await client.createDropship(example.createDropship(example.dropshipToNewYork(packageId)));
      await fetch(`${s.sandboxUrl}/__sandbox/clock`, { method: "POST", body: JSON.stringify({ advanceMs: 120_000 }) });
      const shipment = await s.db.shipment.create({
        data: {
          shop: s.shop,
          kind: "DROPSHIP",
          state: "SUBMITTED",
          fulfillmentOrderId: "gid://shopify/FulfillmentOrder/970001",
          orderId: "gid://shopify/Order/870001",
          orderName: "#3001",
          packageId,
          serviceCode: "US01-STD",
          submittedAt: new Date(),
          attempts: 1,
        },
      });

      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}`, { name: "/app/shipments/:id refresh" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "#3001" }));
      await expectVisible(page.getByText("None reported by the provider yet"));

      await detail.mainAction(() => page.getByRole("button", { name: "Refresh from the provider" }).click());
      await expectVisible(page.getByText(/^Refreshed from the provider: Created/));
      await expectVisible(page.getByText(/^Refreshed from the provider on request: Created/));
      const stored = await s.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
      expect(stored.state).toBe("CREATED");
      await expectVisible(page.getByText(stored.trackingNumber ?? "no tracking number", { exact: false }).first());
      await expectVisible(page.getByText(/^\$\d+\.\d\d/));
      await detail.audit();

      const home = await admin.openAdminPage("/app", { name: "/app shipping costs" });
      await expectVisible(home.page.getByRole("heading", { name: "Shipping costs per month" }));
      // The month and its costs as Intl writes them (lib/format.ts): "November 2026", "$12.40".
      const month = formatMonth(new Date().toISOString().slice(0, 7));
      await expectVisible(
        home.page
          .getByRole("row")
          .filter({ hasText: month })
          .getByText(/^\$\d+\.\d\d/),
      );
      await home.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
