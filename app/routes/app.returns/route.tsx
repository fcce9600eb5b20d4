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
import { ReturnStateBadge } from "./return-badges";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const { filter, page } = returnListQueryOf(new URL(request.url).searchParams);
  return { filter, ...(await listReturns(prisma, session.shop, filter, page)) };
}

const TABS: readonly { id: ReturnFilter; content: string; empty: string }[] = [
  {
    id: "all",
    content: "All",
    empty: "When you approve a return of items a provider warehouse shipped, it is sent back to that warehouse and appears here.",
  },
  { id: "progress", content: "On their way", empty: "No return is on its way back to a warehouse right now." },
  { id: "attention", content: "Needs attention", empty: "Nothing needs you: the provider took every return." },
  { id: "restocked", content: "Restocked", empty: "Returns appear here once their items are back on sale at the warehouse." },
];

export default function Returns() {
  const { filter, rows, page, hasPrevious, hasNext } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = Math.max(
    TABS.findIndex((tab) => tab.id === filter),
    0,
  );
  const go = (changes: { filter?: ReturnFilter; page?: number }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.filter !== undefined) next.set("filter", changes.filter);
    next.set("page", String(changes.page ?? 1));
    navigate(`?${next.toString()}`);
  };

  return (
    <Page
      title="Returns"
      subtitle="Items your customers send back to the provider's warehouses"
      backAction={{ content: "Home", url: "/app" }}
    >
      <Card padding="0">
        <Tabs tabs={[...TABS]} selected={selected} onSelect={(index) => go({ filter: TABS[index]?.id ?? "all" })} />
        {rows.length === 0 ? (
          <EmptyState heading="No returns here yet" image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png">
            <p>{TABS[selected]?.empty}</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: "return", plural: "returns" }}
            itemCount={rows.length}
            selectable={false}
            headings={[
              { title: "Return / order" },
              { title: "Warehouse" },
              { title: "Provider ids" },
              { title: "Units", alignment: "end" },
              { title: "State" },
              { title: "Tracking" },
            ]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    {row.returnName}
                  </Text>
                  <Text as="p" tone="subdued" variant="bodySm">
                    Order {row.orderName}
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
                    {row.units}
                  </Text>
                  <Text as="p" tone="subdued" variant="bodySm" alignment="end" breakWord>
                    {row.items.join(", ")}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <ReturnStateBadge state={row.state} />
                  {row.reason !== null && (
                    <Box maxWidth="320px" paddingBlockStart="100">
                      <Text as="p" variant="bodySm" breakWord>
                        {row.reason}
                      </Text>
                    </Box>
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
              label={`Page ${page}`}
            />
          </InlineStack>
        </Box>
      )}
    </Page>
  );
}
