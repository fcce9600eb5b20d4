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
import { useFormat } from "~/components/locale";

/** Orders whose planning is due within this are about to become shipments: the list watches for them. */
const PLANNING_DUE_MS = 60_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const query = shipmentListQueryOf(params);
  const track = params.get("track");
  const [list, deadJobs, held, failed, tracking, planning] = await Promise.all([
    listShipments(prisma, session.shop, query),
    deadJobsOf(session.shop),
    prisma.shipment.count({ where: { shop: session.shop, state: "HELD" } }),
    prisma.shipment.count({
      where: { shop: session.shop, state: "FAILED", OR: [{ lastErrorCode: null }, { lastErrorCode: { not: HANDED_BACK } }] },
    }),
    track === null ? null : lookUpTracking(session.shop, track),
    workDueSoon(prisma, session.shop, PLANNING_JOB_KINDS, { withinMs: PLANNING_DUE_MS }),
  ]);
  return { filter: query.filter, q: query.q, ...list, deadJobs, counts: { held, failed }, tracking, planning };
}

const isBulkIntent = (value: unknown): value is BulkIntent =>
  typeof value === "string" && (BULK_INTENTS as readonly string[]).includes(value);

export async function action({ request }: ActionFunctionArgs): Promise<BulkAnswer> {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "retry-job") return retryDeadJob(session.shop, String(form.get("jobId") ?? ""));
  if (!isBulkIntent(intent)) throw new Response("Unknown action", { status: 400 });
  const ids = form.getAll("id").filter((id): id is string => typeof id === "string");
  return runBulkAction(session.shop, intent, ids);
}

const TABS: readonly { id: ShipmentFilter; content: string; empty: string }[] = [
  { id: "all", content: "All", empty: "Each order your fulfilment provider ships appears here, with its state and tracking number." },
  {
    id: "attention",
    content: "Needs attention",
    empty:
      "Nothing needs you: no shipment is on hold, refused by the provider, ended without a delivery, or changed in Shopify after it was sent.",
  },
  { id: "progress", content: "In progress", empty: "No shipment is on its way to or at the provider right now." },
  { id: "fulfilled", content: "Fulfilled", empty: "Shipments appear here once their tracking is written to the Shopify order." },
  { id: "delivered", content: "Delivered", empty: "Shipments appear here once the carrier reports them delivered." },
  { id: "cancelled", content: "Cancelled", empty: "No shipment has been cancelled." },
];

export default function Shipments() {
  const format = useFormat();
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
  const selected = Math.max(
    TABS.findIndex((tab) => tab.id === filter),
    0,
  );
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
      title="Shipments"
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{
        content: `Send held that now pass (${format.number(counts.held)})`,
        disabled: counts.held === 0,
        loading: busy === "send-held",
        onAction: () => bulk("send-held"),
      }}
      secondaryActions={[
        {
          content: `Retry failed (${format.number(counts.failed)})`,
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
            <Banner
              tone="info"
              title={busy === "retry-job" ? "Queuing the job again." : "Checking the shipments again with Shopify's current facts."}
            />
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
                        label="Search shipments"
                        labelHidden
                        name="q"
                        value={search}
                        onChange={setSearch}
                        autoComplete="off"
                        placeholder="Order name, tracking number, SKU or customer name"
                        clearButton
                        onClearButtonClick={() => setSearch("")}
                      />
                    </div>
                    <Button submit>Search</Button>
                  </InlineStack>
                </Form>
              </Box>
              <Tabs tabs={[...TABS]} selected={selected} onSelect={(index) => go({ filter: TABS[index]?.id ?? "all" })} />
              {rows.length === 0 ? (
                <EmptyState
                  heading={q === "" ? "No shipments here yet" : "No shipment matches"}
                  image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
                >
                  <p>
                    {q === ""
                      ? TABS[selected]?.empty
                      : `Nothing here matches “${q}”. Try an order name like #1001, a tracking number, a SKU or a customer's name.`}
                  </p>
                </EmptyState>
              ) : (
                <IndexTable
                  resourceName={{ singular: "shipment", plural: "shipments" }}
                  itemCount={rows.length}
                  selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
                  onSelectionChange={handleSelectionChange}
                  promotedBulkActions={[{ content: "Retry selected", onAction: () => bulk("retry-selected", selectedResources) }]}
                  headings={[
                    { title: "Order / package" },
                    { title: "Kind" },
                    { title: "State" },
                    { title: "Tracking" },
                    { title: "Reason" },
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
                  label={`Page ${page}`}
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
