/**
 * One bulk shipment (lading order): the ids the provider knows it by (its OrderNo and ShipmentId),
 * its state, where it goes, and its packages. The provider offers no operation that reads a lading
 * order back, so what it accepted is what the page shows.
 */
import { calendarDay } from "~/lib/format";
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
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";

const notFound = (request: Request) => new Response(wordsFor(localeOf(request)).lading.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const order = await ladingOrderOf(prisma, session.shop, params.id ?? "");
  if (order === null) throw notFound(request);
  const variants = await allVariants(prisma, session.shop);
  const skus = new Set(order.packages.flatMap((item) => item.lines.map((line) => line.sku)));
  return {
    order: { ...order, reservationDate: calendarDay(order.reservationDate) },
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
  const words = useWords();
  const says = words.lading;
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
      subtitle={says.fromWarehouse(order.warehouseId)}
      titleMetadata={<LadingStateBadge state={order.state} />}
      backAction={{ content: says.title, url: "/app/lading" }}
    >
      <Layout>
        <Layout.Section>
          <Card padding="0">
            <BlockStack>
              <Box padding="400">
                <Text as="h2" variant="headingMd">
                  {says.summary(packages.length, format.number(packages.length), units, format.number(units))}
                </Text>
              </Box>
              <IndexTable
                resourceName={{ singular: says.onePackage, plural: says.manyPackages }}
                itemCount={packages.length}
                selectable={false}
                headings={[{ title: says.package }, { title: says.holds }]}
              >
                {packages.map((item, index) => (
                  <IndexTable.Row id={String(index)} key={index} position={index}>
                    <IndexTable.Cell>
                      <Text as="span" fontWeight="semibold">
                        {words.skuLines.parcels.package.title(format.number(index + 1))}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <BlockStack gap="050">
                        {item.lines.map((line) => (
                          <Text as="span" key={line.sku} breakWord>
                            {line.providerSku === line.sku
                              ? words.skuLines.line(format.number(line.quantity), names[line.sku] ?? line.sku, line.sku)
                              : words.skuLines.lineSentAs(
                                  format.number(line.quantity),
                                  names[line.sku] ?? line.sku,
                                  line.sku,
                                  line.providerSku,
                                )}
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
                  {says.atProvider}
                </Text>
                <Fact label={says.facts.orderNo}>{order.reference}</Fact>
                <Fact label={says.facts.shipmentId}>{order.shipmentId === "" ? "—" : order.shipmentId}</Fact>
                <Fact label={says.facts.warehouse}>{order.warehouseId}</Fact>
                <Fact label={says.facts.service}>{order.serviceCode}</Fact>
                <Fact label={says.facts.reservedFor}>{day(order.reservationDate)}</Fact>
                <Fact label={says.facts.sent}>{when(order.createdAt)}</Fact>
                <Text as="p" tone="subdued">
                  {says.noLaterState}
                </Text>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {says.shipTo}
                </Text>
                {addressLines.map((line, index) => (
                  <Text as="p" key={index} breakWord>
                    {line}
                  </Text>
                ))}
                {shipTo.phone !== null && <Fact label={says.facts.phone}>{shipTo.phone}</Fact>}
                {shipTo.email !== null && <Fact label={says.facts.email}>{shipTo.email}</Fact>}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
