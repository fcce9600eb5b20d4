// Products: every Shopify variant beside the provider's record of its SKU, the SKU registration
// with its progress, and each SKU's entry (provider SKU, customs data, size) in one place.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Layout,
  Page,
  Pagination,
  Tabs,
  Text,
  TextField,
  useIndexResourceState,
} from "@shopify/polaris";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { useRefreshWhile } from "~/components/live-data";
import { RunProgress, runViewOf } from "~/components/run-progress";
import prisma from "~/db.server";
import { startCatalogueRead } from "~/flows/catalogue/read.server";
import { startRegistration } from "~/flows/catalogue/register.server";
import { authenticate } from "~/shopify.server";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { saveSkuEntry } from "~/stores/shops/shop.server";
import { productsPage, productsQueryOf, type ProductFilter, type ProductRow } from "./products.server";
import { SkuEntryEditor } from "./sku-entry-editor";
import { entryOf, SkuEntryForm } from "./sku-entry-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const query = productsQueryOf(new URL(request.url).searchParams);
  const [read, registration] = await Promise.all([latestRun(prisma, shop, "CATALOGUE_READ"), latestRun(prisma, shop, "SKU_REGISTER")]);
  // The run the merchant is watching: one under way, else the latest to end.
  const runs = [read, registration].flatMap((run) => (run === null ? [] : [run]));
  const run =
    runs.find((candidate) => candidate.status === "RUNNING") ??
    runs.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())[0] ??
    null;
  return { ...(await productsPage(prisma, shop, query)), filter: query.filter, search: query.search, run: runViewOf(run) };
}

type Answer =
  | { intent: string; ok: true; message: string }
  | { intent: string; ok: false; message: string; sku?: string; result?: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "refresh": {
      await startCatalogueRead(prisma, shop, "MERCHANT");
      return json<Answer>({ intent, ok: true, message: "Reading your catalogue from Shopify and the provider…" });
    }
    case "register":
    case "registerMissing": {
      const skus =
        intent === "registerMissing"
          ? (await productsPage(prisma, shop, { filter: "ALL", search: "", page: 1 })).missing
          : form
              .getAll("sku")
              .map(String)
              .filter((sku) => sku.trim() !== "");
      if (skus.length === 0)
        return json<Answer>({ intent, ok: false, message: "No SKU to register: choose the rows to register first." }, { status: 400 });
      await startRegistration(prisma, shop, skus, "MERCHANT");
      return json<Answer>({
        intent,
        ok: true,
        message: `Registering ${skus.length} ${skus.length === 1 ? "SKU" : "SKUs"} with the provider…`,
      });
    }
    case "saveEntry": {
      const submission = parseWithZod(form, { schema: SkuEntryForm, disableAutoCoercion: true });
      const sku = String(form.get("sku") ?? "");
      if (submission.status !== "success") {
        return json<Answer>(
          { intent, ok: false, sku, message: `SKU ${sku} was not saved: correct the fields shown.`, result: submission.reply() },
          { status: 400 },
        );
      }
      await saveSkuEntry(prisma, shop, submission.value.sku, entryOf(submission.value));
      return json<Answer>({
        intent,
        ok: true,
        message: `SKU ${submission.value.sku} saved. Its registration and shipments use it from now on.`,
      });
    }
    default:
      return json<Answer>({ intent, ok: false, message: `Unknown action: ${intent}` }, { status: 400 });
  }
}

const TABS: readonly { id: ProductFilter; label: string; empty: string }[] = [
  { id: "ALL", label: "All", empty: "No products match." },
  { id: "NOT_REGISTERED", label: "Not registered", empty: "Every SKU is registered with the provider." },
  { id: "DIFFERS", label: "Differs", empty: "The provider's records match what Shopify says." },
  { id: "REGISTERED", label: "Registered", empty: "No SKU is registered with the provider yet." },
  { id: "PROVIDER_ONLY", label: "Provider only", empty: "The provider knows no SKU that your store does not sell." },
  { id: "NO_SKU", label: "No SKU", empty: "Every variant has a SKU." },
];

