// `_index`, not app.inbound.tsx: that name would make the list the layout of the new and detail pages.
/**
 * Inbound shipments: the boxes of SKUs the merchant sent into the provider's warehouses, newest
 * first, with the provider's id and whether the warehouse received them.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, EmptyState, IndexTable, Link, Page, Text } from "@shopify/polaris";
import { InboundStateBadge } from "~/components/inbound-badges";
import { totalUnits } from "~/connector/inbound";
import prisma from "~/db.server";
import { listInboundShipments } from "~/stores/inbound/inbound-shipments.server";
import { authenticate } from "~/shopify.server";
import { useFormat, useWords } from "~/components/locale";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shipments = await listInboundShipments(prisma, session.shop);
  return {
    rows: shipments.map((shipment) => ({
      id: shipment.id,
      reference: shipment.reference,
      providerId: shipment.providerId,
      warehouseId: shipment.warehouseId,
      state: shipment.state,
      boxes: shipment.boxes.length,
      units: totalUnits(shipment.boxes),
      sentAt: shipment.createdAt.toISOString(),
      receivedAt: shipment.receivedAt?.toISOString() ?? null,
    })),
  };
}

export default function InboundShipments() {
  const format = useFormat();
  const words = useWords().inbound;
  const day = (iso: string | null) => (iso === null ? "—" : format.date(iso));
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Page
      title={words.title}
      subtitle={words.subtitle}
      backAction={{ content: words.home, url: "/app" }}
      primaryAction={{ content: words.newShipment, url: "/app/inbound/new" }}
    >
      <Card padding="0">
        {rows.length === 0 ? (
          <EmptyState
            heading={words.noneYet}
            action={{ content: words.newShipment, url: "/app/inbound/new" }}
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
              { title: words.columns.providerId },
              { title: words.columns.warehouse },
              { title: words.columns.state },
              { title: words.columns.boxes, alignment: "end" },
              { title: words.columns.units, alignment: "end" },
              { title: words.columns.sent },
              { title: words.columns.received },
            ]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`/app/inbound/${row.id}`} removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {row.reference}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>{row.providerId ?? "—"}</IndexTable.Cell>
                <IndexTable.Cell>{row.warehouseId}</IndexTable.Cell>
                <IndexTable.Cell>
                  <InboundStateBadge state={row.state} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {format.number(row.boxes)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {format.number(row.units)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{day(row.sentAt)}</IndexTable.Cell>
                <IndexTable.Cell>{day(row.receivedAt)}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
    </Page>
  );
}
