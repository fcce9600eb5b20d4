/**
 * The Products list: tabs by state, a search, and the rows, of which those not registered can be
 * picked for registration. Each SKU's entry opens on its own page.
 */
import { useEffect, useState } from "react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Pagination,
  Tabs,
  Text,
  TextField,
  useIndexResourceState,
} from "@shopify/polaris";
import { useFormat, useWords } from "~/components/locale";
import { Details, StateBadge } from "./product-state";
import type { ProductFilter, ProductRow, ProductState } from "./products.server";

/** The tabs, in order; their names and empty states are the page's words. */
const TABS: readonly ProductFilter[] = ["ALL", "NOT_REGISTERED", "DIFFERS", "REGISTERED", "KIT", "PROVIDER_ONLY", "NO_SKU"];

export interface ProductsTableProps {
  rows: ProductRow[];
  counts: Record<ProductState | "ALL", number>;
  filter: ProductFilter;
  search: string;
  page: number;
  pages: number;
  neverRead: boolean;
  running: boolean;
  /** The list's query (state, search, page), carried to a SKU's page so its back link returns here. */
  query: string;
  /** Set when a registration was accepted: the picked rows are let go. */
  registered: boolean;
  go: (changes: { state?: ProductFilter; page?: number; q?: string }) => void;
  readCatalogue: () => void;
  register: (skus: string[]) => void;
}

export function ProductsTable(props: ProductsTableProps) {
  const { rows } = props;
  const words = useWords().products;
  const format = useFormat();
  const n = format.number;
  const [search, setSearch] = useState(props.search);
  // Every row is listed; only those not registered can be picked for registration.
  const selectable = new Set(rows.filter((row) => row.state === "NOT_REGISTERED").map((row) => row.key));
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(
    rows.map((row) => ({ id: row.key })),
    { resourceFilter: ({ id }: { id: string }) => selectable.has(id) },
  );
  // A row registered since it was picked is no longer a choice.
  const selected = selectedResources.filter((key) => selectable.has(key));
  useEffect(() => {
    if (props.registered) clearSelection();
  }, [props.registered, clearSelection]);
  const selectedTab = Math.max(0, TABS.indexOf(props.filter));

  return (
    <>
      <Card padding="0">
        <Tabs
          tabs={TABS.map((tab) => ({ id: tab, content: words.tab(words.tabs[tab], n(props.counts[tab])) }))}
          selected={selectedTab}
          onSelect={(index) => props.go({ state: TABS[index] ?? "ALL" })}
        />
        <Box padding="300">
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              props.go({ q: search });
            }}
          >
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div style={{ flexGrow: 1 }}>
                <TextField
                  label={words.searchLabel}
                  labelHidden
                  placeholder={words.searchPlaceholder}
                  value={search}
                  onChange={setSearch}
                  autoComplete="off"
                  clearButton
                  onClearButtonClick={() => {
                    setSearch("");
                    props.go({ q: "" });
                  }}
                />
              </div>
              <Button submit>{words.search}</Button>
            </InlineStack>
          </form>
        </Box>
        {props.neverRead ? (
          // Not Polaris's EmptyState: its illustration's placeholder is swapped once the page runs, which
          // moved the button the merchant is about to press (a layout shift of 0.039 on this page).
          <Box padding="800">
            <BlockStack gap="300" inlineAlign="center">
              <Text as="h2" variant="headingMd">
                {words.readFirst}
              </Text>
              <Text as="p" tone="subdued" alignment="center">
                {words.readFirstBody}
              </Text>
              <Button variant="primary" onClick={props.readCatalogue} disabled={props.running}>
                {words.readCatalogue}
              </Button>
            </BlockStack>
          </Box>
        ) : rows.length === 0 ? (
          <Box padding="400">
            <Text as="p" tone="subdued">
              {props.search ? words.noMatch(props.search) : words.empty[TABS[selectedTab] ?? "ALL"]}
            </Text>
          </Box>
        ) : (
          <IndexTable
            resourceName={{ singular: words.oneProduct, plural: words.manyProducts }}
            itemCount={rows.length}
            selectedItemsCount={allResourcesSelected && selected.length === selectable.size ? "All" : selected.length}
            onSelectionChange={handleSelectionChange}
            selectable={selectable.size > 0}
            promotedBulkActions={[
              {
                content: words.registerSelected,
                onAction: () =>
                  props.register(rows.filter((row) => selected.includes(row.key)).flatMap((row) => (row.sku === null ? [] : [row.sku]))),
              },
            ]}
            headings={[
              { title: words.columns.product },
              { title: words.columns.state },
              { title: words.columns.whatToKnow },
              { title: words.columns.weight },
              { title: words.columns.hsCode },
              { title: words.columns.origin },
              { title: words.columns.entry },
            ]}
          >
            {rows.map((row, index) => (
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
                    {row.sku ?? words.noSku}
                    {row.providerSku ? ` → ${row.providerSku}` : ""}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StateBadge row={row} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Details row={row} />
                </IndexTable.Cell>
                <IndexTable.Cell>{row.weightGrams === null ? "—" : words.grams(n(row.weightGrams))}</IndexTable.Cell>
                <IndexTable.Cell>{row.hsCode ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>{row.origin ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>
                  {row.sku !== null && row.state !== "PROVIDER_ONLY" && (
                    <Button
                      variant="plain"
                      url={`/app/products/${encodeURIComponent(row.sku)}${props.query}`}
                      accessibilityLabel={row.entry ? words.editEntryOf(row.sku) : words.addEntryOf(row.sku)}
                    >
                      {row.entry ? words.edit : words.add}
                    </Button>
                  )}
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
      {props.pages > 1 && (
        <Box paddingBlock="400">
          <InlineStack align="center">
            <Pagination
              hasPrevious={props.page > 1}
              hasNext={props.page < props.pages}
              onPrevious={() => props.go({ page: props.page - 1 })}
              onNext={() => props.go({ page: props.page + 1 })}
              label={words.page(n(props.page), n(props.pages))}
            />
          </InlineStack>
        </Box>
      )}
    </>
  );
}
