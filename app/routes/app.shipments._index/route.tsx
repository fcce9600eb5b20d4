// `_index`, not app.shipments.tsx: that name would make the list the layout of app.shipments.$id.tsx,
// and the detail would render inside a list without an <Outlet />.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { Box, Card, EmptyState, IndexTable, InlineStack, Link, Page, Pagination, Tabs, Text } from "@shopify/polaris";
import { ShipmentStateBadge, shipmentKindLabel } from "~/components/shipment-badges";
import prisma from "~/db.server";
import { listShipments, shipmentListQueryOf, type ShipmentFilter } from "~/stores/shipments/shipment-list.server";
import { authenticate } from "~/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const query = shipmentListQueryOf(new URL(request.url).searchParams);
  return { filter: query.filter, ...(await listShipments(prisma, session.shop, query)) };
}

const TABS: readonly { id: ShipmentFilter; content: string; empty: string }[] = [
  { id: "all", content: "All", empty: "Each order your fulfilment provider ships appears here, with its state and tracking number." },
  {
    id: "attention",
    content: "Needs attention",
    empty: "Nothing needs you: no shipment is on hold, refused by the provider, ended without a delivery, or changed in Shopify after it was sent.",
  },
  { id: "progress", content: "In progress", empty: "No shipment is on its way to or at the provider right now." },
  { id: "fulfilled", content: "Fulfilled", empty: "Shipments appear here once their tracking is written to the Shopify order." },
  { id: "delivered", content: "Delivered", empty: "Shipments appear here once the carrier reports them delivered." },
  { id: "cancelled", content: "Cancelled", empty: "No shipment has been cancelled." },
];

export default function Shipments() {
  const { filter, rows, page, hasPrevious, hasNext } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = Math.max(
    TABS.findIndex((tab) => tab.id === filter),
    0,
  );

  const go = (changes: { filter?: ShipmentFilter; page?: number }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.filter !== undefined) next.set("filter", changes.filter);
    next.set("page", String(changes.page ?? 1));
    navigate(`?${next.toString()}`);
  };

  return (
    <Page title="Shipments" backAction={{ content: "Home", url: "/app" }}>
      <Card padding="0">
        <Tabs tabs={[...TABS]} selected={selected} onSelect={(index) => go({ filter: TABS[index]?.id ?? "all" })} />
        {rows.length === 0 ? (
          <EmptyState heading="No shipments here yet" image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png">
            <p>{TABS[selected]?.empty}</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: "shipment", plural: "shipments" }}
            itemCount={rows.length}
            selectable={false}
            headings={[{ title: "Order / package" }, { title: "Kind" }, { title: "State" }, { title: "Tracking" }, { title: "Reason" }]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`/app/shipments/${row.id}`} removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {row.orderName ?? "Order"}
                    </Text>
                  </Link>
                  <Text as="p" tone="subdued" variant="bodySm">
                    {row.packageId}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{shipmentKindLabel(row.kind, row.warehouseCode)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <ShipmentStateBadge state={row.state} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {row.trackingNumber === null ? (
                    "—"
                  ) : row.trackingUrl ? (
                    <Link url={row.trackingUrl} target="_blank">
                      {row.trackingNumber}
                    </Link>
                  ) : (
                    row.trackingNumber
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" breakWord>
                    {row.reason ?? ""}
                  </Text>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
      {(hasPrevious || hasNext) && (
        <Box paddingBlock="400">
          <InlineStack align="center">
            <Pagination hasPrevious={hasPrevious} hasNext={hasNext} onPrevious={() => go({ page: page - 1 })} onNext={() => go({ page: page + 1 })} label={`Page ${page}`} />
          </InlineStack>
        </Box>
      )}
    </Page>
  );
}