function StateBadge({ row }: { row: ProductRow }) {
  switch (row.state) {
    case "REGISTERED":
      return <Badge tone="success">{`Registered${row.approvalStatus ? `: ${row.approvalStatus}` : ""}`}</Badge>;
    case "DIFFERS":
      return <Badge tone="warning">{`Differs${row.approvalStatus ? ` (${row.approvalStatus})` : ""}`}</Badge>;
    case "NOT_REGISTERED":
      return (
        <Badge tone={row.problems.length > 0 || row.lastFailure ? "critical" : "attention"}>
          {row.problems.length > 0 ? "Cannot register yet" : "Not registered"}
        </Badge>
      );
    case "PROVIDER_ONLY":
      return <Badge tone="info">Provider only</Badge>;
    case "NO_SKU":
      return <Badge>No SKU</Badge>;
  }
}

function Details({ row }: { row: ProductRow }) {
  const lines =
    row.state === "DIFFERS"
      ? row.differences.map((d) => `${d.field}: provider ${d.provider || "(none)"}, Shopify ${d.shopify || "(none)"}`)
      : row.state === "PROVIDER_ONLY"
        ? ["The provider has this SKU; no variant in your store sells it."]
        : [...row.problems, ...(row.lastFailure ? [`Last attempt: ${row.lastFailure}`] : [])];
  if (lines.length === 0)
    return (
      <Text as="span" tone="subdued">
        —
      </Text>
    );
  // Table cells do not wrap by default; these sentences must.
  return (
    <div style={{ whiteSpace: "normal", minWidth: "16rem", maxWidth: "28rem" }}>
      <BlockStack gap="100">
        {lines.map((line) => (
          <Text as="p" variant="bodySm" key={line}>
            {line}
          </Text>
        ))}
      </BlockStack>
    </div>
  );
}

