import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Banner, BlockStack, Button, Card, InlineStack, Layout, List, Page, Text } from "@shopify/polaris";
import { ShipmentStateBadge } from "~/components/shipment-badges";
import { REFRESH_MS, useRefreshWhile } from "~/components/live-data";
import { isInFlight } from "~/stores/shipments/shipment-states";
import prisma from "~/db.server";
import { findShipmentDetail, shipmentExists } from "~/stores/shipments/shipment-list.server";
import { markAttentionHandled } from "~/stores/shipments/needs-attention.server";
import { retryShipment } from "~/flows/retry/retry.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { authenticate } from "~/shopify.server";
import { canRefresh, refreshShipment } from "~/flows/follow/refresh.server";
import { decodeShippingCosts, totalsByCurrency } from "~/connector/shipping-costs";
import { dutiesOfRequestSent } from "~/connector/duties";
import { formatMoney } from "~/lib/format";
import { localeOf } from "~/lib/locale";
import { useFormat } from "~/components/locale";
import { declarationValuesFrom } from "~/connector/declaration";
import { declarationForPage, declareShipment } from "~/flows/declare/declare.server";
import { answerOf, type RetryAnswer } from "./answers";
import { DeclarationCard } from "./declaration-card";
import { ItemsCard } from "./items-card";
import { ShipmentCard, TimelineCard } from "./shipment-cards";

const notFound = () => new Response("No such shipment in this shop", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const locale = localeOf(request);
  const shipment = await findShipmentDetail(prisma, session.shop, params.id ?? "");
  if (shipment === null) throw notFound();
  const provider = await prisma.shipment.findFirstOrThrow({
    where: { id: shipment.id, shop: session.shop },
    select: { state: true, submittedAt: true, shippingCosts: true, shippingCostsAt: true, kind: true, requestSent: true },
  });
  const paid = dutiesOfRequestSent(provider.kind, provider.requestSent);
  const duties =
    paid === null
      ? null
      : paid.collected
        ? { collected: true as const, amount: formatMoney(paid.duty.amount, paid.duty.currency, locale) }
        : { collected: false as const };
  const costLines = decodeShippingCosts(provider.shippingCosts);
  const costs =
    costLines.length === 0
      ? null
      : {
          lines: costLines.map((line) => ({ ...line, amount: formatMoney(line.money, line.currency, locale) })),
          total: totalsByCurrency(costLines)
            .map((total) => formatMoney(total.amount, total.currency, locale))
            .join(" + "),
          at: provider.shippingCostsAt?.toISOString() ?? null,
        };
  const declaration = await declarationForPage(prisma, session.shop, shipment.id);
  if (declaration === null) throw notFound();
  return { shipment, refreshable: canRefresh(provider), costs, declaration, duties };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const id = params.id ?? "";
  if (!(await shipmentExists(prisma, session.shop, id))) throw notFound();
  const form = await request.formData();
  if (form.get("intent") === "handled") {
    const marked = await markAttentionHandled(prisma, session.shop, id);
    const answer: RetryAnswer = marked
      ? { outcome: "ready", message: "Marked as handled: it no longer shows in Needs attention.", reasons: [] }
      : { outcome: "refused", message: "There was nothing to mark: it does not need attention.", reasons: [] };
    return answer;
  }
  if (form.get("intent") === "declare") {
    const values = declarationValuesFrom((name) => String(form.get(name) ?? ""), form.keys());
    return { intent: "declare" as const, ...(await declareShipment(prisma, appPipelineDeps(), session.shop, id, values)) };
  }
  if (form.get("intent") === "refresh") {
    const refreshed = await refreshShipment(prisma, appPipelineDeps(), session.shop, id);
    const answer: RetryAnswer = {
      outcome: refreshed.outcome === "refreshed" ? "ready" : refreshed.outcome,
      message: refreshed.message,
      reasons: [],
    };
    return answer;
  }
  return answerOf(await retryShipment(prisma, appPipelineDeps(), session.shop, id));
}

