/**
 * The Stock page in the browser, with the worker running: the merchant presses "Sync stock now",
 * watches the sync finish, reads what changed, and Shopify's quantities at the warehouse's location
 * are the provider's.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogue } from "../../sandbox/world";
import { startCatalogueRead } from "~/flows/catalogue/read.server";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { emulatorAdmin } from "../pipeline/deps";
import { waitFor } from "../support/jobs";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: true });

const Levels = z.object({
  data: z.object({
    location: z.object({
      inventoryLevels: z.object({
        nodes: z.array(
          z.object({ item: z.object({ sku: z.string().nullable() }), quantities: z.array(z.object({ quantity: z.number() })) }),
        ),
      }),
    }),
  }),
});

describe("the Stock page", () => {
  it(
    "syncs the provider's stock into Shopify when asked, and shows what changed",
    async () => {
      const s = admin.stack();
      const { service } = await ensureFulfillmentService(emulatorAdmin(s.shopify.graphqlUrl(s.shop)), {
        name: "Fulfilment warehouse US01",
        callbackUrl: `${s.appUrl}/fulfillment-service`,
      });
      const location = service.locationId ?? "";
      await saveShopSettings(s.db, s.shop, {
        mode: "sandbox",
        warehouses: [{ warehouseId: "US01", shopifyLocationId: location }],
        stockSync: { enabled: false },
      });
      // The catalogue read queues the stock sync as it ends: Shopify holds the provider's stock.
      await startCatalogueRead(s.db, s.shop, "SETUP");
      await waitFor(
        async () => {
          const due = await s.db.job.count({ where: { shop: s.shop, kind: "stock.sync", status: { in: ["PENDING", "RUNNING"] } } });
          return due === 0 && (await latestRun(s.db, s.shop, "STOCK_SYNC", { status: "DONE" })) !== null;
        },
        { timeoutMs: 30_000, what: "the stock sync after the catalogue read" },
      );

      const stock = await admin.openAdminPage("/app/stock", { name: "/app/stock" });
      await expectVisible(stock.page.getByText(/^Stock synced: [1-9]\d* quantities changed, 0 unchanged at 1 warehouse/));
      await expectVisible(stock.page.getByRole("cell", { name: "MUG-CER-350-WHT" }));
      // Asked again: the page follows the sync it asked for to its end, without a reload.
      await stock.mainAction(() => stock.page.getByRole("button", { name: "Sync stock now" }).click());
      await expectVisible(stock.page.getByText(/^Stock synced: 0 quantities changed, [1-9]\d* unchanged at 1 warehouse/), 30_000);
      await stock.audit();

      const answer = await s.adminGraphql(
        `query { location(id: "${location}") { inventoryLevels(first: 100) { nodes { item { sku } quantities(names: ["on_hand"]) { quantity } } } } }`,
      );
      const onHand = Object.fromEntries(
        Levels.parse(answer).data.location.inventoryLevels.nodes.map((node) => [node.item.sku, node.quantities[0]?.quantity]),
      );
      for (const sku of catalogue.filter((line) => line.stock.US01 > 0)) expect(onHand[sku.sku], sku.sku).toBe(sku.stock.US01);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "in Chinese: its cards, tables, advice and the sync's own summary in Chinese; products and SKUs as written; an older sync's summary as stored",
    async () => {
      const s = admin.stack();
      const { service } = await ensureFulfillmentService(emulatorAdmin(s.shopify.graphqlUrl(s.shop)), {
        name: "Fulfilment warehouse US01",
        callbackUrl: `${s.appUrl}/fulfillment-service`,
      });
      await saveShopSettings(s.db, s.shop, {
        mode: "sandbox",
        warehouses: [{ warehouseId: "US01", shopifyLocationId: service.locationId ?? "" }],
        stockSync: { enabled: true, intervalMinutes: 30 },
      });
      const readAsked = new Date();
      await startCatalogueRead(s.db, s.shop, "SETUP");
      await waitFor(
        async () => {
          // This read done, and a sync done after it (the one it queues as it ends): a sync still to come
          // would run while the page is shown (its progress, "Synced warehouse US01…", on it) and be
          // newer than the older version's sync stored below.
          const read = await latestRun(s.db, s.shop, "CATALOGUE_READ");
          if (read === null || read.startedAt < readAsked || read.status !== "DONE" || read.finishedAt === null) return false;
          const due = await s.db.job.count({
            where: {
              shop: s.shop,
              kind: "stock.sync",
              OR: [{ status: "RUNNING" }, { status: "PENDING", runAt: { lte: new Date(Date.now() + 60_000) } }],
            },
          });
          const sync = await latestRun(s.db, s.shop, "STOCK_SYNC");
          return due === 0 && sync !== null && sync.status === "DONE" && sync.finishedAt !== null && sync.finishedAt >= read.finishedAt;
        },
        { timeoutMs: 30_000, what: "the catalogue read and the stock sync it queued, both done" },
      );
      const stock = await admin.openAdminPage("/app/stock?locale=zh-CN", { name: "/app/stock in zh-CN" });
      const { page } = stock;
      await expectVisible(page.getByRole("heading", { name: "库存", exact: true, level: 1 }));
      await expectVisible(page.getByRole("button", { name: "立即同步库存" }));
      await expectVisible(page.getByText("每 30 分钟（"));
      await expectVisible(page.getByRole("heading", { name: "按仓库" }));
      await expectVisible(page.getByRole("columnheader", { name: "服务商有库存的 SKU" }));
      // The earlier test's sync left Shopify with the provider's stock: this one changed nothing.
      await expectVisible(page.getByRole("heading", { name: "上次同步的更改" }));
      await expectVisible(page.getByText("无：Shopify 中的数量已与服务商一致。"));
      await expectVisible(page.getByRole("link", { name: "库龄" }));
      // The sync's own summary, said from the sentence it stored.
      await expectVisible(page.getByText(/^库存已同步：在 1 个仓库中，\d+ 个数量已更新，\d+ 个未变化/));
      // Written by the shop (its products' names): shown as written; nothing else in English.
      const variants = await s.db.catalogueVariant.findMany({ where: { shop: s.shop } });
      const written = variants.flatMap((variant) => `${variant.productTitle} ${variant.variantTitle}`.match(/[A-Za-z]+/g) ?? []);
      expect(await englishLeftOn(page, written)).toEqual([]);
      await stock.audit();

      // A sync stored by an older version (its English message, no sentence): shown as it was stored.
      const last = await latestRun(s.db, s.shop, "STOCK_SYNC", { status: "DONE" });
      const { say: _said, ...summary } = z.record(z.string(), z.unknown()).parse(JSON.parse(last?.result ?? "{}"));
      const older = "Stock synced: 3 quantities changed, 0 unchanged at 1 warehouse.";
      await s.db.syncRun.create({
        data: {
          shop: s.shop,
          kind: "STOCK_SYNC",
          status: "DONE",
          trigger: "SCHEDULE",
          message: older,
          result: JSON.stringify(summary),
          startedAt: new Date(),
          finishedAt: new Date(),
        },
      });
      await page.reload();
      await expectVisible(page.getByText(older, { exact: true }));
      await expectVisible(page.getByRole("heading", { name: "按仓库" }));
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
