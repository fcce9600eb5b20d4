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
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";

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
  return json({ ok: true, message: wordsFor(localeOf(request)).stock.syncStarts, at: at.toISOString() });
}

// Intl's words (lib/format.ts), in UTC and saying so: the same on the server and in the browser.

/** A list of what needs the merchant: the lines are the sync's data (SKUs, names, Shopify's reasons). */
function Problems({ title, lines, advice }: { title: string; lines: string[]; advice: string }) {
  const format = useFormat();
  const words = useWords().stock;
  const n = format.number;
  if (lines.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {words.problemTitle(title, n(lines.length))}
        </Text>
        <Text as="p" tone="subdued">
          {advice}
        </Text>
        <List>
          {lines.slice(0, 50).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {lines.length > 50 && (
          <Text as="p" tone="subdued">
            {words.more(n(lines.length - 50))}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

export default function Stock() {
  const format = useFormat();
  const when = format.dateTime;
  const n = format.number;
  const allWords = useWords();
  const words = allWords.stock;
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const running = data.run?.status === "RUNNING";
  useRefreshWhile(running || data.syncDueSoon);
  const result = data.result;

  return (
    <Page
      title={words.title}
      subtitle={words.subtitle}
      primaryAction={{
        content: words.syncNow,
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
                    {words.lastSync}
                  </Text>
                  <Text as="p">{data.lastSyncedAt ? when(data.lastSyncedAt) : words.never}</Text>
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    {words.nextSync}
                  </Text>
                  <Text as="p">
                    {data.nextSyncAt ? when(data.nextSyncAt) : data.schedule.enabled ? words.afterNextChange : words.onlyWhenAsked}
                  </Text>
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    {words.schedule}
                  </Text>
                  <Text as="p">
                    {words.scheduleThen(
                      data.schedule.enabled
                        ? words.everyMinutes(data.schedule.intervalMinutes, n(data.schedule.intervalMinutes))
                        : words.off,
                    )}
                    <Link url="/app/settings/catalogue">{words.changeInSettings}</Link>
                    {words.scheduleClose}
                  </Text>
                </BlockStack>
              </Card>
            </InlineGrid>
            <RunProgress run={data.run} title={words.stockSync} done={words.itemsDone} idle={words.noSyncYet} />
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
                heading={words.noWarehouse}
                action={{ content: words.addWarehouse, url: "/app/settings/routing" }}
                image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
              >
                <p>{words.noWarehouseBody}</p>
              </EmptyState>
            </Card>
          </Layout.Section>
        ) : result === null ? (
          <Layout.Section>
            <Card>
              <Text as="p" tone="subdued">
                {words.noneFinished}
              </Text>
            </Card>
          </Layout.Section>
        ) : (
          <>
            <Layout.Section>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {words.byWarehouse}
                  </Text>
                  <DataTable
                    columnContentTypes={["text", "numeric", "numeric", "numeric", "text"]}
                    headings={[words.warehouse, words.skusAtProvider, words.changed, words.unchanged, words.note]}
                    rows={result.warehouses.map((w) => [
                      w.warehouseId,
                      n(w.providerSkus),
                      n(w.changed),
                      n(w.unchanged),
                      w.problem !== null
                        ? textIn(allWords.runSays, { message: w.problem, say: w.problemSay })
                        : w.activated > 0
                          ? words.newlyStocked(n(w.activated))
                          : "",
                    ])}
                  />
                </BlockStack>
              </Card>
            </Layout.Section>
            <Layout.Section>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {words.lastChanges}
                  </Text>
                  {result.changes.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {words.nothingChanged}
                    </Text>
                  ) : (
                    <DataTable
                      columnContentTypes={["text", "text", "text", "numeric", "numeric"]}
                      headings={[words.warehouse, words.product, words.sku, words.before, words.after]}
                      rows={result.changes.map((c) => [
                        c.warehouseId,
                        c.variant,
                        c.sku,
                        c.before === null ? words.notStocked : n(c.before),
                        n(c.after),
                      ])}
                    />
                  )}
                  {result.changesLeftOut > 0 && (
                    <Text as="p" tone="subdued">
                      {words.moreChanges(result.changesLeftOut, n(result.changesLeftOut))}
                    </Text>
                  )}
                </BlockStack>
              </Card>
            </Layout.Section>
            <Layout.Section>
              <BlockStack gap="300">
                {result.refused.length > 0 && (
                  <Banner tone="warning" title={words.notWritten}>
                    <List>
                      {result.refused.slice(0, 20).map((r) => (
                        <List.Item key={`${r.warehouseId}:${r.sku}`}>
                          {words.refused(r.sku, r.warehouseId, textIn(allWords.runSays, r))}
                        </List.Item>
                      ))}
                    </List>
                  </Banner>
                )}
                <Problems
                  title={words.providerOnly}
                  lines={result.providerOnly.map((p) => words.providerOnlyLine(p.sku, p.warehouseId, n(p.total)))}
                  advice={words.providerOnlyAdvice}
                />
                <Problems
                  title={words.unknownToProvider}
                  lines={result.unknownToProvider.map((u) => words.unknownLine(u.variant, u.sku, u.warehouseId))}
                  advice={words.unknownAdvice}
                />
                <Problems
                  title={words.notTracked}
                  lines={result.notTracked.map((variant) => words.variantLine(variant.variant, variant.sku))}
                  advice={words.notTrackedAdvice}
                />
                <Problems
                  title={words.sharedSkus}
                  lines={result.sharedSkus.map((s) => words.sharedLine(s.sku, s.variants.join(words.variantSeparator)))}
                  advice={words.sharedAdvice}
                />
              </BlockStack>
            </Layout.Section>
          </>
        )}
        <Layout.Section>
          <Text as="p" tone="subdued">
            {words.ageBefore}
            <RemixLink to="/app/inventory-age">{words.ageLink}</RemixLink>
            {words.ageAfter}
          </Text>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
