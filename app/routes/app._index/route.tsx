import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Layout, List, Page, Text } from "@shopify/polaris";
import { authenticate } from "~/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticate.admin(request);
  return null;
}

export default function Index() {
  return (
    <Page title="Fulfilment connector">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Your orders, shipped by your fulfilment provider
              </Text>
              <Text as="p">
                This app passes your Shopify orders to your overseas fulfilment provider and follows every
                package until it ships. When the provider has a tracking number, the app fulfils the order in
                Shopify, so your customer gets the shipping confirmation with a tracking link, followed by
                delivery updates.
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                How an order travels
              </Text>
              <List type="number">
                <List.Item>
                  Items stocked in the provider&apos;s warehouses become outbound packages; parcels you ship
                  through the provider become drop-ship packages.
                </List.Item>
                <List.Item>
                  Each package is checked against the provider&apos;s rules first. One that cannot go is held
                  with the reason, so you can fix it and send it again.
                </List.Item>
                <List.Item>
                  Sending a package again never creates a second parcel at the provider.
                </List.Item>
                <List.Item>
                  Once the provider assigns a tracking number, the order is fulfilled in Shopify and tracking
                  events follow until the parcel is delivered.
                </List.Item>
              </List>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
