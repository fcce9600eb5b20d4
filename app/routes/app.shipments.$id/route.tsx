import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Banner, BlockStack, Button, Card, InlineStack, Layout, Link, List, Page, Text } from "@shopify/polaris";
import { ShipmentStateBadge, shipmentKindLabel } from "~/components/shipment-badges";
import { REFRESH_MS, useRefreshWhile } from "~/components/live-data";
import { isInFlight } from "~/stores/shipments/shipment-states";
import prisma from "~/db.server";
import { findShipmentDetail, shipmentExists } from "~/stores/shipments/shipment-list.server";
import { markAttentionHandled } from "~/stores/shipments/needs-attention.server";
import { retryShipment, type RetryOutcome } from "~/flows/retry/retry.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { authenticate } from "~/shopify.server";
import { canRefresh, refreshShipment } from "~/flows/follow/refresh.server";
import { decodeShippingCosts, formatTotals, totalsByCurrency } from "~/connector/shipping-costs";
import { declarationValuesFrom } from "~/connector/declaration";
import { declarationForPage, declareShipment } from "~/flows/declare/declare.server";
import { DeclarationCard } from "./declaration-card";

const notFound = () => new Response("No such shipment in this shop", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shipment = await findShipmentDetail(prisma, session.shop, params.id ?? "");
  if (shipment === null) throw notFound();
  const provider = await prisma.shipment.findFirstOrThrow({
    where: { id: shipment.id, shop: session.shop },
    select: { state: true, submittedAt: true, shippingCosts: true, shippingCostsAt: true },
  });
  const costLines = decodeShippingCosts(provider.shippingCosts);
  const costs =
    costLines.length === 0
      ? null
      : { lines: costLines, total: formatTotals(totalsByCurrency(costLines)), at: provider.shippingCostsAt?.toISOString() ?? null };
  const declaration = await declarationForPage(prisma, session.shop, shipment.id);
  if (declaration === null) throw notFound();
  return { shipment, refreshable: canRefresh(provider), costs, declaration };
}

/** What the merchant reads after pressing Retry. */
export interface RetryAnswer {
  outcome: RetryOutcome["outcome"] | "refreshed" | "unknown";
  message: string;
  reasons: { field: string; message: string }[];
}

function answerOf(result: RetryOutcome): RetryAnswer {
  switch (result.outcome) {
    case "ready":
      return { outcome: "ready", message: "Queued again: the package is checked and on its way to the provider.", reasons: [] };
    case "held":
      return {
        outcome: "held",
        message: "Still on hold: fix the following, then retry.",
        reasons: result.reasons.map(({ field, message }) => ({ field, message })),
      };
    case "cancelled":
      return { outcome: "cancelled", message: "Cancelled: the order is closed or cancelled in Shopify, so nothing was sent.", reasons: [] };
    case "refused":
      return { outcome: "refused", message: result.message, reasons: [] };
  }
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

/** The same text on the server and in the browser, whatever their time zones: no hydration mismatch. */
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="200" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{children}</Text>
    </InlineStack>
  );
}

export default function ShipmentDetailPage() {
  const { shipment, refreshable, costs, declaration } = useLoaderData<typeof loader>();
  // On its way: the page follows it (sent, created, fulfilled) without a reload.
  useRefreshWhile(isInFlight(shipment.state), REFRESH_MS.shipments);
  const actionData = useActionData<typeof action>();
  const answer = actionData !== undefined && !("intent" in actionData) ? actionData : undefined;
  const declared = actionData !== undefined && "intent" in actionData ? actionData : undefined;
  // From the click until the page has reloaded with the answer (Remix's submitting, then loading).
  const pending = useNavigation().formData;
  const declaring = pending?.get("intent") === "declare";
  const retrying = pending !== undefined && pending.get("intent") !== "refresh" && !declaring;
  const refreshing = pending?.get("intent") === "refresh";
  const retryable = (shipment.state === "HELD" || shipment.state === "FAILED") && !shipment.handedBack;

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
                    Since {when(shipment.ended.at)}. The app no longer asks the provider about this package.
                  </Text>
                )}
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
                {`On ${when(shipment.changedInShopify.at)}. The package was already at the provider, which cannot change or cancel it; the fulfilment claims only what the order still has. Check the parcel with the provider, and the order with the customer, if it matters.`}
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
          <Card>
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h2" variant="headingMd">
                  Shipment
                </Text>
                {refreshable && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="refresh" />
                    <Button submit loading={refreshing} disabled={retrying}>
                      Refresh from the provider
                    </Button>
                  </Form>
                )}
              </InlineStack>
              <Fact label="Kind">{shipmentKindLabel(shipment.kind, shipment.warehouseCode)}</Fact>
              <Fact label="Service">{shipment.serviceCode ?? "Not chosen yet"}</Fact>
              <Fact label="Tracking">
                {shipment.trackingNumber === null ? (
                  "No tracking number yet"
                ) : shipment.trackingUrl ? (
                  <Link url={shipment.trackingUrl} target="_blank">
                    {shipment.trackingNumber}
                  </Link>
                ) : (
                  shipment.trackingNumber
                )}
                {shipment.trackingCarrier ? ` (${shipment.trackingCarrier})` : ""}
              </Fact>
              {shipment.otherParcels.length > 0 && (
                <Fact label="Other parcels">
                  {shipment.otherParcels.map((parcel, index) => (
                    <span key={parcel.number}>
                      {index > 0 ? ", " : ""}
                      {parcel.url ? (
                        <Link url={parcel.url} target="_blank">
                          {parcel.number}
                        </Link>
                      ) : (
                        parcel.number
                      )}
                    </span>
                  ))}
                </Fact>
              )}
              <Fact label="Shipping costs">
                {costs === null
                  ? "None reported by the provider yet"
                  : `${costs.total}${costs.lines.length > 1 ? ` (${costs.lines.map((line) => `${line.remark ?? line.type ?? "cost"} ${line.money.toFixed(2)} ${line.currency}`).join(", ")})` : ""}`}
              </Fact>
              <Fact label="Sent to the provider">{shipment.attempts === 1 ? "once" : `${shipment.attempts} times`}</Fact>
              <Fact label="Created">{when(shipment.createdAt)}</Fact>
              <Fact label="Last change">{when(shipment.updatedAt)}</Fact>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <DeclarationCard declaration={declaration} answer={declared} sending={declaring} />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Timeline
              </Text>
              {shipment.timeline.length === 0 ? (
                <Text as="p" tone="subdued">
                  Nothing has happened to this shipment yet.
                </Text>
              ) : (
                <BlockStack gap="200">
                  {shipment.timeline.map((entry) => (
                    <BlockStack key={entry.id} gap="050">
                      <Text as="p" tone="subdued" variant="bodySm">
                        {when(entry.at)}
                      </Text>
                      <Text as="p">{entry.message}</Text>
                    </BlockStack>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
