/**
 * One bulk shipment (lading order): the ids the provider knows it by (its OrderNo and ShipmentId),
 * its state, where it goes, and its packages. The provider offers no operation that reads a lading
 * order back, so what it accepted is what the page shows.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, Card, IndexTable, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { LadingStateBadge } from "~/components/lading-badges";
import { totalLadingUnits } from "~/connector/lading";
import prisma from "~/db.server";
import { allVariants, skuChoices } from "~/stores/catalogue/variants.server";
import { ladingOrderOf } from "~/stores/lading/lading-orders.server";
import { authenticate } from "~/shopify.server";
import { useFormat } from "~/components/locale";

const notFound = () => new Response("No such bulk shipment in this shop", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const order = await ladingOrderOf(prisma, session.shop, params.id ?? "");
  if (order === null) throw notFound();
  const variants = await allVariants(prisma, session.shop);
  const skus = new Set(order.packages.flatMap((item) => item.lines.map((line) => line.sku)));
  return {
    order,
    names: Object.fromEntries(skuChoices(variants).flatMap(({ sku, name }) => (skus.has(sku) ? [[sku, name]] : []))),
  };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="200" align="space-between" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment="end" breakWord>
        {children}
      </Text>
    </InlineStack>
  );
}

export default function LadingOrderPage() {
  const format = useFormat();
  const when = format.dateTime;
  const day = format.date;
  const { order, names } = useLoaderData<typeof loader>();
  const { shipTo, packages } = order;
  const units = totalLadingUnits(packages);
  const addressLines = [
    shipTo.company,
    shipTo.contact,
    shipTo.street1,
    shipTo.street2,
    [shipTo.postcode, shipTo.city].filter(Boolean).join(" "),
    [shipTo.province, shipTo.country].filter(Boolean).join(", "),
  ].filter((line): line is string => line !== null && line !== "");

  return (
    <Page
      title={order.reference}
      subtitle={`Bulk shipment from warehouse ${order.warehouseId}`}
      titleMetadata={<LadingStateBadge state={order.state} />}
      backAction={{ content: "Bulk shipments", url: "/app/lading" }}
    >
      <Layout>
        <Layout.Section>
          <Card padding="0">
            <BlockStack>
              <Box padding="400">
                <Text as="h2" variant="headingMd">
                  {packages.length} {packages.length === 1 ? "package" : "packages"}, {units} units
                </Text>
              </Box>
              <IndexTable
                resourceName={{ singular: "package", plural: "packages" }}
                itemCount={packages.length}
                selectable={false}
                headings={[{ title: "Package" }, { title: "Holds" }]}
              >
                {packages.map((item, index) => (
                  <IndexTable.Row id={String(index)} key={index} position={index}>
                    <IndexTable.Cell>
                      <Text as="span" fontWeight="semibold">
                        Package {index + 1}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <BlockStack gap="050">
                        {item.lines.map((line) => (
                          <Text as="span" key={line.sku} breakWord>
                            {line.quantity} × {names[line.sku] ?? line.sku} (
                            {line.providerSku === line.sku ? line.sku : `${line.sku}, sent as ${line.providerSku}`})
                          </Text>
                        ))}
                      </BlockStack>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  At the provider
                </Text>
                <Fact label="Order no.">{order.reference}</Fact>
                <Fact label="Shipment id">{order.shipmentId === "" ? "—" : order.shipmentId}</Fact>
                <Fact label="Warehouse">{order.warehouseId}</Fact>
                <Fact label="Service">{order.serviceCode}</Fact>
                <Fact label="Reserved for">{day(order.reservationDate)}</Fact>
                <Fact label="Sent">{when(order.createdAt)}</Fact>
                <Text as="p" tone="subdued">
                  The provider accepted it; it reports no later state for bulk shipments.
                </Text>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Ship to
                </Text>
                {addressLines.map((line, index) => (
                  <Text as="p" key={index} breakWord>
                    {line}
                  </Text>
                ))}
                {shipTo.phone !== null && <Fact label="Phone">{shipTo.phone}</Fact>}
                {shipTo.email !== null && <Fact label="Email">{shipTo.email}</Fact>}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
