// `_index`, not app.shipments.tsx: that name would make the list the layout of app.shipments.$id.tsx,
// and the detail would render inside a list without an <Outlet />.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useState } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Layout,
  List,
  Page,
  Pagination,
  Tabs,
  TextField,
  useIndexResourceState,
} from "@shopify/polaris";
import prisma from "~/db.server";
import { listShipments, shipmentListQueryOf, type ShipmentFilter } from "~/stores/shipments/shipment-list.server";
import { shopFormatter } from "~/stores/shops/shop-time-zone.server";
import { HANDED_BACK, isInFlight } from "~/stores/shipments/shipment-states";
import { REFRESH_MS, useRefreshWhile } from "~/components/live-data";
import { PLANNING_JOB_KINDS, workDueSoon } from "~/jobs/admin.server";
import { authenticate } from "~/shopify.server";
import {
  BULK_INTENTS,
  deadJobsOf,
  lookUpTracking,
  retryDeadJob,
  runBulkAction,
  type BulkAnswer,
  type BulkIntent,
} from "./shipments-page.server";
import { DeadJobsCard, ShipmentCells, TrackingLookupCard } from "./list-parts";
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { formatterFor } from "~/lib/format";
import { languageOf, wordsFor } from "~/lib/words";

/** Orders whose planning is due within this are about to become shipments: the list watches for them. */
const PLANNING_DUE_MS = 60_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const query = shipmentListQueryOf(params);
  const track = params.get("track");
  const locale = localeOf(request);
  const words = wordsFor(locale);
  const format = await shopFormatter(prisma, session.shop, locale);
  const [list, deadJobs, held, failed, tracking, planning] = await Promise.all([
    listShipments(prisma, session.shop, query, words, format),
    deadJobsOf(session.shop, words, format),
    prisma.shipment.count({ where: { shop: session.shop, state: "HELD" } }),
    prisma.shipment.count({
      where: { shop: session.shop, state: "FAILED", OR: [{ lastErrorCode: null }, { lastErrorCode: { not: HANDED_BACK } }] },
    }),
    track === null
      ? null
      : lookUpTracking(session.shop, track, {
          words: words.shipments,
          lang: languageOf(locale) === "zh-CN" ? "zh" : "en",
          errors: words.jobErrors,
          problems: words.providerProblems,
        }),
    workDueSoon(prisma, session.shop, PLANNING_JOB_KINDS, { withinMs: PLANNING_DUE_MS }),
  ]);
  return { filter: query.filter, q: query.q, ...list, deadJobs, counts: { held, failed }, tracking, planning };
}

const isBulkIntent = (value: unknown): value is BulkIntent =>
  typeof value === "string" && (BULK_INTENTS as readonly string[]).includes(value);

export async function action({ request }: ActionFunctionArgs): Promise<BulkAnswer> {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const locale = localeOf(request);
  const all = wordsFor(locale);
  const words = all.shipments;
  const intent = form.get("intent");
  if (intent === "retry-job") return retryDeadJob(session.shop, String(form.get("jobId") ?? ""), words);
  if (!isBulkIntent(intent)) throw new Response(all.home.unknownAction, { status: 400 });
  const ids = form.getAll("id").filter((id): id is string => typeof id === "string");
  return runBulkAction(session.shop, intent, ids, { words, format: formatterFor(locale), all });
}

/** The list's tabs, in order; their names and empty states are the page's words. */
const TABS: readonly ShipmentFilter[] = ["all", "attention", "progress", "fulfilled", "delivered", "cancelled"];

