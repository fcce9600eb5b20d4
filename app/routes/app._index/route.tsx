// Home: the setup guide, read from the real state, and the counts a merchant checks each morning.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  DataTable,
  InlineGrid,
  InlineStack,
  Layout,
  Link,
  List,
  Page,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import prisma from "~/db.server";
import { queueBackfill } from "~/flows/plan/backfill.server";
import { authenticate } from "~/shopify.server";
import { REFRESH_MS, useRefreshWhile } from "~/components/live-data";
import { homeOf } from "./home.server";
import { useFormat } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { formatterFor } from "~/lib/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return homeOf(prisma, session.shop, new Date(), formatterFor(localeOf(request)));
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  if (form.get("intent") !== "find-open-orders") return json({ ok: false as const, message: "Unknown action." }, { status: 400 });
  await queueBackfill(prisma, session.shop, "asked", new Date());
  return json({
    ok: true as const,
    message: "Looking for open orders at your provider locations. Those found appear on the Shipments page in a moment.",
  });
}

/** Orders already open at the provider's locations (placed before the app, or before a location was connected). */
function FindOpenOrders() {
  const fetcher = useFetcher<typeof action>();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Orders placed before the app
        </Text>
        <Text as="p" tone="subdued">
          Open orders already at a warehouse or drop-ship location are brought in when the app is installed and when a location is
          connected. Look again at any time; an order already on its way is never sent twice.
        </Text>
        {fetcher.data && <Banner tone={fetcher.data.ok ? "info" : "critical"}>{fetcher.data.message}</Banner>}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="find-open-orders" />
          <Button submit loading={fetcher.state !== "idle"}>
            Find open orders
          </Button>
        </fetcher.Form>
      </BlockStack>
    </Card>
  );
}

function Count({ label, value, url, tone }: { label: string; value: string | number; url: string; tone?: "critical" | "success" }) {
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {label}
        </Text>
        <Text as="p" variant="headingLg" tone={tone}>
          {typeof value === "number" ? format.number(value) : value}
        </Text>
        <Link url={url} removeUnderline>
          See them
        </Link>
      </BlockStack>
    </Card>
  );
}

export default function Home() {
  const format = useFormat();
  const { shopifyAccess, failingChannels, steps, counts, lastStockSyncAt, shippingCosts, inFlight } = useLoaderData<typeof loader>();
  useRefreshWhile(inFlight, REFRESH_MS.shipments);
  const done = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);

  return (
    <Page title="Fulfilment connector">
      <Layout>
        {shopifyAccess && (
          <Layout.Section>
            <Banner tone={shopifyAccess.tone} title={shopifyAccess.title}>
              <BlockStack gap="100">
                <Text as="p">{shopifyAccess.body}</Text>
                {shopifyAccess.waiting > 0 && (
                  <Text as="p" tone="subdued">
                    {`${shopifyAccess.waiting} ${shopifyAccess.waiting === 1 ? "task waits" : "tasks wait"} for Shopify; nothing is lost.`}
                  </Text>
                )}
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        {failingChannels.map((failing) => (
          <Layout.Section key={failing.channel}>
            <Banner
              tone="warning"
              title={failing.title}
              action={{ content: "Open Settings > Notifications", url: "/app/settings/notifications" }}
            >
              <Text as="p">{failing.body}</Text>
            </Banner>
          </Layout.Section>
        ))}
        <Layout.Section>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
            <Count
              label="Needs attention"
              value={counts.needAttention}
              url="/app/shipments?filter=attention"
              tone={counts.needAttention > 0 ? "critical" : undefined}
            />
            <Count label="In progress" value={counts.inProgress} url="/app/shipments?filter=progress" />
            <Count
              label="Delivered in the last 7 days"
              value={counts.deliveredThisWeek}
              url="/app/shipments?filter=delivered"
              tone={counts.deliveredThisWeek > 0 ? "success" : undefined}
            />
            <Card>
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  Last stock sync
                </Text>
                <Text as="p" variant="headingLg">
                  {lastStockSyncAt ? format.time(lastStockSyncAt) : "Never"}
                </Text>
                <Link url="/app/stock" removeUnderline>
                  {lastStockSyncAt ? format.date(lastStockSyncAt) : "Open Stock"}
                </Link>
              </BlockStack>
            </Card>
          </InlineGrid>
        </Layout.Section>

        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h2" variant="headingMd">
                  Setup guide
                </Text>
                <Text as="span" tone="subdued">
                  {`${done} of ${steps.length} done`}
                </Text>
              </InlineStack>
              <ProgressBar
                progress={Math.round((done / steps.length) * 100)}
                size="small"
                tone={done === steps.length ? "success" : "primary"}
              />
              <BlockStack as="ol" gap="200">
                {steps.map((step) => (
                  <Box
                    as="li"
                    key={step.id}
                    padding="300"
                    background={step === next ? "bg-surface-secondary" : undefined}
                    borderRadius="200"
                  >
                    <InlineStack align="space-between" blockAlign="center" gap="300" wrap={false}>
                      <BlockStack gap="100">
                        <InlineStack gap="200" align="start" blockAlign="center">
                          <Text as="h3" variant="headingSm">
                            {step.title}
                          </Text>
                          {step.done ? (
                            <Badge tone="success">Done</Badge>
                          ) : (
                            <Badge tone={step === next ? "attention" : undefined}>To do</Badge>
                          )}
                        </InlineStack>
                        <Text as="p" tone="subdued">
                          {step.detail}
                        </Text>
                      </BlockStack>
                      <Button url={step.url} variant={step === next ? "primary" : "secondary"}>
                        {step.action}
                      </Button>
                    </InlineStack>
                  </Box>
                ))}
              </BlockStack>
            </BlockStack>
          </Card>
        </Layout.Section>

        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Shipping costs per month
              </Text>
              {shippingCosts.length === 0 ? (
                <Text as="p" tone="subdued">
                  No shipping costs reported by the provider in the last months. They appear here once the provider creates your packages.
                </Text>
              ) : (
                <DataTable
                  columnContentTypes={["text", "numeric", "numeric"]}
                  headings={["Month (UTC)", "Shipments", "Shipping costs"]}
                  rows={shippingCosts.map((month) => [format.month(month.month), format.number(month.shipments), month.total])}
                />
              )}
            </BlockStack>
          </Card>
        </Layout.Section>

        <Layout.Section>
          <FindOpenOrders />
        </Layout.Section>

        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                How an order travels
              </Text>
              <List type="number">
                <List.Item>
                  Items stocked in the provider&apos;s warehouses become outbound packages; parcels you ship through the provider become
                  drop-ship packages.
                </List.Item>
                <List.Item>
                  Each package is checked against the provider&apos;s rules first. One that cannot go is held with the reason, so you can
                  fix it and send it again.
                </List.Item>
                <List.Item>
                  Orders on hold or scheduled in Shopify, not paid yet, or rated high risk of fraud wait with the reason, and go when that
                  changes. An order edited, split or moved before its package is sent is planned again as it is now.
                </List.Item>
                <List.Item>Sending a package again never creates a second parcel at the provider.</List.Item>
                <List.Item>
                  Once the provider assigns a tracking number, the order is fulfilled in Shopify, your customer gets the shipping
                  confirmation with a tracking link, and delivery events follow.
                </List.Item>
              </List>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
