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
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { formatterFor } from "~/lib/format";
import { wordsFor } from "~/lib/words";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return homeOf(prisma, session.shop, new Date(), formatterFor(localeOf(request)));
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const words = wordsFor(localeOf(request)).home;
  if (form.get("intent") !== "find-open-orders") return json({ ok: false as const, message: words.unknownAction }, { status: 400 });
  await queueBackfill(prisma, session.shop, "asked", new Date());
  return json({ ok: true as const, message: words.lookingForOpenOrders });
}

/** Orders already open at the provider's locations (placed before the app, or before a location was connected). */
function FindOpenOrders() {
  const fetcher = useFetcher<typeof action>();
  const words = useWords().home;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {words.openOrdersHeading}
        </Text>
        <Text as="p" tone="subdued">
          {words.openOrdersBody}
        </Text>
        {fetcher.data && <Banner tone={fetcher.data.ok ? "info" : "critical"}>{fetcher.data.message}</Banner>}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="find-open-orders" />
          <Button submit loading={fetcher.state !== "idle"}>
            {words.findOpenOrders}
          </Button>
        </fetcher.Form>
      </BlockStack>
    </Card>
  );
}

function Count({ label, value, url, tone }: { label: string; value: string | number; url: string; tone?: "critical" | "success" }) {
  const format = useFormat();
  const words = useWords().home;
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
          {words.seeThem}
        </Link>
      </BlockStack>
    </Card>
  );
}

export default function Home() {
  const format = useFormat();
  const words = useWords().home;
  const { shopifyAccess, failingChannels, steps, counts, lastStockSyncAt, shippingCosts, inFlight } = useLoaderData<typeof loader>();
  useRefreshWhile(inFlight, REFRESH_MS.shipments);
  const done = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);

  return (
    <Page title={words.title}>
      <Layout>
        {shopifyAccess && (
          <Layout.Section>
            <Banner tone={shopifyAccess.tone} title={shopifyAccess.title}>
              <BlockStack gap="100">
                <Text as="p">{shopifyAccess.body}</Text>
                {shopifyAccess.waiting > 0 && (
                  <Text as="p" tone="subdued">
                    {words.tasksWait(shopifyAccess.waiting, format.number(shopifyAccess.waiting))}
                  </Text>
                )}
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        {failingChannels.map((failing) => (
          <Layout.Section key={failing.channel}>
            <Banner tone="warning" title={failing.title} action={{ content: words.openNotifications, url: "/app/settings/notifications" }}>
              <Text as="p">{failing.body}</Text>
            </Banner>
          </Layout.Section>
        ))}
        <Layout.Section>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
            <Count
              label={words.needsAttention}
              value={counts.needAttention}
              url="/app/shipments?filter=attention"
              tone={counts.needAttention > 0 ? "critical" : undefined}
            />
            <Count label={words.inProgress} value={counts.inProgress} url="/app/shipments?filter=progress" />
            <Count
              label={words.deliveredThisWeek}
              value={counts.deliveredThisWeek}
              url="/app/shipments?filter=delivered"
              tone={counts.deliveredThisWeek > 0 ? "success" : undefined}
            />
            <Card>
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  {words.lastStockSync}
                </Text>
                <Text as="p" variant="headingLg">
                  {lastStockSyncAt ? format.time(lastStockSyncAt) : words.never}
                </Text>
                <Link url="/app/stock" removeUnderline>
                  {lastStockSyncAt ? format.date(lastStockSyncAt) : words.openStock}
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
                  {words.setupGuide}
                </Text>
                <Text as="span" tone="subdued">
                  {words.stepsDone(format.number(done), format.number(steps.length))}
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
                            <Badge tone="success">{words.done}</Badge>
                          ) : (
                            <Badge tone={step === next ? "attention" : undefined}>{words.toDo}</Badge>
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
                {words.shippingCosts}
              </Text>
              {shippingCosts.length === 0 ? (
                <Text as="p" tone="subdued">
                  {words.noShippingCosts}
                </Text>
              ) : (
                <DataTable
                  columnContentTypes={["text", "numeric", "numeric"]}
                  headings={[words.monthUtc, words.shipments, words.shippingCostsColumn]}
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
                {words.howAnOrderTravels}
              </Text>
              <List type="number">
                {words.travels.map((sentence) => (
                  <List.Item key={sentence}>{sentence}</List.Item>
                ))}
              </List>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