export default function Shipments() {
  const format = useFormat();
  const words = useWords().shipments;
  const { filter, q, rows, page, hasPrevious, hasNext, counts, planning, tracking, deadJobs } = useLoaderData<typeof loader>();
  // Shipments on their way change state by themselves, and orders being planned become shipments:
  // the list keeps up while any is. The first page also looks, slowly, for orders Shopify has not
  // told the app about yet, where a new shipment would appear.
  const moving = planning || rows.some((row) => isInFlight(row.state));
  const newestFirst = !hasPrevious && q === "";
  useRefreshWhile(moving || newestFirst, moving ? REFRESH_MS.shipments : REFRESH_MS.arrivals);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState(q);
  const selected = Math.max(TABS.indexOf(filter), 0);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(rows);
  const busy =
    navigation.state === "submitting" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : null;

  const go = (changes: { filter?: ShipmentFilter; page?: number }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.filter !== undefined) next.set("filter", changes.filter);
    next.set("page", String(changes.page ?? 1));
    next.delete("track");
    navigate(`?${next.toString()}`);
  };

  const bulk = (intent: BulkIntent, ids: string[] = []) => {
    const data = new FormData();
    data.set("intent", intent);
    for (const id of ids) data.append("id", id);
    submit(data, { method: "post" });
    clearSelection();
  };

  return (
    <Page
      fullWidth
      title={words.title}
      backAction={{ content: words.home, url: "/app" }}
      primaryAction={{
        content: words.sendHeld(format.number(counts.held)),
        disabled: counts.held === 0,
        loading: busy === "send-held",
        onAction: () => bulk("send-held"),
      }}
      secondaryActions={[
        {
          content: words.retryFailed(format.number(counts.failed)),
          disabled: counts.failed === 0,
          loading: busy === "retry-failed",
          onAction: () => bulk("retry-failed"),
        },
      ]}
    >
      <Layout>
        {/* On the click, a banner of the answer's size appears at once; the answer takes its place. */}
        {busy !== null ? (
          <Layout.Section>
            <Banner tone="info" title={busy === "retry-job" ? words.queuingJob : words.checkingAgain} />
          </Layout.Section>
        ) : (
          answer && (
            <Layout.Section>
              <Banner tone={answer.tone} title={answer.message}>
                {answer.problems.length > 0 && (
                  <List>
                    {answer.problems.map((problem, index) => (
                      <List.Item key={index}>
                        {problem.orderName}: {problem.message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Banner>
            </Layout.Section>
          )
        )}
        {/* The list on the left; the lookup and the stopped jobs beside it, so that neither a search
            nor a lookup's answer moves the other (no layout shift). */}
        <Layout.Section>
          <BlockStack gap="400">
            <Card padding="0">
              <Box padding="300">
                <Form method="get">
                  <input type="hidden" name="filter" value={filter} />
                  <InlineStack gap="200" blockAlign="end" wrap={false}>
                    <div style={{ flexGrow: 1 }}>
                      <TextField
                        label={words.searchLabel}
                        labelHidden
                        name="q"
                        value={search}
                        onChange={setSearch}
                        autoComplete="off"
                        placeholder={words.searchPlaceholder}
                        clearButton
                        onClearButtonClick={() => setSearch("")}
                      />
                    </div>
                    <Button submit>{words.search}</Button>
                  </InlineStack>
                </Form>
              </Box>
              <Tabs
                tabs={TABS.map((tab) => ({ id: tab, content: words.tabs[tab] }))}
                selected={selected}
                onSelect={(index) => go({ filter: TABS[index] ?? "all" })}
              />
              {rows.length === 0 ? (
                <EmptyState
                  heading={q === "" ? words.noneYet : words.noMatchHeading}
                  image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
                >
                  <p>{q === "" ? words.empty[TABS[selected] ?? "all"] : words.noMatch(q)}</p>
                </EmptyState>
              ) : (
                <IndexTable
                  resourceName={{ singular: words.oneShipment, plural: words.manyShipments }}
                  itemCount={rows.length}
                  selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
                  onSelectionChange={handleSelectionChange}
                  promotedBulkActions={[{ content: words.retrySelected, onAction: () => bulk("retry-selected", selectedResources) }]}
                  headings={[
                    { title: words.orderPackage },
                    { title: words.kind },
                    { title: words.state },
                    { title: words.tracking },
                    { title: words.reason },
                  ]}
                >
                  {rows.map((row, index) => (
                    <IndexTable.Row id={row.id} key={row.id} position={index} selected={selectedResources.includes(row.id)}>
                      <ShipmentCells row={row} />
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              )}
            </Card>
            {(hasPrevious || hasNext) && (
              <InlineStack align="center">
                <Pagination
                  hasPrevious={hasPrevious}
                  hasNext={hasNext}
                  onPrevious={() => go({ page: page - 1 })}
                  onNext={() => go({ page: page + 1 })}
                  label={words.page(format.number(page))}
                />
              </InlineStack>
            )}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <TrackingLookupCard tracking={tracking} filter={filter} q={q} />
            <DeadJobsCard deadJobs={deadJobs} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
