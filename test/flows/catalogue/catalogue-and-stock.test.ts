/**
 * The catalogue and stock flows against the real sandbox and the Shopify emulator, run by a worker
 * as in the app: the catalogue read (a bulk operation and the provider's SKU pages), the SKU
 * registration with its per-row outcomes, and the stock sync's writes at the warehouse's location.
 */
import { textIn } from "~/lib/words/reason-said";
import { zhCN } from "~/lib/words/zh-CN";
import { partsIn, partsSayOf } from "~/lib/words/parts-said";
import { runSayOf } from "~/stores/catalogue/run-say";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogue } from "../../../sandbox/world";
import { available, take } from "../../../sandbox/orders/stock";
import { startCatalogueRead } from "~/flows/catalogue/read.server";
import { startRegistration } from "~/flows/catalogue/register.server";
import { missingSkus } from "~/routes/app.products._index/products.server";
import { catalogueHandlers } from "~/flows/catalogue/handlers";
import { queueStockSync } from "~/flows/queue/stages.server";
import { stockHandlers } from "~/flows/stock/handlers";
import { saveKit } from "~/stores/catalogue/kits.server";
import { providerSkusOf } from "~/stores/catalogue/provider-skus.server";
import { itemsOf, latestRun } from "~/stores/catalogue/sync-runs.server";
import { parseStockSyncResult } from "~/stores/stock/stock-sync-result";
import { warehouseStockOf } from "~/stores/stock/warehouse-stock.server";
import { productsWithoutSku } from "../../emulator/seed";
import { emulatorAdmin, DEMO_SHOP } from "../../pipeline/deps";
import { waitFor } from "../../support/jobs";
import { runFinished, useWarehouseShop } from "../../support/warehouse-shop";

const Levels = z.object({
  data: z.object({
    location: z.object({
      inventoryLevels: z.object({
        nodes: z.array(
          z.object({
            item: z.object({ sku: z.string().nullable() }),
            quantities: z.array(z.object({ name: z.string(), quantity: z.number() })),
          }),
        ),
      }),
    }),
  }),
});

/** What Shopify holds at the warehouse's location now, by SKU and quantity name. */
async function shopifyStockAtWarehouse(): Promise<Record<string, { onHand: number; available: number; committed: number }>> {
  const response = await emulatorAdmin(shopify().emulator.graphqlUrl(DEMO_SHOP)).graphql(
    `query { location(id: "${warehouseShop().warehouseLocation}") { inventoryLevels(first: 100) { nodes { item { sku } quantities(names: ["on_hand", "available", "committed"]) { name quantity } } } } }`,
  );
  const nodes = Levels.parse(await response.json()).data.location.inventoryLevels.nodes;
  const quantity = (node: (typeof nodes)[number], name: string) => node.quantities.find((q) => q.name === name)?.quantity ?? 0;
  return Object.fromEntries(
    nodes.map((node) => [
      node.item.sku ?? "",
      { onHand: quantity(node, "on_hand"), available: quantity(node, "available"), committed: quantity(node, "committed") },
    ]),
  );
}

const warehouseShop = useWarehouseShop({
  tables: ["job", "syncRun", "catalogueVariant", "providerSku", "warehouseStock", "shipment", "kitComponent"],
  settings: { skuDefaults: { size: { lengthCm: 20, widthCm: 15, heightCm: 10 } } },
  handlers: (deps) => ({ ...catalogueHandlers(deps), ...stockHandlers(deps) }),
});
const db = () => warehouseShop().db;
const shopify = () => warehouseShop().shopify;
const sandbox = () => warehouseShop().sandbox;
const testDeps = () => warehouseShop().testDeps;
const finished = (runId: string) => runFinished(db(), runId);

