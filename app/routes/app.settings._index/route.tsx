// Settings: one page per thing a merchant sets up, each with a line saying where it stands.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Box, Card, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { readCredentialsSummary } from "~/stores/shops/provider-credentials.server";
import { getShopSettings } from "~/stores/shops/shop.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(prisma, session.shop);
  const connection = await readCredentialsSummary(prisma, session.shop);
  const warehouses = settings.warehouses.filter((warehouse) => warehouse.enabled).map((warehouse) => warehouse.warehouseId);
  const connected = settings.mode === "sandbox" || connection.kind === "staticToken" || connection.kind === "oauth";
  return {
    pages: [
      {
        url: "/app/settings/provider",
        title: "Provider connection",
        about: "Sandbox or live, the provider's address, and the account the app sends with.",
        now: settings.mode === "sandbox" ? "Sandbox: no real parcels." : connected ? "Live, connected." : "Live, not connected yet.",
        needsYou: !connected,
      },
      {
        url: "/app/settings/routing",
        title: "Warehouses and routing",
        about: "The provider's warehouses, your locations that ship through drop-ship, and the service each parcel goes with.",
        now:
          warehouses.length === 0 && settings.dropShip === null
            ? "Nothing set up yet: no warehouse, no drop-ship."
            : [
                warehouses.length > 0 ? `Warehouses ${warehouses.join(", ")}` : "No warehouse",
                settings.dropShip ? `drop-ship through ${settings.dropShip.handlingLocation}` : "no drop-ship",
              ].join("; ") + ".",
        needsYou: warehouses.length === 0 && settings.dropShip === null,
      },
      {
        url: "/app/settings/customs",
        title: "Customs and tax numbers",
        about: "What a customs declaration says when a product does not, and the shop's tax numbers.",
        now: settings.taxIds.ioss ? "IOSS number set." : "No IOSS number.",
        needsYou: false,
      },
      {
        url: "/app/settings/catalogue",
        title: "Catalogue and stock",
        about: "What applies to every SKU, and how often the stock sync runs.",
        now: settings.stockSync.enabled
          ? `Stock synced every ${settings.stockSync.intervalMinutes} minutes.`
          : "Stock synced only when you ask.",
        needsYou: false,
      },
      {
        url: "/app/settings/orders",
        title: "Orders and after sending",
        about: "Orders that wait for you (unpaid, high risk, held for review), and what happens once a package is sent.",
        now: settings.pushPolicy === "holdForReview" ? "New shipments wait for your review." : "New shipments are sent at once.",
        needsYou: false,
      },
      {
        url: "/app/settings/notifications",
        title: "Notifications",
        about: "Who is told what, and when.",
        now: settings.notifyCustomer ? "Customers are emailed their tracking." : "Customers are not emailed their tracking.",
        needsYou: false,
      },
      {
        url: "/app/settings/checkout-rates",
        title: "Checkout rates",
        about: "The provider's prices offered at checkout, and the flat rates behind them.",
        now: settings.checkoutRates.enabled ? "On." : "Off.",
        needsYou: false,
      },
    ],
  };
}

export default function Settings() {
  const { pages } = useLoaderData<typeof loader>();
  return (
    <Page title="Settings">
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
                      {page.needsYou && <Badge tone="attention">Needs you</Badge>}
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
