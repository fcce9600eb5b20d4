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
import { useFormat, useWords } from "~/components/locale";
import { wordsFor } from "~/lib/words";
import { reasonFieldText, reasonText } from "~/lib/words/reason-said";
import { declarationValuesFrom } from "~/connector/declaration";
import { declarationForPage, declareShipment, type DeclareAnswer } from "~/flows/declare/declare.server";
import { providerProblem } from "~/connector/provider-problem";
import { answerOf, pipelineSaidIn, type RetryAnswer } from "./answers";
import { withTimesWritten } from "~/lib/words/reason-times";
import { shopFormatter } from "~/stores/shops/shop-time-zone.server";
import { DeclarationCard } from "./declaration-card";
import { declarationErrorsIn } from "./declaration-errors";
import { ItemsCard } from "./items-card";
import { ShipmentCard, TimelineCard } from "./shipment-cards";

const notFound = (request: Request) => new Response(wordsFor(localeOf(request)).shipmentPage.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const locale = localeOf(request);
  const format = await shopFormatter(prisma, session.shop, locale);
  const shipment = await findShipmentDetail(prisma, session.shop, params.id ?? "", wordsFor(locale), format);
  if (shipment === null) throw notFound(request);
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
  const declaration = await declarationForPage(prisma, session.shop, shipment.id, wordsFor(locale).shipmentPage);
  if (declaration === null) throw notFound(request);
  return { shipment, refreshable: canRefresh(provider), costs, declaration, duties };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const id = params.id ?? "";
  if (!(await shipmentExists(prisma, session.shop, id))) throw notFound(request);
  const form = await request.formData();
  const all = wordsFor(localeOf(request));
  const words = all.shipmentPage;
  if (form.get("intent") === "handled") {
    const marked = await markAttentionHandled(prisma, session.shop, id);
    const answer: RetryAnswer = marked
      ? { outcome: "ready", message: words.markedHandled, reasons: [] }
      : { outcome: "refused", message: words.nothingToMark, reasons: [] };
    return answer;
  }
  if (form.get("intent") === "declare") {
    const values = declarationValuesFrom((name) => String(form.get(name) ?? ""), form.keys());
    const declared = await declareShipment(prisma, appPipelineDeps(), session.shop, id, values, words);
    // Said in the admin's language: the provider's failure to answer, the pipeline's sentence, or (why
    // it cannot be declared now) the page's words already.
    const { failure, ...outcome } = declared;
    const message =
      failure !== undefined
        ? words.declarationNotSent(providerProblem(failure, all.providerProblems))
        : outcome.say === undefined
          ? outcome.message
          : pipelineSaidIn(all, { message: outcome.message, say: outcome.say });
    // Each wrong field with its label and rule in the admin's words too.
    const answer: DeclareAnswer =
      outcome.outcome === "declared" ? { ...outcome, message } : { ...outcome, message, errors: declarationErrorsIn(all, outcome.errors) };
    return { intent: "declare" as const, ...answer };
  }
  if (form.get("intent") === "refresh") {
    const refreshed = await refreshShipment(prisma, appPipelineDeps(), session.shop, id);
    const answer: RetryAnswer = {
      outcome: refreshed.outcome === "refreshed" ? "ready" : refreshed.outcome,
      message:
        refreshed.failure !== undefined
          ? words.refreshNotAsked(providerProblem(refreshed.failure, all.providerProblems))
          : pipelineSaidIn(all, refreshed),
      reasons: [],
    };
    return answer;
  }
  const format = await shopFormatter(prisma, session.shop, localeOf(request));
  return answerOf(await retryShipment(prisma, appPipelineDeps(), session.shop, id), all, format);
}

export default function ShipmentDetailPage() {
  const format = useFormat();
  const all = useWords();
  const words = all.shipmentPage;
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
      subtitle={words.packageSubtitle(shipment.packageId)}
      titleMetadata={<ShipmentStateBadge state={shipment.state} />}
      backAction={{ content: words.shipments, url: "/app/shipments" }}
    >
      <Layout>
        {/* On the click, the Retry card gives way at once to a banner of the answer's size: the answer,
            however late it comes, then takes its place without moving the page (a layout shift). */}
        {retrying ? (
          <Layout.Section>
            <Banner tone="info" title={words.retrying} />
          </Layout.Section>
        ) : refreshing ? (
          <Layout.Section>
            <Banner tone="info" title={words.refreshing} />
          </Layout.Section>
        ) : (
          answer && (
            <Layout.Section>
              <Banner tone={answer.outcome === "ready" ? "success" : answer.outcome === "held" ? "warning" : "info"} title={answer.message}>
                {answer.reasons.length > 0 && (
                  <List>
                    {answer.reasons.map((reason, index) => (
                      <List.Item key={index}>
                        {reason.field}
                        {words.fieldSaid}
                        {reason.message}
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
            <Banner tone={shipment.needsAttention ? "critical" : undefined} title={words.followedNoFurther(shipment.ended.words)}>
              <BlockStack gap="200">
                <Text as="p">{shipment.ended.message ?? words.timelineSaysWhy}</Text>
                {shipment.ended.at && (
                  <Text as="p" tone="subdued">
                    {words.noLongerAsked(format.dateTime(shipment.ended.at))}
                  </Text>
                )}
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        {!retrying && shipment.withdrawing && (
          <Layout.Section>
            <Banner tone="warning" title={words.withdrawnTitle}>
              <BlockStack gap="200">
                <Text as="p">{shipment.reason ?? words.timelineSaysWhy}</Text>
                <Text as="p" tone="subdued">
                  {words.withdrawnBody}
                </Text>
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        {!retrying && shipment.changedInShopify && (
          <Layout.Section>
            <Banner tone={shipment.needsAttention ? "warning" : undefined} title={words.changedTitle(shipment.changedInShopify.what)}>
              <Text as="p">{words.changedBody(format.dateTime(shipment.changedInShopify.at))}</Text>
            </Banner>
          </Layout.Section>
        )}
        {!retrying && shipment.canMarkHandled && (
          <Layout.Section>
            <Form method="post">
              <input type="hidden" name="intent" value="handled" />
              <InlineStack align="end">
                <Button submit>{words.markHandled}</Button>
              </InlineStack>
            </Form>
          </Layout.Section>
        )}
        {shipment.handedBack && !retrying && (
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {words.handedBack}
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
                  {shipment.state === "HELD" ? words.whyOnHold : words.whyRefused}
                </Text>
                {shipment.holdReasons.length > 0 ? (
                  <List>
                    {shipment.holdReasons.map((reason, index) => (
                      <List.Item key={index}>
                        <Text as="span" fontWeight="semibold">
                          {reasonFieldText(all.reasonFields, reason.field)}
                        </Text>
                        {words.fieldSaid}
                        {reasonText(all.reasons, withTimesWritten(reason, format))}
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text as="p">{shipment.reason}</Text>
                )}
                <Text as="p" tone="subdued">
                  {words.fixThenRetry}
                </Text>
                <Form method="post">
                  <Button submit variant="primary" loading={retrying}>
                    {words.retry}
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
