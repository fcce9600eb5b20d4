// Stock: the provider's stock written into Shopify at the warehouses' locations. The last sync,
// what it changed, what needs the merchant (SKUs Shopify cannot sell, SKUs the provider does not
// stock), and "Sync stock now".
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Banner, BlockStack, Card, DataTable, EmptyState, InlineGrid, Layout, Link, List, Page, Text } from "@shopify/polaris";
import { useRefreshWhile } from "~/components/live-data";
import { workDueSoon } from "~/jobs/admin.server";
import { RunProgress, runViewOf } from "~/components/run-progress";
import prisma from "~/db.server";
import { queueStockSync } from "~/flows/queue/stages.server";
import { authenticate } from "~/shopify.server";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { parseStockSyncResult } from "~/stores/stock/stock-sync-result";
import { useFormat } from "~/components/locale";

/** A sync due within this long is one the merchant is waiting for. */
const SYNC_DUE_SOON_MS = 15_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const settings = await getShopSettings(prisma, shop);
  const [run, lastDone, next, dueSoon] = await Promise.all([
    latestRun(prisma, shop, "STOCK_SYNC"),
    latestRun(prisma, shop, "STOCK_SYNC", { status: "DONE" }),
    prisma.job.findFirst({ where: { shop, kind: "stock.sync", status: "PENDING" }, orderBy: { runAt: "asc" }, select: { runAt: true } }),
    // The catalogue read a sync waits for counts: the sync is queued again when it ends.
    workDueSoon(prisma, shop, ["stock.sync", "catalogue.read"], { withinMs: SYNC_DUE_SOON_MS }),
  ]);
  return {
    run: runViewOf(run),
    result: parseStockSyncResult(lastDone?.result ?? null),
    lastSyncedAt: lastDone?.finishedAt?.toISOString() ?? null,
    nextSyncAt: next?.runAt.toISOString() ?? null,
    // A sync asked for (or queued by a change) that is about to start: the page watches for it.
    syncDueSoon: dueSoon,
    schedule: settings.stockSync,
    warehouses: settings.warehouses.filter((warehouse) => warehouse.enabled).map((warehouse) => warehouse.warehouseId),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const at = new Date();
  await queueStockSync(prisma, session.shop, at, "MERCHANT");
  return json({ ok: true, message: "The stock sync starts in a moment.", at: at.toISOString() });
}

// Intl's words (lib/format.ts), in UTC and saying so: the same on the server and in the browser.

