// `_index`, not app.lading.tsx: that name would make the list the layout of the new and detail pages.
/**
 * Bulk shipments: the lading orders the merchant sent from a warehouse to one address, newest
 * first, with the ids the provider knows them by and their state (when each was sent: on its page).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, EmptyState, IndexTable, Link, Page, Text } from "@shopify/polaris";
import { LadingStateBadge } from "~/components/lading-badges";
import { totalLadingUnits } from "~/connector/lading";
import prisma from "~/db.server";
import { listLadingOrders } from "~/stores/lading/lading-orders.server";
import { authenticate } from "~/shopify.server";
import { useFormat } from "~/components/locale";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const orders = await listLadingOrders(prisma, session.shop);
  return {
    rows: orders.map((order) => ({
      id: order.id,
      reference: order.reference,
      shipmentId: order.shipmentId,
      warehouseId: order.warehouseId,
      serviceCode: order.serviceCode,
      shipTo: [order.shipTo.company, order.shipTo.city, order.shipTo.country].filter((part) => part !== null && part !== "").join(", "),
      state: order.state,
      packages: order.packages.length,
      units: totalLadingUnits(order.packages),
      reservationDate: order.reservationDate.toISOString(),
    })),
  };
}

export default function LadingOrders() {
  const format = useFormat();
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Page
      title="Bulk shipments"
      subtitle="Packages sent together from a warehouse to one address"
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{ content: "New bulk shipment", url: "/app/lading/new" }}
    >
      <Card padding="0">
        {rows.length === 0 ? (
          <EmptyState
            heading="No bulk shipments yet"
            action={{ content: "New bulk shipment", url: "/app/lading/new" }}
            image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
          >
            <p>
              Send a batch of packages from a warehouse to one address on a reserved day: a business customer, or a marketplace&apos;s
              warehouse.
            </p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: "bulk shipment", plural: "bulk shipments" }}
            itemCount={rows.length}
            selectable={false}
            headings={[
              { title: "Reference" },
              { title: "Shipment id" },
              { title: "Warehouse" },
              { title: "Ship to" },
              { title: "State" },
              { title: "Packages", alignment: "end" },
              { title: "Units", alignment: "end" },
              { title: "Reserved for" },
            ]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`/app/lading/${row.id}`} removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {row.reference}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{row.shipmentId === "" ? "—" : row.shipmentId}</IndexTable.Cell>
                <IndexTable.Cell>
                  {row.warehouseId} · {row.serviceCode}
                </IndexTable.Cell>
                <IndexTable.Cell>{row.shipTo}</IndexTable.Cell>
                <IndexTable.Cell>
                  <LadingStateBadge state={row.state} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {row.packages}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {format.number(row.units)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{format.date(row.reservationDate)}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
    </Page>
  );
}