export default function ShipmentDetailPage() {
  const format = useFormat();
  const { shipment, refreshable, costs, declaration, duties } = useLoaderData<typeof loader>();
  // On its way: the page follows it (sent, created, fulfilled) without a reload; not while the
  // declaration has changes not sent (a reload would close the "Leave without saving?" question).
  const [editing, setEditing] = useState(false);
  useRefreshWhile(isInFlight(shipment.state) && !editing, REFRESH_MS.shipments);
  const actionData = useActionData<typeof action>();
  const answer = actionData !== undefined && !("intent" in actionData) ? actionData : undefined;
  const declared = actionData !== undefined && "intent" in actionData ? actionData : undefined;
  // From the click until the page has reloaded with the answer (Remix's submitting, then loading).
  const pending = useNavigation().formData;
  const declaring = pending?.get("intent") === "declare";
  const retrying = pending !== undefined && pending.get("intent") !== "refresh" && !declaring;
  const refreshing = pending?.get("intent") === "refresh";
  const retryable = (shipment.state === "HELD" || shipment.state === "FAILED") && !shipment.handedBack && !shipment.withdrawing;

  return (
    <Page
      title={shipment.orderName ?? shipment.packageId}
      subtitle={`Package ${shipment.packageId}`}
      titleMetadata={<ShipmentStateBadge state={shipment.state} />}
      backAction={{ content: "Shipments", url: "/app/shipments" }}
    >
      <Layout>
        {/* On the click, the Retry card gives way at once to a banner of the answer's size: the answer,
            however late it comes, then takes its place without moving the page (a layout shift). */}
        {retrying ? (
          <Layout.Section>
            <Banner tone="info" title="Retrying: checking the package again with Shopify's current facts." />
          </Layout.Section>
        ) : refreshing ? (
          <Layout.Section>
            <Banner tone="info" title="Refreshing: asking the provider about this package." />
          </Layout.Section>
        ) : (
          answer && (
            <Layout.Section>
              <Banner tone={answer.outcome === "ready" ? "success" : answer.outcome === "held" ? "warning" : "info"} title={answer.message}>
                {answer.reasons.length > 0 && (
                  <List>
                    {answer.reasons.map((reason, index) => (
                      <List.Item key={index}>
                        {reason.field}: {reason.message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Banner>
            </Layout.Section>
          )
        )}
        {!retrying && shipment.ended && (
          <Layout.Section>
            <Banner tone={shipment.needsAttention ? "critical" : undefined} title={`Followed no further: ${shipment.ended.words}`}>
              <BlockStack gap="200">
                <Text as="p">{shipment.ended.message ?? "The timeline says why."}</Text>
                {shipment.ended.at && (
                  <Text as="p" tone="subdued">
                    Since {format.dateTime(shipment.ended.at)}. The app no longer asks the provider about this package.
                  </Text>
                )}
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        {!retrying && shipment.withdrawing && (
          <Layout.Section>
            <Banner tone="warning" title="Withdrawn: asking the provider whether it has the package">
              <BlockStack gap="200">
                <Text as="p">{shipment.reason ?? "The timeline says why."}</Text>
                <Text as="p" tone="subdued">
                  A cancellation or change in Shopify came while a send of this package had no answer. Nothing more is sent. If the provider
                  does not have it, it is cancelled; if it does, it ships and is followed as every other.
                </Text>
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        {!retrying && shipment.changedInShopify && (
          <Layout.Section>
            <Banner
              tone={shipment.needsAttention ? "warning" : undefined}
              title={`Changed in Shopify after it was sent: ${shipment.changedInShopify.what}`}
            >
              <Text as="p">
                {`On ${format.dateTime(shipment.changedInShopify.at)}. The package was already at the provider, which cannot change or cancel it; the fulfilment claims only what the order still has. Check the parcel with the provider, and the order with the customer, if it matters.`}
              </Text>
            </Banner>
          </Layout.Section>
        )}
        {!retrying && shipment.canMarkHandled && (
          <Layout.Section>
            <Form method="post">
              <input type="hidden" name="intent" value="handled" />
              <InlineStack align="end">
                <Button submit>Mark as handled</Button>
              </InlineStack>
            </Form>
          </Layout.Section>
        )}
        {shipment.handedBack && !retrying && (
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Handed back to Shopify
                </Text>
                <Text as="p">{shipment.reason}</Text>
              </BlockStack>
            </Card>
          </Layout.Section>
        )}
        {retryable && !retrying && (
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {shipment.state === "HELD" ? "Why it is on hold" : "Why the provider refused it"}
                </Text>
                {shipment.holdReasons.length > 0 ? (
                  <List>
                    {shipment.holdReasons.map((reason, index) => (
                      <List.Item key={index}>
                        <Text as="span" fontWeight="semibold">
                          {reason.field}
                        </Text>
                        : {reason.message}
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text as="p">{shipment.reason}</Text>
                )}
                <Text as="p" tone="subdued">
                  Fix the order or the settings, then retry: the package is checked again with Shopify&apos;s current facts.
                </Text>
                <Form method="post">
                  <Button submit variant="primary" loading={retrying}>
                    Retry
                  </Button>
                </Form>
              </BlockStack>
            </Card>
          </Layout.Section>
        )}
        <Layout.Section>
          <ShipmentCard
            shipment={shipment}
            costs={costs}
            duties={duties}
            refreshable={refreshable}
            refreshing={refreshing}
            retrying={retrying}
          />
        </Layout.Section>
        {shipment.items.length > 0 && (
          <Layout.Section>
            <ItemsCard groups={shipment.items} />
          </Layout.Section>
        )}
        <Layout.Section>
          <DeclarationCard declaration={declaration} answer={declared} sending={declaring} onChanges={setEditing} />
        </Layout.Section>
        <Layout.Section>
          <TimelineCard timeline={shipment.timeline} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