function Problems({ title, lines, advice }: { title: string; lines: string[]; advice: string }) {
  const format = useFormat();
  const n = format.number;
  if (lines.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {title} ({n(lines.length)})
        </Text>
        <Text as="p" tone="subdued">
          {advice}
        </Text>
        <List>
          {lines.slice(0, 50).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {lines.length > 50 && <Text as="p" tone="subdued">{`And ${lines.length - 50} more.`}</Text>}
      </BlockStack>
    </Card>
  );
}

export default function Stock() {
  const format = useFormat();
  const when = format.dateTime;
  const n = format.number;
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const running = data.run?.status === "RUNNING";
  useRefreshWhile(running || data.syncDueSoon);
  const result = data.result;

  return (
    <Page
      title="Stock"
      subtitle="The provider's stock in each warehouse is what Shopify sells at that warehouse's location."
      primaryAction={{
        content: "Sync stock now",
        loading: navigation.state !== "idle" && navigation.formMethod === "POST",
        disabled: running || data.warehouses.length === 0,
        onAction: () => submit({}, { method: "post" }),
      }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="300">
            <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
              <Card>
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    Last sync
                  </Text>
                  <Text as="p">{data.lastSyncedAt ? when(data.lastSyncedAt) : "Never"}</Text>
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    Next sync
                  </Text>
                  <Text as="p">
                    {data.nextSyncAt ? when(data.nextSyncAt) : data.schedule.enabled ? "After the next change" : "Only when you ask"}
                  </Text>
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    Schedule
                  </Text>
                  <Text as="p">
                    {data.schedule.enabled ? `Every ${n(data.schedule.intervalMinutes)} minutes` : "Off"} (
                    <Link url="/app/settings/catalogue">change in Settings</Link>)
                  </Text>
                </BlockStack>
              </Card>
            </InlineGrid>
            <RunProgress run={data.run} title="Stock sync" unit="items" idle="No stock sync has run yet." />
            <div style={{ minHeight: "1.25rem" }} role="status">
              {/* Until the asked-for sync has started; from then on its card says how it goes. */}
              {answer && !running && (data.run === null || data.run.startedAt < answer.at) && (
                <Text as="p" tone="success">
                  {answer.message}
                </Text>
              )}
            </div>
          </BlockStack>
        </Layout.Section>

        {data.warehouses.length === 0 ? (
          <Layout.Section>
            <Card>
              <EmptyState
                heading="No warehouse yet"
                action={{ content: "Add a warehouse in Settings", url: "/app/settings/routing" }}
                image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
              >
                <p>
                  Add the provider&apos;s warehouse (for example US01) in Settings &gt; Warehouses and routing; the app creates its Shopify
                  location and syncs its stock there.
                </p>
              </EmptyState>
            </Card>
          </Layout.Section>
        ) : result === null ? (
          <Layout.Section>
            <Card>
              <Text as="p" tone="subdued">
                No sync has finished yet. The first one runs once the warehouses&apos; locations exist; &quot;Sync stock now&quot; starts
                one.
              </Text>
            </Card>
          </Layout.Section>
        ) : (
          <>
            <Layout.Section>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    By warehouse
                  </Text>
                  <DataTable
                    columnContentTypes={["text", "numeric", "numeric", "numeric", "text"]}
                    headings={["Warehouse", "SKUs in stock at the provider", "Changed", "Unchanged", "Note"]}
                    rows={result.warehouses.map((w) => [
                      w.warehouseId,
                      n(w.providerSkus),
                      n(w.changed),
                      n(w.unchanged),
                      w.problem ?? (w.activated > 0 ? `${n(w.activated)} newly stocked there` : ""),
                    ])}
                  />
                </BlockStack>
              </Card>
            </Layout.Section>
            <Layout.Section>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    What the last sync changed
                  </Text>
                  {result.changes.length === 0 ? (
                    <Text as="p" tone="subdued">
                      Nothing: Shopify already had what the provider has.
                    </Text>
                  ) : (
                    <DataTable
                      columnContentTypes={["text", "text", "text", "numeric", "numeric"]}
                      headings={["Warehouse", "Product", "SKU", "Before", "After"]}
                      rows={result.changes.map((c) => [
                        c.warehouseId,
                        c.variant,
                        c.sku,
                        c.before === null ? "not stocked" : n(c.before),
                        n(c.after),
                      ])}
                    />
                  )}
                  {result.changesLeftOut > 0 && <Text as="p" tone="subdued">{`And ${n(result.changesLeftOut)} more changes.`}</Text>}
                </BlockStack>
              </Card>
            </Layout.Section>
            <Layout.Section>
              <BlockStack gap="300">
                {result.refused.length > 0 && (
                  <Banner tone="warning" title="Some quantities were not written">
                    <List>
                      {result.refused.slice(0, 20).map((r) => (
                        <List.Item key={`${r.warehouseId}:${r.sku}`}>{`${r.sku} at ${r.warehouseId}: ${r.message}`}</List.Item>
                      ))}
                    </List>
                  </Banner>
                )}
                <Problems
                  title="The provider stocks these, but your store does not sell them"
                  lines={result.providerOnly.map((p) => `${p.sku} at ${p.warehouseId}: ${n(p.total)} units`)}
                  advice="No variant in Shopify has these SKUs, so Shopify cannot sell them. Give a variant the SKU, or map one to it on the Products page."
                />
                <Problems
                  title="Stocked at a warehouse's location in Shopify, but unknown to the provider"
                  lines={result.unknownToProvider.map((u) => `${u.variant} (${u.sku}) at ${u.warehouseId}: set to 0`)}
                  advice="The provider cannot ship these from that warehouse, so the sync set them to 0 there. Register them on the Products page and send stock to the warehouse."
                />
                <Problems
                  title="Not tracked by Shopify"
                  lines={result.notTracked.map((n) => `${n.variant} (${n.sku})`)}
                  advice="Shopify does not track these variants' inventory, so their warehouse stock cannot be written. Turn on “Track quantity” for them in Shopify."
                />
                <Problems
                  title="One provider SKU, several variants"
                  lines={result.sharedSkus.map((s) => `${s.sku}: ${s.variants.join(", ")}`)}
                  advice="The warehouse's stock of a SKU cannot be split between variants; none of them is synced. Give each variant its own SKU."
                />
              </BlockStack>
            </Layout.Section>
          </>
        )}
        <Layout.Section>
          <Text as="p" tone="subdued">
            See each SKU&apos;s stock by age on the <RemixLink to="/app/inventory-age">Inventory age</RemixLink> page.
          </Text>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
