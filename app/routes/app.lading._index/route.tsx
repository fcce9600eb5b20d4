// `_index`, not app.lading.tsx: that name would make the list the layout of the new and detail pages.
/**
 * Bulk shipments: the lading orders the merchant sent from a warehouse to one address, newest
 * first, with the ids the provider knows them by and their state (when each was sent: on its page).
 */
import { calendarDay } from "~/lib/format";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, EmptyState, IndexTable, Link, Page, Text } from "@shopify/polaris";
import { LadingStateBadge } from "~/components/lading-badges";
import { totalLadingUnits } from "~/connector/lading";
import prisma from "~/db.server";
import { listLadingOrders } from "~/stores/lading/lading-orders.server";
import { authenticate } from "~/shopify.server";
import { useFormat, useWords } from "~/components/locale";

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
      reservationDate: calendarDay(order.reservationDate),
    })),
  };
}

export default function LadingOrders() {
  const format = useFormat();
  const words = useWords().lading;
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Page
      title={words.title}
      subtitle={words.subtitle}
      backAction={{ content: words.home, url: "/app" }}
      primaryAction={{ content: words.newShipment, url: "/app/lading/new" }}
    >
      <Card padding="0">
        {rows.length === 0 ? (
          <EmptyState
            heading={words.noneYet}
            action={{ content: words.newShipment, url: "/app/lading/new" }}
            image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
          >
            <p>{words.emptyBody}</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: words.oneShipment, plural: words.manyShipments }}
            itemCount={rows.length}
            selectable={false}
            headings={[
              { title: words.columns.reference },
              { title: words.columns.shipmentId },
              { title: words.columns.warehouse },
              { title: words.columns.shipTo },
              { title: words.columns.state },
              { title: words.columns.packages, alignment: "end" },
              { title: words.columns.units, alignment: "end" },
              { title: words.columns.reservedFor },
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
                    {format.number(row.packages)}
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
