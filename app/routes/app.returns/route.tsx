/**
 * Returns: each Shopify return of units a provider warehouse shipped, as the provider's return
 * order to that warehouse, with where it stands (on its way back, at the warehouse, restocked, or
 * refused with the reason), the provider's ids, its tracking number and the units it brings back.
 * The shop's own only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { Box, Card, EmptyState, IndexTable, InlineStack, Page, Pagination, Tabs, Text } from "@shopify/polaris";
import prisma from "~/db.server";
import { listReturns, returnListQueryOf, type ReturnFilter } from "~/stores/returns/returns.server";
import { authenticate } from "~/shopify.server";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { ReturnStateBadge } from "./return-badges";
import { useFormat, useWords } from "~/components/locale";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const { filter, page } = returnListQueryOf(new URL(request.url).searchParams);
  return { filter, ...(await listReturns(prisma, session.shop, filter, page, wordsFor(localeOf(request)).returnReasons)) };
}

/** The tabs, in order; their names and empty states are the page's words. */
const TABS: readonly ReturnFilter[] = ["all", "progress", "attention", "restocked"];

export default function Returns() {
  const { filter, rows, page, hasPrevious, hasNext } = useLoaderData<typeof loader>();
  const words = useWords().returns;
  const format = useFormat();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = Math.max(TABS.indexOf(filter), 0);
  const go = (changes: { filter?: ReturnFilter; page?: number }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.filter !== undefined) next.set("filter", changes.filter);
    next.set("page", String(changes.page ?? 1));
    navigate(`?${next.toString()}`);
  };

  return (
    <Page title={words.title} subtitle={words.subtitle} backAction={{ content: words.home, url: "/app" }}>
      <Card padding="0">
        <Tabs
          tabs={TABS.map((tab) => ({ id: tab, content: words.tabs[tab] }))}
          selected={selected}
          onSelect={(index) => go({ filter: TABS[index] ?? "all" })}
        />
        {rows.length === 0 ? (
          <EmptyState heading={words.noneYet} image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png">
            <p>{words.empty[TABS[selected] ?? "all"]}</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: words.oneReturn, plural: words.manyReturns }}
            itemCount={rows.length}
            selectable={false}
            headings={[
              { title: words.returnOrder },
              { title: words.warehouse },
              { title: words.providerIds },
              { title: words.units, alignment: "end" },
              { title: words.state },
              { title: words.tracking },
            ]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    {row.returnName}
                  </Text>
                  <Text as="p" tone="subdued" variant="bodySm">
                    {words.order(row.orderName)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{row.warehouseCode}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span">{row.packageId}</Text>
                  {(row.svcPackageId !== null || row.serviceCode !== null) && (
                    <Text as="p" tone="subdued" variant="bodySm">
                      {[row.svcPackageId, row.serviceCode].filter((part) => part !== null).join(" · ")}
                    </Text>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {format.number(row.units)}
                  </Text>
                  <Text as="p" tone="subdued" variant="bodySm" alignment="end" breakWord>
                    {row.items.map((item) => words.item(format.number(item.quantity), item.sku)).join(words.itemSeparator)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <ReturnStateBadge state={row.state} />
                  {/* Why it stopped, in the admin's language; what the provider or Shopify said, as they said it. */}
                  {/* A table's cells keep to one line: the reason wraps within its own width. */}
                  {row.reason !== null && (
                    <div style={{ whiteSpace: "normal", minWidth: "16rem", maxWidth: "20rem", paddingTop: "var(--p-space-100)" }}>
                      <Text as="p" variant="bodySm" breakWord>
                        {row.reason}
                      </Text>
                    </div>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {row.trackingNumber === null ? (
                    "—"
                  ) : (
                    <>
                      <Text as="span">{row.trackingNumber}</Text>
                      {row.trackingCarrier !== null && (
                        <Text as="p" tone="subdued" variant="bodySm">
                          {row.trackingCarrier}
                        </Text>
                      )}
                    </>
                  )}
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
      {(hasPrevious || hasNext) && (
        <Box paddingBlock="400">
          <InlineStack align="center">
            <Pagination
              hasPrevious={hasPrevious}
              hasNext={hasNext}
              onPrevious={() => go({ page: page - 1 })}
              onNext={() => go({ page: page + 1 })}
              label={words.page(format.number(page))}
            />
          </InlineStack>
        </Box>
      )}
    </Page>
  );
}
