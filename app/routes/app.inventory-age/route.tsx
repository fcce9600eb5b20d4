/**
 * Inventory age: a warehouse's stock at the provider by how long it has been there (operation 19's
 * 30-day bands), as a chart and a table, searched, filtered by age, sorted and exported as CSV.
 *
 * The address holds the view (?warehouse=&q=&olderThan=&sort=&page=), as on Shipments and
 * Products, so back, forward and reload keep it; the loader reads only the page shown and the totals
 * of what matches (in the database once the stock sync has read the warehouse), never the whole
 * warehouse, which at a big merchant was 1.2 MiB of HTML for 5,000 SKUs. The fields answer as the
 * merchant types: a pause in typing asks for the view, and a skeleton stands in for the table until
 * it comes, so nothing moves under the merchant when it does.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
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
import { useEffect, useRef, useState } from "react";
import prisma from "~/db.server";
import {
  bandsOlderThan,
  inventoryAgeQueryOf,
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
  const query = inventoryAgeQueryOf(params);
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
  const [reading, syncing] = await Promise.all([
    selected === null ? null : readStockByAge(shop, selected.id, query, wordsFor(localeOf(request))),
    stockSyncUnderWay(shop),
  ]);
  return {
    warehouses,
    selected: selected?.id ?? null,
    reading,
    syncing,
    sync: settings.stockSync,
    // What the rows were chosen by (a search cut to its length, an "older than" the field refuses left out).
    applied: { search: query.search, olderThanDays: query.olderThanDays },
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

/** After "Read the stock again" only when a read was asked for: the page learns it is under way, and watches for it (useRefreshWhile). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formData, defaultShouldRevalidate }) =>
  formMethod === "POST" ? formData?.get("intent") === "readAgain" : defaultShouldRevalidate;

/** The view's fields as the merchant typed and chose them; the address holds them once asked for. */
interface Fields {
  q: string;
  olderThan: string;
  sort: InventoryAgeSort;
}

const fieldsOf = (params: URLSearchParams): Fields => {
  const sort = params.get("sort") ?? "";
  return { q: params.get("q") ?? "", olderThan: params.get("olderThan") ?? "", sort: sort in SORTS ? (sort as InventoryAgeSort) : "sku" };
};

/** A view's own parameters: the warehouse and the fields that narrow or order it (the export's query). */
function viewParams(warehouse: string | null, fields: Fields): URLSearchParams {
  const next = new URLSearchParams();
  if (warehouse !== null) next.set("warehouse", warehouse);
  if (fields.q.trim() !== "") next.set("q", fields.q.trim());
  if (fields.olderThan.trim() !== "") next.set("olderThan", fields.olderThan.trim());
  if (fields.sort !== "sku") next.set("sort", fields.sort);
  return next;
}

/** The address of a view's page, the admin's own parameters (embedded, shop, host…) kept, as Products and Shipments keep them. */
function addressOf(current: URLSearchParams, warehouse: string | null, fields: Fields, page = 1): string {
  const next = new URLSearchParams([...current].filter(([name]) => !["warehouse", "q", "olderThan", "sort", "page"].includes(name)));
  for (const [name, value] of viewParams(warehouse, fields)) next.set(name, value);
  if (page > 1) next.set("page", String(page));
  return next.toString();
}

const sameFields = (a: Fields, b: Fields) => a.q.trim() === b.q.trim() && a.olderThan.trim() === b.olderThan.trim() && a.sort === b.sort;