async function readCatalogue(): Promise<void> {
  const run = await finished(await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT"));
  expect(run.status, run.message ?? "").toBe("DONE");
}

/** What a run says of itself as a Chinese admin reads it. */
const inChinese = (run: { message: string | null; result: string | null }) =>
  textIn(zhCN.runSays, { message: run.message ?? "", say: runSayOf(run.result) });

const syncsDone = () => db().syncRun.count({ where: { shop: DEMO_SHOP, kind: "STOCK_SYNC", status: "DONE" } });

/**
 * The stock syncs asked for so far have all run: more than `before` are DONE, none is running, and
 * the next is the schedule's, not one due now. Returns the latest.
 */
async function syncedSince(before: number) {
  await waitFor(
    async () => {
      const due = await db().job.count({
        where: {
          shop: DEMO_SHOP,
          kind: "stock.sync",
          OR: [{ status: "RUNNING" }, { status: "PENDING", runAt: { lte: new Date(Date.now() + 60_000) } }],
        },
      });
      return due === 0 && (await syncsDone()) > before;
    },
    { timeoutMs: 15_000, what: `a stock sync after the ${before} done` },
  );
  const run = await latestRun(db(), DEMO_SHOP, "STOCK_SYNC", { status: "DONE" });
  if (run === null) throw new Error("no stock sync done");
  return run;
}

describe("the catalogue read", () => {
  it("keeps every Shopify variant, those without a SKU too, and every SKU the provider knows, side by side", async () => {
    const runId = await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT");
    const run = await finished(runId);
    const withoutSku = productsWithoutSku().flatMap((product) => product.variants).length;
    expect(run).toMatchObject({ status: "DONE", total: catalogue.length + withoutSku, processed: catalogue.length + withoutSku });
    expect(run.message).toBe(
      `Read ${catalogue.length + withoutSku} variants from Shopify (${withoutSku} without a SKU) and ${catalogue.length} SKUs from the provider.`,
    );
    // Said again in a Chinese admin's words, from the sentence the run keeps beside its summary.
    expect(inChinese(run)).toBe(
      `已从 Shopify 读取 ${catalogue.length + withoutSku} 个变体（其中 ${withoutSku} 个没有 SKU），并从服务商读取 ${catalogue.length} 个 SKU。`,
    );
    const variants = await db().catalogueVariant.findMany({ where: { shop: DEMO_SHOP } });
    expect(
      variants
        .filter((variant) => variant.sku !== null)
        .map((variant) => variant.sku)
        .sort(),
    ).toEqual(catalogue.map((sku) => sku.sku).sort());
    const mug = variants.find((variant) => variant.sku === "MUG-CER-350-WHT");
    expect(mug).toMatchObject({ weightGrams: 420, tracked: true, productTitle: "Ceramic mug 350 ml, white" });
    expect([...(await providerSkusOf(db(), DEMO_SHOP)).keys()].sort()).toEqual(catalogue.map((sku) => sku.sku).sort());
  });

  it("forgets variants Shopify no longer has on the next read, and starts no second read while one runs", async () => {
    await readCatalogue();
    const first = await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT");
    expect(await startCatalogueRead(db(), DEMO_SHOP, "MERCHANT")).toBe(first);
    await finished(first);
    expect(await db().catalogueVariant.count({ where: { shop: DEMO_SHOP, readId: { not: first } } })).toBe(0);
  });
});

describe("registering SKUs", () => {
  it("registers what can be, and says for each of the others which fields and why; the provider then knows them", async () => {
    shopify().emulator.addProducts(DEMO_SHOP, [
      {
        title: "Linen apron",
        vendor: "Northfield Home",
        productType: "Apron",
        variants: [{ sku: "APRON-LIN-NAT", price: "38.00", weight: { value: 0.35, unit: "KILOGRAMS" }, harmonizedSystemCode: "630790" }],
      },
      { title: "Beeswax wrap", vendor: "Northfield Home", productType: "Wrap", variants: [{ sku: "WRAP-BEE-3", price: "14.00" }] },
    ]);
    await readCatalogue();
    const runId = await startRegistration(db(), DEMO_SHOP, ["APRON-LIN-NAT", "WRAP-BEE-3", "MUG-CER-350-WHT"], "MERCHANT");
    const run = await finished(runId);
    expect(run).toMatchObject({ status: "DONE", total: 3, processed: 3, failed: 1 });
    expect(run.message).toBe("Registered 2 SKUs; 1 could not be: each says why.");
    expect(inChinese(run)).toBe("已备案 2 个 SKU；1 个未能备案，每个都写明了原因。");
    const rows = Object.fromEntries((await itemsOf(db(), runId)).map((item) => [item.key, [item.status, item.message]]));
    expect(rows["APRON-LIN-NAT"]).toEqual(["DONE", "Registered."]);
    expect(rows["MUG-CER-350-WHT"]).toEqual(["DONE", "Already registered; nothing changed."]);
    expect(rows["WRAP-BEE-3"]?.[0]).toBe("FAILED");
    expect(rows["WRAP-BEE-3"]?.[1]).toMatch(/^Weight is missing\. Enter the variant's weight in Shopify/);
    // Each row's answer said again in the admin's language, as Products shows the last attempt.
    const rowsInChinese = Object.fromEntries(
      (await itemsOf(db(), runId)).map((item) => [
        item.key,
        partsIn(zhCN, { message: item.message ?? "", say: partsSayOf(item.messageSay) }),
      ]),
    );
    expect(rowsInChinese["APRON-LIN-NAT"]).toBe("已备案。");
    expect(rowsInChinese["MUG-CER-350-WHT"]).toBe("已备案过，未做更改。");
    expect(rowsInChinese["WRAP-BEE-3"]?.startsWith(zhCN.skuChecks.noWeight()), rowsInChinese["WRAP-BEE-3"]).toBe(true);

    const known = await providerSkusOf(db(), DEMO_SHOP);
    expect(known.get("APRON-LIN-NAT")?.record).toMatchObject({
      Sku: "APRON-LIN-NAT",
      Weight: 350,
      Length: 20,
      Width: 15,
      Height: 10,
      DeclareName: "Linen apron",
      HsCode: "630790",
      DeclareValue: 38,
    });
  });
});

describe("a registration that the provider interrupts", () => {
  it("resumes where it stopped: each SKU is sent until it has an outcome, none registered twice", async () => {
    shopify().emulator.addProducts(
      DEMO_SHOP,
      ["CUP-1", "CUP-2", "CUP-3", "CUP-4"].map((sku, index) => ({
        title: `Espresso cup ${index + 1}`,
        vendor: "Northfield Home",
        productType: "Cup",
        variants: [{ sku, price: "9.00", weight: { value: 120, unit: "GRAMS" } }],
      })),
    );
    await readCatalogue();
    // The provider fails on the first SKU after creating it (the answer is lost), for both of the
    // client's attempts: the job fails, and its retry resumes with the SKUs still pending.
    const fault = await fetch(`${sandbox().url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operation: "createMerchantSku", kind: "500", count: 2, afterProcessing: true }),
    });
    expect(fault.ok).toBe(true);
    testDeps().deps.policy = { ...testDeps().deps.policy, skusPerRegistrationRound: 2 };
    const before = testDeps().providerCalls.createMerchantSku ?? 0;
    const runId = await startRegistration(db(), DEMO_SHOP, ["CUP-1", "CUP-2", "CUP-3", "CUP-4"], "MERCHANT");
    const run = await finished(runId);
    expect(run).toMatchObject({ status: "DONE", total: 4, processed: 4, failed: 0 });
    const rows = await itemsOf(db(), runId);
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ["CUP-1", "DONE"],
      ["CUP-2", "DONE"],
      ["CUP-3", "DONE"],
      ["CUP-4", "DONE"],
    ]);
    // Four SKUs, one lost answer: five calls; the one sent twice was answered "already registered".
    expect((testDeps().providerCalls.createMerchantSku ?? 0) - before).toBe(5);
    expect(rows.filter((row) => row.message === "Already registered; nothing changed.")).toHaveLength(1);
    const known = await providerSkusOf(db(), DEMO_SHOP);
    for (const sku of ["CUP-1", "CUP-2", "CUP-3", "CUP-4"]) expect(known.get(sku)?.record.Weight).toBe(120);
  });
});

describe("a registration longer than one read-back page", () => {
  it("reads back the approval of every SKU it registered, page after page, so Products knows them all", async () => {
    const skus = ["BOWL-1", "BOWL-2", "BOWL-3", "BOWL-4", "BOWL-5"];
    shopify().emulator.addProducts(
      DEMO_SHOP,
      skus.map((sku, index) => ({
        title: `Stoneware bowl ${index + 1}`,
        vendor: "Northfield Home",
        productType: "Bowl",
        variants: [{ sku, price: "16.00", weight: { value: 300, unit: "GRAMS" } }],
      })),
    );
    await readCatalogue();
    // Two rows a page stands for production's 100: a big merchant's 20,000 SKUs are many pages
    // (the read-back once took the first 10,000 rows and no more).
    testDeps().deps.policy = { ...testDeps().deps.policy, skusPerReadBack: 2 };
    const before = testDeps().providerCalls.searchSkus ?? 0;
    const run = await finished(await startRegistration(db(), DEMO_SHOP, skus, "MERCHANT"));
    expect(run).toMatchObject({ status: "DONE", total: 5, processed: 5, failed: 0 });
    expect(run.message).toBe("Registered 5 SKUs with the provider.");
    expect((testDeps().providerCalls.searchSkus ?? 0) - before).toBe(3);
    const known = await providerSkusOf(db(), DEMO_SHOP, skus);
    expect(skus.map((sku) => [sku, known.get(sku)?.approvalStatus])).toEqual(skus.map((sku) => [sku, "Approved"]));
    // And "Register all missing" has nothing left of them to send.
    expect((await missingSkus(db(), DEMO_SHOP)).filter((sku) => skus.includes(sku))).toEqual([]);
  });
});

describe("the stock sync", () => {
  it("puts the provider's stock on hand at the warehouse's location, for the SKUs the provider knows", async () => {
    expect(await shopifyStockAtWarehouse()).toEqual({});
    // The read's end queues the sync: a variant read is stocked at the warehouse at once.
    await readCatalogue();
    const run = await syncedSince(0);
    const atWarehouse = await shopifyStockAtWarehouse();
    for (const sku of catalogue) {
      const expected = sku.stock.US01;
      if (expected === 0) expect(atWarehouse[sku.sku]).toBeUndefined();
      else expect(atWarehouse[sku.sku], sku.sku).toEqual({ onHand: expected, available: expected, committed: 0 });
    }
    const result = parseStockSyncResult(run.result);
    expect(result?.warehouses).toEqual([
      {
        warehouseId: "US01",
        providerSkus: catalogue.length,
        changed: catalogue.filter((sku) => sku.stock.US01 > 0).length,
        unchanged: 0,
        activated: catalogue.filter((sku) => sku.stock.US01 > 0).length,
        problem: null,
        problemSay: null,
        providerUnits: catalogue.reduce((units, sku) => units + sku.stock.US01, 0),
        stocked: catalogue.filter((sku) => sku.stock.US01 > 0).length,
        // Read back from Shopify after writing: every variant the provider knows, each as written.
        checked: catalogue.length,
        mismatched: 0,
      },
    ]);
    expect(result?.mismatches).toEqual([]);
    expect(run.message).toMatch(/^Stock synced: \d+ quantities changed, 0 unchanged at 1 warehouse\.$/);
    expect(inChinese(run)).toMatch(/^库存已同步：在 1 个仓库中，\d+ 个数量已更新，0 个未变化。$/);
    // The age bands the inventory age page shows were kept.
    expect((await warehouseStockOf(db(), DEMO_SHOP, "US01")).find((row) => row.sku === "MUG-CER-350-WHT")?.total).toBe(240);
    // And the next sync is scheduled.
    expect(await db().job.findFirst({ where: { kind: "stock.sync", status: "PENDING" } })).toMatchObject({ runAt: expect.any(Date) });
  });

  it(
    "never syncs from a catalogue not read yet: the sync asks for the read, waits for it, then writes the stock",
    { timeout: 60_000 },
    async () => {
      // A first warehouse saved asks for both at once; the sync comes first here.
      await queueStockSync(db(), DEMO_SHOP, new Date(), "SETUP");
      await syncedSince(0);
      expect(await db().syncRun.count({ where: { shop: DEMO_SHOP, kind: "CATALOGUE_READ", status: "DONE" } })).toBe(1);
      // The sync asked for and the one the read queues as it ends may both run: the first to finish
      // wrote the provider's stock (a sync from a catalogue not read would have written nothing).
      const [first] = await db().syncRun.findMany({
        where: { shop: DEMO_SHOP, kind: "STOCK_SYNC", status: "DONE" },
        orderBy: { finishedAt: "asc" },
      });
      const result = parseStockSyncResult(first?.result ?? null);
      expect(result?.warehouses[0]).toMatchObject({ stocked: catalogue.filter((sku) => sku.stock.US01 > 0).length, mismatched: 0 });
      expect(first?.message).toMatch(/^Stock synced: [1-9]\d* quantities changed/);
      expect((await shopifyStockAtWarehouse())["MUG-CER-350-WHT"]).toMatchObject({ onHand: 240 });
    },
  );

  it("says why when the provider has stock but no variant of the store is one of its SKUs", async () => {
    // The store sells none of the provider's SKUs (all renamed in Shopify).
    for (const variant of shopify().emulator.state.variants.values()) variant.sku = `SHOP-${variant.sku ?? ""}`;
    await readCatalogue();
    const run = await syncedSince(0);
    expect(run.message).toMatch(
      /^No stock was written: the provider holds stock of \d+ SKUs, but none is the SKU of a variant in your store/,
    );
    expect(inChinese(run)).toMatch(/^未写入任何库存：服务商有 \d+ 个 SKU 的库存，但没有一个是您店铺中变体的 SKU/);
    expect(parseStockSyncResult(run.result)?.warehouses[0]).toMatchObject({ stocked: 0 });
  });

  it(
    "follows the provider's stock, and never lets Shopify sell what the provider created but Shopify has not fulfilled twice",
    { timeout: 60_000 },
    async () => {
      await readCatalogue();
      await syncedSince(0);
      const first = await syncsDone();

      // The provider created a package of 3 mugs (out of its stock) that Shopify has not fulfilled yet
      // (committed there), and 10 more mugs left the warehouse for other reasons.
      take(sandbox().state(), "US01", "MUG-CER-350-WHT", 13);
      await db().shipment.create({
        data: {
          shop: DEMO_SHOP,
          kind: "OUTBOUND",
          state: "CREATED",
          fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1",
          orderId: "gid://shopify/Order/1",
          packageId: "1001_1",
          warehouseCode: "US01",
          requestSent: JSON.stringify({
            PackageId: "1001_1",
            ShipToAddress: { Country: "US" },
            Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 3 }],
          }),
        },
      });
      await queueStockSync(db(), DEMO_SHOP, new Date(), "MERCHANT");
      const second = await syncedSince(first);
      // 240 - 13 at the provider, plus the 3 it created that Shopify still holds.
      expect((await shopifyStockAtWarehouse())["MUG-CER-350-WHT"]).toMatchObject({ onHand: 230 });
      expect(parseStockSyncResult(second?.result ?? null)?.changes).toEqual([
        { warehouseId: "US01", sku: "MUG-CER-350-WHT", variant: "Ceramic mug 350 ml, white", before: 240, after: 230 },
      ]);
    },
  );

  it("gives each kit what its components make, a component two kits use shared between them", async () => {
    // Two kits use the mugs, so each may sell from half of them; the yoga mats are one kit's.
    shopify().emulator.addProducts(DEMO_SHOP, [
      { title: "Gift set, mug and candle", variants: [{ sku: "GIFT-MUG-CANDLE", price: "39.00" }] },
      { title: "Mug pair", variants: [{ sku: "MUG-PAIR", price: "30.00" }] },
      { title: "Yoga mat 3-pack", variants: [{ sku: "YOGA-3PACK", price: "99.00" }] },
    ]);
    await saveKit(db(), DEMO_SHOP, "GIFT-MUG-CANDLE", [
      { sku: "MUG-CER-350-WHT", quantity: 2 },
      { sku: "CANDLE-SOY-200-LAV", quantity: 1 },
    ]);
    await saveKit(db(), DEMO_SHOP, "MUG-PAIR", [{ sku: "MUG-CER-350-WHT", quantity: 2 }]);
    await saveKit(db(), DEMO_SHOP, "YOGA-3PACK", [{ sku: "YOGA-MAT-6MM-PUR", quantity: 3 }]);
    // The sandbox's stock now (earlier tests of this file may have taken some): 4 mugs and 7 mats taken here.
    take(sandbox().state(), "US01", "MUG-CER-350-WHT", available(sandbox().state(), "US01", "MUG-CER-350-WHT") - 222);
    take(sandbox().state(), "US01", "YOGA-MAT-6MM-PUR", available(sandbox().state(), "US01", "YOGA-MAT-6MM-PUR") - 73);
    expect(available(sandbox().state(), "US01", "CANDLE-SOY-200-LAV")).toBeGreaterThan(60);
    // The store sells the yoga mats only in the 3-pack.
    for (const variant of shopify().emulator.state.variants.values())
      if (variant.sku === "YOGA-MAT-6MM-PUR") variant.sku = "YOGA-MAT-SINGLE-RETIRED";
    await readCatalogue();
    await syncedSince(0);

    const atWarehouse = await shopifyStockAtWarehouse();
    // 222 mugs: 111 for each kit; the gift set takes 2 (and candles are plenty), the pair 2.
    expect(atWarehouse["GIFT-MUG-CANDLE"]).toEqual({ onHand: 55, available: 55, committed: 0 });
    expect(atWarehouse["MUG-PAIR"]).toEqual({ onHand: 55, available: 55, committed: 0 });
    // 73 / 3, whole packs only.
    expect(atWarehouse["YOGA-3PACK"]).toEqual({ onHand: 24, available: 24, committed: 0 });
    // The mug sold on its own keeps the provider's count.
    expect(atWarehouse["MUG-CER-350-WHT"]).toMatchObject({ onHand: 222 });
    // The yoga mats are sold, in the 3-pack: not a SKU the store does not sell.
    const run = await latestRun(db(), DEMO_SHOP, "STOCK_SYNC", { status: "DONE" });
    expect(parseStockSyncResult(run?.result ?? null)?.providerOnly.map((row) => row.sku)).not.toContain("YOGA-MAT-6MM-PUR");

    // The provider's mugs run low: the kits follow at the next sync.
    take(sandbox().state(), "US01", "MUG-CER-350-WHT", 212);
    const first = await syncsDone();
    await queueStockSync(db(), DEMO_SHOP, new Date(), "MERCHANT");
    await syncedSince(first);
    const after = await shopifyStockAtWarehouse();
    expect(after["GIFT-MUG-CANDLE"]).toMatchObject({ onHand: 2 });
    expect(after["MUG-PAIR"]).toMatchObject({ onHand: 2 });
    expect(after["MUG-CER-350-WHT"]).toMatchObject({ onHand: 10 });
  });

  it("does not overwrite a count that changed while it was writing: it reads again and writes what is right", async () => {
    await readCatalogue();
    await syncedSince(0);
    const first = await syncsDone();
    take(sandbox().state(), "US01", "MUG-CER-350-WHT", 40);
    const atProvider = available(sandbox().state(), "US01", "MUG-CER-350-WHT");

    // Between the sync's read and its write, someone in Shopify's admin counts 238 mugs on hand.
    const port = testDeps().port;
    let interfered = false;
    testDeps().deps.shopify = async () => ({
      ...port,
      setOnHand: async (input) => {
        if (!interfered) {
          interfered = true;
          const item = input.quantities[0];
          if (item) {
            await port.setOnHand({
              idempotencyKey: "a-person-in-the-admin",
              referenceDocumentUri: "gid://test/Person/1",
              quantities: [{ ...item, quantity: 238, changeFromQuantity: null }],
            });
          }
        }
        return port.setOnHand(input);
      },
    });
    await queueStockSync(db(), DEMO_SHOP, new Date(), "MERCHANT");
    const run = await syncedSince(first);
    expect(interfered).toBe(true);
    expect((await shopifyStockAtWarehouse())["MUG-CER-350-WHT"]).toMatchObject({ onHand: atProvider });
    // Written against what it read again (238), not what it read first.
    expect(parseStockSyncResult(run?.result ?? null)?.changes).toEqual([
      { warehouseId: "US01", sku: "MUG-CER-350-WHT", variant: "Ceramic mug 350 ml, white", before: 238, after: atProvider },
    ]);
  });
});