export default function Products() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(data.search);
  const [editing, setEditing] = useState<ProductRow | null>(null);
  const running = data.run?.status === "RUNNING";
  useRefreshWhile(running);

  // Every row is listed; only those not registered can be picked for registration.
  const selectable = new Set(data.rows.filter((row) => row.state === "NOT_REGISTERED").map((row) => row.key));
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(
    data.rows.map((row) => ({ id: row.key })),
    { resourceFilter: ({ id }: { id: string }) => selectable.has(id) },
  );
  // A row registered since it was picked is no longer a choice.
  const selected = selectedResources.filter((key) => selectable.has(key));
  const pending = navigation.formData?.get("intent");
  useEffect(() => {
    if (answer?.ok && answer.intent === "saveEntry") setEditing(null);
    if (answer?.ok && (answer.intent === "register" || answer.intent === "registerMissing")) clearSelection();
  }, [answer, clearSelection]);

  const go = (changes: { state?: ProductFilter; page?: number; q?: string }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.state !== undefined) next.set("state", changes.state);
    if (changes.q !== undefined) next.set("q", changes.q);
    next.set("page", String(changes.page ?? 1));
    navigate(`?${next.toString()}`, { preventScrollReset: true });
  };
  const selectedTab = Math.max(
    0,
    TABS.findIndex((tab) => tab.id === data.filter),
  );
  const send = (intent: string, extra: [string, string][] = []) => submit([["intent", intent], ...extra], { method: "post" });
  const neverRead = data.catalogueReadAt === null && data.counts.ALL === 0;

  return (
    <Page
      title="Products"
      subtitle="Your variants beside the provider's record of each SKU. A SKU must be registered before it can be stocked in a warehouse."
      primaryAction={{
        content: `Register all missing (${data.missing.length})`,
        disabled: data.missing.length === 0 || running,
        loading: pending === "registerMissing",
        onAction: () => send("registerMissing"),
      }}
      secondaryActions={[
        { content: "Read the catalogue again", disabled: running, loading: pending === "refresh", onAction: () => send("refresh") },
      ]}
    >
      <Layout>
        {/* One place for the run and the last answer, so neither pushes the table when it appears. */}
        <Layout.Section>
          <BlockStack gap="300">
            <RunProgress
              run={data.run}
              title={data.run?.kind === "SKU_REGISTER" ? "SKU registration" : "Catalogue read"}
              unit={data.run?.kind === "SKU_REGISTER" ? "SKUs" : "variants"}
              idle="Your catalogue has not been read yet."
            />
            {/* Always there, one line high: an answer appearing does not move the table. */}
            <div style={{ minHeight: "1.25rem" }} role="status">
              {answer && (answer.ok ? answer.intent === "saveEntry" : answer.intent !== "saveEntry") && (
                <Text as="p" tone={answer.ok ? "success" : "critical"}>
                  {answer.message}
                </Text>
              )}
            </div>
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          <Card padding="0">
            <Tabs
              tabs={TABS.map((tab) => ({
                id: tab.id,
                content: `${tab.label} (${tab.id === "ALL" ? data.counts.ALL : data.counts[tab.id]})`,
              }))}
              selected={selectedTab}
              onSelect={(index) => go({ state: TABS[index]?.id ?? "ALL" })}
            />
            <Box padding="300">
              <form
                role="search"
                onSubmit={(event) => {
                  event.preventDefault();
                  go({ q: search });
                }}
              >
                <InlineStack gap="200" blockAlign="end" wrap={false}>
                  <div style={{ flexGrow: 1 }}>
                    <TextField
                      label="Search products"
                      labelHidden
                      placeholder="Search by name or SKU"
                      value={search}
                      onChange={setSearch}
                      autoComplete="off"
                      clearButton
                      onClearButtonClick={() => {
                        setSearch("");
                        go({ q: "" });
                      }}
                    />
                  </div>
                  <Button submit>Search</Button>
                </InlineStack>
              </form>
            </Box>
            {neverRead ? (
              <EmptyState
                heading="Read your catalogue first"
                action={{ content: "Read the catalogue", onAction: () => send("refresh"), disabled: running }}
                image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
              >
                <p>The app reads every variant from Shopify and every SKU the provider knows, then lists them side by side here.</p>
              </EmptyState>
            ) : data.rows.length === 0 ? (
              <Box padding="400">
                <Text as="p" tone="subdued">
                  {data.search ? `No products match "${data.search}".` : TABS[selectedTab]?.empty}
                </Text>
              </Box>
            ) : (
              <IndexTable
                resourceName={{ singular: "product", plural: "products" }}
                itemCount={data.rows.length}
                selectedItemsCount={allResourcesSelected && selected.length === selectable.size ? "All" : selected.length}
                onSelectionChange={handleSelectionChange}
                selectable={selectable.size > 0}
                promotedBulkActions={[
                  {
                    content: "Register selected",
                    onAction: () => {
                      const skus = data.rows
                        .filter((row) => selected.includes(row.key))
                        .flatMap((row) => (row.sku === null ? [] : [row.sku]));
                      send(
                        "register",
                        skus.map((sku) => ["sku", sku]),
                      );
                    },
                  },
                ]}
                headings={[
                  { title: "Product" },
                  { title: "State" },
                  { title: "What to know" },
                  { title: "Weight" },
                  { title: "HS code" },
                  { title: "Origin" },
                  { title: "Entry" },
                ]}
              >
                {data.rows.map((row, index) => (
                  <IndexTable.Row
                    id={row.key}
                    key={row.key}
                    position={index}
                    selected={selected.includes(row.key)}
                    disabled={!selectable.has(row.key)}
                  >
                    <IndexTable.Cell>
                      <Text as="span" fontWeight="semibold">
                        {row.title}
                      </Text>
                      <Text as="p" tone="subdued" variant="bodySm">
                        {row.sku ?? "no SKU"}
                        {row.providerSku ? ` → ${row.providerSku}` : ""}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <StateBadge row={row} />
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Details row={row} />
                    </IndexTable.Cell>
                    <IndexTable.Cell>{row.weightGrams === null ? "—" : `${row.weightGrams} g`}</IndexTable.Cell>
                    <IndexTable.Cell>{row.hsCode ?? "—"}</IndexTable.Cell>
                    <IndexTable.Cell>{row.origin ?? "—"}</IndexTable.Cell>
                    <IndexTable.Cell>
                      {row.sku !== null && row.state !== "PROVIDER_ONLY" && (
                        <Button
                          variant="plain"
                          onClick={() => setEditing(row)}
                          accessibilityLabel={`${row.entry ? "Edit" : "Add"} the entry of SKU ${row.sku}`}
                        >
                          {row.entry ? "Edit" : "Add"}
                        </Button>
                      )}
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            )}
          </Card>
          {data.pages > 1 && (
            <Box paddingBlock="400">
              <InlineStack align="center">
                <Pagination
                  hasPrevious={data.page > 1}
                  hasNext={data.page < data.pages}
                  onPrevious={() => go({ page: data.page - 1 })}
                  onNext={() => go({ page: data.page + 1 })}
                  label={`Page ${data.page} of ${data.pages}`}
                />
              </InlineStack>
            </Box>
          )}
        </Layout.Section>
      </Layout>
      {editing && (
        <SkuEntryEditor row={editing} answer={answer?.intent === "saveEntry" ? answer : undefined} onClose={() => setEditing(null)} />
      )}
    </Page>
  );
}