/** A pause this long in typing asks for the view: a word typed is one request, not one per key. */
const TYPING_PAUSE_MS = 300;

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
  const { warehouses, selected, reading, syncing, sync, applied } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [searchParams] = useSearchParams();
  const revalidator = useRevalidator();
  // While the stock sync reads the provider, the page shows its read as soon as it is done.
  useRefreshWhile(syncing);
  const readAgain = useFetcher<typeof action>();

  // What the table shows, by its address; the fields run ahead of it while the merchant types.
  const shownFields = fieldsOf(searchParams);
  const [fields, setFields] = useState(shownFields);
  // Back, forward and reload: the fields say again what the address holds.
  const [fieldsAt, setFieldsAt] = useState(location.key);
  if (fieldsAt !== location.key) {
    setFieldsAt(location.key);
    if (navigationType === "POP") setFields(shownFields);
  }
  const [exportState, setExportState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });
  /** The status line speaks of what the merchant did last. */
  const [lastAction, setLastAction] = useState<"export" | "readAgain" | null>(null);

  const olderThan = OlderThanDays.safeParse(fields.olderThan);
  const olderThanDays = olderThan.success ? olderThan.data : null;
  const shown = reading?.kind === "stock" ? reading.shown : null;

  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const go = (next: Fields, { warehouse = selected, page = 1 }: { warehouse?: string | null; page?: number } = {}) => {
    clearTimeout(typing.current);
    navigate(`?${addressOf(searchParams, warehouse, next, page)}`, { preventScrollReset: true });
  };
  const type = (next: Fields) => {
    setFields(next);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => go(next), TYPING_PAUSE_MS);
  };
  const choose = (next: Fields) => {
    setFields(next);
    go(next);
  };

  // Another view asked for, or typed and about to be: a skeleton holds the table's place meanwhile.
  const changingView =
    !sameFields(fields, shownFields) || (navigation.state === "loading" && navigation.location.pathname === location.pathname);
  const chosen = warehouses.find((warehouse) => warehouse.id === selected);

  async function exportCsv() {
    setLastAction("export");
    setExportState({ busy: true, message: words.preparingCsv, failed: false });
    try {
      const response = await fetch(`/app/inventory-age/export?${viewParams(selected, shownFields).toString()}`);
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
      setExportState({ busy: false, message: words.exported(count(shown?.matching ?? 0, words.skus), name), failed: false });
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
    : /^\d{1,4}$/.test(fields.olderThan.trim())
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
        disabled: shown === null || shown.matching === 0 || !olderThan.success,
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
                  onChange={(warehouse) => go(fields, { warehouse })}
                />
                <TextField
                  label={words.search}
                  value={fields.q}
                  onChange={(q) => type({ ...fields, q })}
                  autoComplete="off"
                  clearButton
                  onClearButtonClick={() => choose({ ...fields, q: "" })}
                  placeholder={words.searchPlaceholder}
                />
                <TextField
                  label={words.olderThan}
                  type="number"
                  min={0}
                  max={330}
                  value={fields.olderThan}
                  onChange={(value) => type({ ...fields, olderThan: value })}
                  autoComplete="off"
                  error={olderThanError}
                  helpText={olderThan.success ? olderThanHelp : undefined}
                />
                <Select
                  label={words.sortBy}
                  options={Object.keys(SORTS).map((value) => ({ value, label: words.sorts[value as InventoryAgeSort] }))}
                  value={fields.sort}
                  onChange={(value) => choose({ ...fields, sort: value in SORTS ? (value as InventoryAgeSort) : "sku" })}
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

        {changingView ? (
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
        ) : reading === null || shown === null || reading.skus === 0 ? (
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
        ) : shown.matching === 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {words.noMatchHeading}
                </Text>
                <Text as="p">
                  {words.noMatch(
                    count(reading.skus, words.skus),
                    chosen.id,
                    applied.search === "" ? null : applied.search,
                    applied.olderThanDays === null ? null : format.number(applied.olderThanDays),
                  )}
                </Text>
                <InlineStack>
                  <Button onClick={() => choose({ ...fields, q: "", olderThan: "" })}>{words.clearFilters}</Button>
                </InlineStack>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : (
          <>
            {reading.truncated && (
              <Layout.Section>
                <Banner tone="warning">{words.truncated(count(reading.skus, words.skus))}</Banner>
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
                      {words.unitsInSkus(count(shown.totals.total, words.units), count(shown.matching, words.skus))}
                      {shown.totals.olderThan === null
                        ? ""
                        : words.unitsOlderThan(count(shown.totals.olderThan, words.units), format.number(applied.olderThanDays ?? 0))}
                    </Text>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {words.chartExplained}
                  </Text>
                  <AgeChart rows={shown.pageRows} />
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
                <StockTable shown={shown} olderThanDays={applied.olderThanDays} />
              </Card>
            </Layout.Section>
            {shown.pages > 1 && (
              <Layout.Section>
                <InlineStack align="center">
                  <Pagination
                    hasPrevious={shown.page > 1}
                    hasNext={shown.page < shown.pages}
                    onPrevious={() => go(shownFields, { page: shown.page - 1 })}
                    onNext={() => go(shownFields, { page: shown.page + 1 })}
                    label={words.page(format.number(shown.page), format.number(shown.pages))}
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
