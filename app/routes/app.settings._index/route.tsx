// Settings: one page per thing a merchant sets up, each with a line saying where it stands, in the admin's language.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Box, Card, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { readCredentialsSummary } from "~/stores/shops/provider-credentials.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { useWords } from "~/components/locale";
import { formatNumber } from "~/lib/format";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const locale = localeOf(request);
  const words = wordsFor(locale).settings;
  const settings = await getShopSettings(prisma, session.shop);
  const connection = await readCredentialsSummary(prisma, session.shop);
  const warehouses = settings.warehouses.filter((warehouse) => warehouse.enabled).map((warehouse) => warehouse.warehouseId);
  const connected = settings.mode === "sandbox" || connection.kind === "staticToken" || connection.kind === "oauth";
  const page = (key: keyof typeof words.pages, url: string, now: string, needsYou = false) => ({ url, ...words.pages[key], now, needsYou });
  return {
    pages: [
      page(
        "provider",
        "/app/settings/provider",
        settings.mode === "sandbox" ? words.now.sandbox : connected ? words.now.liveConnected : words.now.liveNotConnected,
        !connected,
      ),
      page(
        "routing",
        "/app/settings/routing",
        warehouses.length === 0 && settings.dropShip === null
          ? words.now.nothingRouted
          : words.now.routed(
              warehouses.length === 0 ? null : new Intl.ListFormat(locale, { type: "conjunction" }).format(warehouses),
              settings.dropShip?.handlingLocation ?? null,
            ),
        warehouses.length === 0 && settings.dropShip === null,
      ),
      page("customs", "/app/settings/customs", settings.taxIds.ioss ? words.now.iossSet : words.now.noIoss),
      page(
        "catalogue",
        "/app/settings/catalogue",
        settings.stockSync.enabled
          ? words.now.stockSyncedEvery(formatNumber(settings.stockSync.intervalMinutes, locale))
          : words.now.stockSyncedOnAsk,
      ),
      page("orders", "/app/settings/orders", settings.pushPolicy === "holdForReview" ? words.now.holdForReview : words.now.autoPush),
      page(
        "notifications",
        "/app/settings/notifications",
        settings.notifyCustomer ? words.now.customersEmailed : words.now.customersNotEmailed,
      ),
      page("checkoutRates", "/app/settings/checkout-rates", settings.checkoutRates.enabled ? words.now.on : words.now.off),
    ],
  };
}

export default function Settings() {
  const { pages } = useLoaderData<typeof loader>();
  const words = useWords().settings;
  return (
    <Page title={words.title}>
      <Layout>
        <Layout.Section>
          <Card padding="0">
            {pages.map((page, index) => (
              <Box key={page.url} padding="400" borderBlockStartWidth={index === 0 ? undefined : "025"} borderColor="border">
                <InlineStack align="space-between" blockAlign="start" gap="400" wrap={false}>
                  <BlockStack gap="100">
                    <InlineStack gap="200" blockAlign="center">
                      <Link url={page.url} removeUnderline>
                        <Text as="h2" variant="headingSm">
                          {page.title}
                        </Text>
                      </Link>
                      {page.needsYou && <Badge tone="attention">{words.needsYou}</Badge>}
                    </InlineStack>
                    <Text as="p" tone="subdued">
                      {page.about}
                    </Text>
                    <Text as="p">{page.now}</Text>
                  </BlockStack>
                </InlineStack>
              </Box>
            ))}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
