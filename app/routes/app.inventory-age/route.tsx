/**
 * Inventory age: a warehouse's stock at the provider by how long it has been there (operation 19's
 * 30-day bands), as a chart and a table, searched, filtered by age, sorted and exported as CSV.
 *
 * The warehouse's rows come with the page; search, "older than" and sort run in the browser on
 * them (the same function the export runs on the server, so the file is what the page shows) and
 * are kept in the address without a round trip, so the table answers as the merchant types.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate, useNavigation, useRevalidator, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRefreshWhile } from "~/components/live-data";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Pagination,
  Select,
  SkeletonBodyText,
  SkeletonDisplayText,
  Text,
  TextField,
} from "@shopify/polaris";
import vizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import prisma from "~/db.server";
import {
  bandsOlderThan,
  inventoryAgeView,
  MAX_OLDER_THAN_DAYS,
  OlderThanDays,
  SORTS,
  type InventoryAgeSort,
} from "~/connector/inventory-age";
import { queueStockSync } from "~/flows/queue/stages.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { authenticate } from "~/shopify.server";
import { AgeChart } from "./age-chart";
import { readStockByAge, stockSyncUnderWay } from "./inventory-age.server";
import { StockTable } from "./stock-table";
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { useBandLabel } from "./band-label";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vizStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const params = new URL(request.url).searchParams;
  const settings = await getShopSettings(prisma, shop);
  const warehouses = settings.warehouses.map((warehouse) => ({
    id: warehouse.warehouseId,
    enabled: warehouse.enabled,
    // The stock sync reads only these (app/flows/stock/sync.server.ts).
    syncs: warehouse.enabled && warehouse.shopifyLocationId !== null,
  }));
  const selected =
    warehouses.find((warehouse) => warehouse.id === params.get("warehouse")) ??
    warehouses.find((warehouse) => warehouse.enabled) ??
    warehouses[0] ??
    null;
  return {
    warehouses,
    selected: selected?.id ?? null,
    reading: selected === null ? null : await readStockByAge(shop, selected.id, wordsFor(localeOf(request))),
    syncing: await stockSyncUnderWay(shop),
    sync: settings.stockSync,
    initial: {
      q: params.get("q") ?? "",
      olderThan: params.get("olderThan") ?? "",
      sort: params.get("sort") ?? "",
      page: params.get("page") ?? "1",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const words = wordsFor(localeOf(request)).inventoryAge;
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent !== "readAgain") return json({ ok: false, message: words.unknownAction(intent) }, { status: 400 });
  const settings = await getShopSettings(prisma, session.shop);
  if (!settings.warehouses.some((warehouse) => warehouse.enabled && warehouse.shopifyLocationId !== null)) {
    return json({ ok: false, message: words.nothingToRead });
  }
  await queueStockSync(prisma, session.shop, new Date(), "MERCHANT");
  return json({ ok: true, message: words.queued });
}

/** Search, filter, sort and page are the browser's own (the address changes without a navigation); only the warehouse needs the server. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formData, defaultShouldRevalidate }) => {
  // A read asked for: the page learns it is under way, and watches for it (useRefreshWhile).
  if (formMethod === "POST") return formData?.get("intent") === "readAgain";
  // The same address again: the page asking while the stock sync reads (useRefreshWhile).
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("warehouse") === nextUrl.searchParams.get("warehouse"))
    return false;
  return defaultShouldRevalidate;
};

const EMPTY_IMAGE = "https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png";

function Skeleton() {
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="400">
          <SkeletonDisplayText size="small" />
          <SkeletonBodyText lines={8} />
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}

export default function InventoryAge() {
  const format = useFormat();
  const when = format.dateTime;
  const words = useWords().inventoryAge;
  const bandLabel = useBandLabel();
  /** "3 SKUs", "3 个 SKU": a count in the admin's language. */
  const count = (value: number, noun: (count: number, n: string) => string) => noun(value, format.number(value));
  const { warehouses, selected, reading, syncing, sync, initial } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // While the stock sync reads the provider, the page shows its read as soon as it is done.
  useRefreshWhile(syncing);
  const readAgain = useFetcher<typeof action>();

  const [search, setSearch] = useState(initial.q);
  const [olderThanText, setOlderThanText] = useState(initial.olderThan);
  const [sort, setSort] = useState<InventoryAgeSort>(initial.sort in SORTS ? (initial.sort as InventoryAgeSort) : "sku");
  const [page, setPage] = useState(Math.max(1, Number(initial.page) || 1));
  const [exportState, setExportState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });
  /** The status line speaks of what the merchant did last. */
  const [lastAction, setLastAction] = useState<"export" | "readAgain" | null>(null);

  const olderThan = OlderThanDays.safeParse(olderThanText);
  const olderThanDays = olderThan.success ? olderThan.data : null;
  const rows = useMemo(() => (reading?.kind === "stock" ? reading.rows : []), [reading]);
  // The fields answer each key at once; the table and chart follow as soon as React has time.
  const viewSearch = useDeferredValue(search);
  const viewOlderThan = useDeferredValue(olderThanDays);
  const viewSort = useDeferredValue(sort);
  const viewPage = useDeferredValue(page);
  const view = useMemo(
    () => inventoryAgeView(rows, { search: viewSearch, olderThanDays: viewOlderThan, sort: viewSort, page: viewPage }),
    [rows, viewSearch, viewOlderThan, viewSort, viewPage],
  );

  const params = (warehouse: string | null, overrides: { page?: number } = {}) => {
    const next = new URLSearchParams();
    if (warehouse !== null) next.set("warehouse", warehouse);
    if (search.trim() !== "") next.set("q", search.trim());
    if (olderThanText.trim() !== "") next.set("olderThan", olderThanText.trim());
    if (sort !== "sku") next.set("sort", sort);
    const onPage = overrides.page ?? view.page;
    if (onPage > 1) next.set("page", String(onPage));
    return next;
  };
  // The address follows the view, for a reload or a shared link, without asking the server again.
  const address = params(selected).toString();
  useEffect(() => {
    const url = `${window.location.pathname}${address === "" ? "" : `?${address}`}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", url);
  }, [address]);

  const changingWarehouse =
    navigation.state === "loading" &&
    navigation.location.pathname === "/app/inventory-age" &&
    new URLSearchParams(navigation.location.search).get("warehouse") !== selected;
  const chosen = warehouses.find((warehouse) => warehouse.id === selected);

  async function exportCsv() {
    setLastAction("export");
    setExportState({ busy: true, message: words.preparingCsv, failed: false });
    try {
      const response = await fetch(`/app/inventory-age/export?${params(selected, { page: 1 }).toString()}`);
      if (!response.ok) {
        setExportState({ busy: false, message: words.csvFailed(await response.text()), failed: true });
        return;
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "inventory-age.csv";
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setExportState({ busy: false, message: words.exported(count(view.rows.length, words.skus), name), failed: false });
    } catch (error) {
      setExportState({
        busy: false,
        message: words.csvFailed(error instanceof Error ? error.message : String(error)),
        failed: true,
      });
    }
  }

  if (selected === null || chosen === undefined) {
    return (
      <Page title={words.title} backAction={{ content: words.home, url: "/app" }}>
        <Card>
          <EmptyState
            heading={words.noWarehouseHeading}
            image={EMPTY_IMAGE}
            action={{ content: words.noWarehouseAction, url: "/app/settings/routing" }}
          >
            <p>{words.noWarehouseBody}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  // One line under the filters that always holds a sentence, so a late answer replaces it in place.
  const status: { text: string; tone?: "critical" | "success" } =
    lastAction === "readAgain" && readAgain.state !== "idle"
      ? { text: words.asking }
      : lastAction === "export" && exportState.message !== null
        ? { text: exportState.message, tone: exportState.failed ? "critical" : undefined }
        : lastAction === "readAgain" && readAgain.data
          ? { text: readAgain.data.message, tone: readAgain.data.ok ? "success" : "critical" }
          : syncing
            ? { text: words.syncReadingNow }
            : chosen.syncs
              ? {
                  text: sync.enabled ? words.syncEvery(count(sync.intervalMinutes, words.minutes)) : words.syncOnAsk,
                }
              : { text: words.syncNotYet(chosen.id) };
  const asOf =
    reading?.kind !== "stock"
      ? words.notRead
      : reading.source === "sync"
        ? words.asOfSync(when(reading.readAt))
        : words.readJustNow(when(reading.readAt), chosen.id);
  const olderThanHelp =
    olderThanDays === null
      ? words.olderThanHelpNone
      : olderThanDays >= MAX_OLDER_THAN_DAYS
        ? words.olderThanHelpLast(format.number(MAX_OLDER_THAN_DAYS))
        : words.olderThanHelpFrom(bandLabel(bandsOlderThan(olderThanDays)[0] ?? "MoreThan330Days"));
  // The field's own check (OlderThanDays) says which rule the text breaks; the words are the page's.
  const olderThanError = olderThan.success
    ? undefined
    : /^\d{1,4}$/.test(olderThanText.trim())
      ? words.olderThanTooMany(format.number(MAX_OLDER_THAN_DAYS))
      : words.olderThanNotWhole;

  return (
    <Page
      title={words.title}
      fullWidth
      subtitle={words.subtitle}
      backAction={{ content: words.home, url: "/app" }}
      primaryAction={{
        content: words.exportCsv,
        onAction: exportCsv,
        loading: exportState.busy,
        disabled: reading?.kind !== "stock" || view.rows.length === 0 || !olderThan.success,
      }}
      secondaryActions={[
        {
          content: words.readAgain,
          onAction: () => {
            setLastAction("readAgain");
            readAgain.submit({ intent: "readAgain" }, { method: "post" });
          },
          loading: readAgain.state !== "idle",
        },
      ]}
    >
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <InlineGrid columns={{ xs: 1, md: 4 }} gap="300">
                <Select
                  label={words.warehouse}
                  options={warehouses.map((warehouse) => ({
                    label: warehouse.enabled ? warehouse.id : words.notShipping(warehouse.id),
                    value: warehouse.id,
                  }))}
                  value={selected}
                  onChange={(warehouse) => {
                    setPage(1);
                    navigate(`?${params(warehouse, { page: 1 }).toString()}`);
                  }}
                />
                <TextField
                  label={words.search}
                  value={search}
                  onChange={(value) => {
                    setSearch(value);
                    setPage(1);
                  }}
                  autoComplete="off"
                  clearButton
                  onClearButtonClick={() => setSearch("")}
                  placeholder={words.searchPlaceholder}
                />
                <TextField
                  label={words.olderThan}
                  type="number"
                  min={0}
                  max={330}
                  value={olderThanText}
                  onChange={(value) => {
                    setOlderThanText(value);
                    setPage(1);
                  }}
                  autoComplete="off"
                  error={olderThanError}
                  helpText={olderThan.success ? olderThanHelp : undefined}
                />
                <Select
                  label={words.sortBy}
                  options={Object.keys(SORTS).map((value) => ({ value, label: words.sorts[value as InventoryAgeSort] }))}
                  value={sort}
                  onChange={(value) => setSort(value in SORTS ? (value as InventoryAgeSort) : "sku")}
                />
              </InlineGrid>
              <BlockStack gap="100">
                <Text as="p">{asOf}</Text>
                <div role="status">
                  <Text as="p" tone={status.tone}>
                    {status.text}
                  </Text>
                </div>
              </BlockStack>
            </BlockStack>
          </Card>
        </Layout.Section>

        {changingWarehouse ? (
          <Skeleton />
        ) : reading?.kind === "unreachable" ? (
          <Layout.Section>
            <Banner
              tone="critical"
              title={words.unreadable(chosen.id)}
              action={{ content: words.tryAgain, onAction: () => revalidator.revalidate(), loading: revalidator.state !== "idle" }}
            >
              <p>{reading.message}</p>
            </Banner>
          </Layout.Section>
        ) : rows.length === 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {words.noStockHeading(chosen.id)}
                </Text>
                <Text as="p">{words.noStockBody}</Text>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : view.rows.length === 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {words.noMatchHeading}
                </Text>
                <Text as="p">
                  {words.noMatch(
                    count(rows.length, words.skus),
                    chosen.id,
                    viewSearch.trim() === "" ? null : viewSearch.trim(),
                    viewOlderThan === null ? null : format.number(viewOlderThan),
                  )}
                </Text>
                <InlineStack>
                  <Button
                    onClick={() => {
                      setSearch("");
                      setOlderThanText("");
                    }}
                  >
                    {words.clearFilters}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : (
          <>
            {reading?.kind === "stock" && reading.truncated && (
              <Layout.Section>
                <Banner tone="warning">{words.truncated(count(rows.length, words.skus))}</Banner>
              </Layout.Section>
            )}
            <Layout.Section>
              <Card>
                <BlockStack gap="300">
                  <InlineStack align="space-between" blockAlign="baseline" gap="200">
                    <Text as="h2" variant="headingMd">
                      {words.unitsByAge}
                    </Text>
                    <Text as="p" tone="subdued">
                      {words.unitsInSkus(count(view.totals.total, words.units), count(view.rows.length, words.skus))}
                      {view.totals.olderThan === null
                        ? ""
                        : words.unitsOlderThan(count(view.totals.olderThan, words.units), format.number(viewOlderThan ?? 0))}
                    </Text>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {words.chartExplained}
                  </Text>
                  <AgeChart rows={view.pageRows} />
                </BlockStack>
              </Card>
            </Layout.Section>
            <Layout.Section>
              <Card padding="0">
                <Box padding="300">
                  <Text as="h2" variant="headingMd">
                    {words.unitsByDays}
                  </Text>
                </Box>
                <StockTable view={view} olderThanDays={viewOlderThan} />
              </Card>
            </Layout.Section>
            {view.pages > 1 && (
              <Layout.Section>
                <InlineStack align="center">
                  <Pagination
                    hasPrevious={view.page > 1}
                    hasNext={view.page < view.pages}
                    onPrevious={() => setPage(view.page - 1)}
                    onNext={() => setPage(view.page + 1)}
                    label={words.page(format.number(view.page), format.number(view.pages))}
                  />
                </InlineStack>
              </Layout.Section>
            )}
          </>
        )}
      </Layout>
    </Page>
  );
}
