/**
 * One inbound shipment: the provider's id and where it stands, its boxes, and while it is on its
 * way, its boxes changed (operation 5) or a look whether the warehouse received it (decision
 * 0016). Once received, its stock is synced into Shopify.
 */
import { calendarDay } from "~/lib/format";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { inboundRefusalIn, totalUnits } from "~/connector/inbound";
import prisma from "~/db.server";
import { checkInboundArrival, type Arrival } from "~/flows/inbound/arrival.server";
import type { BoxesChange } from "~/flows/inbound/boxes.server";
import { allVariants, skuChoices } from "~/stores/catalogue/variants.server";
import { inboundShipmentOf } from "~/stores/inbound/inbound-shipments.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { authenticate } from "~/shopify.server";
import { isShippingType } from "../app.inbound.new/form";
import { changeBoxesFromForm } from "../app.inbound.new/inbound.server";
import type { DetailAnswer } from "./detail-answer";
import { providerProblem } from "~/connector/provider-problem";
import { ProviderError } from "~/fulfilment/errors";
import { InboundStateBadge } from "~/components/inbound-badges";
import { BoxesTable, ChangeBoxesForm, Fact } from "./inbound-boxes";
import { useFormat, useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor, type Words } from "~/lib/words";

const notFound = (request: Request) => new Response(wordsFor(localeOf(request)).inbound.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shipment = await inboundShipmentOf(prisma, session.shop, params.id ?? "");
  if (shipment === null) throw notFound(request);
  const variants = await allVariants(prisma, session.shop);
  return {
    shipment: { ...shipment, plannedArrival: shipment.plannedArrival === null ? null : calendarDay(shipment.plannedArrival) },
    catalogue: skuChoices(variants),
  };
}

/** What a look at the arrival found, in its tone; its sentence is the page's words. */
const ARRIVAL_TONES: Record<Arrival, Extract<DetailAnswer, { ok: true }>["tone"]> = {
  RECEIVED: "success",
  ON_THE_WAY: "info",
  PROBLEM: "warning",
};
const arrivalAnswer = (arrival: Arrival, words: Words) => ({
  tone: ARRIVAL_TONES[arrival],
  message: words.inbound.arrivalAnswers[arrival],
});

/** What a change of boxes came to, as said in the admin's words (a refusal says the provider's). */
const boxesAnswer = (outcome: Exclude<BoxesChange["outcome"], "REFUSED">, words: Words) =>
  outcome === "CHANGED" ? words.inbound.boxesSaved : words.inbound.boxesAlreadyReceived;

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const shipment = await inboundShipmentOf(prisma, shop, params.id ?? "");
  if (shipment === null) throw notFound(request);
  const words = wordsFor(localeOf(request));
  const form = await request.formData();

  if (form.get("intent") === "boxes") {
    if (shipment.state === "RECEIVED")
      return json<DetailAnswer>({ intent: "boxes", ok: true, tone: "warning", message: boxesAnswer("RECEIVED", words) });
    const changed = await changeBoxesFromForm(shop, shipment, form, words);
    if (!("change" in changed)) return json<DetailAnswer>({ intent: "boxes", ...changed.answer }, { status: changed.status });
    const { change } = changed;
    if (change.outcome === "REFUSED")
      return json<DetailAnswer>(
        {
          intent: "boxes",
          ok: false,
          result: null,
          problem: words.inbound.notChangedProvider(inboundRefusalIn(change.problem, words.inbound.refusedUnsaid)),
        },
        { status: 400 },
      );
    return json<DetailAnswer>({
      intent: "boxes",
      ok: true,
      tone: change.outcome === "CHANGED" ? "success" : "warning",
      message: boxesAnswer(change.outcome, words),
    });
  }

  if (shipment.state === "RECEIVED") return json<DetailAnswer>({ intent: "check", ok: true, ...arrivalAnswer("RECEIVED", words) });
  try {
    const deps = appPipelineDeps();
    const arrival = await checkInboundArrival(prisma, await deps.provider(shop), shop, shipment, deps.now);
    return json<DetailAnswer>({ intent: "check", ok: true, ...arrivalAnswer(arrival, words) });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return json<DetailAnswer>(
      { intent: "check", ok: false, result: null, problem: providerProblem(error, words.providerProblems) },
      { status: 502 },
    );
  }
}

export default function InboundShipmentPage() {
  const format = useFormat();
  const words = useWords().inbound;
  // A way of travel the form did not offer (sent before, or by the API) is shown as it was written.
  const travelsBy = (type: string) => (isShippingType(type) ? words.shippingTypes[type] : type);
  const when = (iso: string | null) => (iso === null ? "—" : format.dateTime(iso));
  const day = (iso: string | null) => (iso === null ? "—" : format.date(iso));
  const { shipment, catalogue } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyWith = navigation.formData?.get("intent") === "boxes" ? "boxes" : navigation.formData !== undefined ? "check" : null;
  const [editing, setEditing] = useState(false);
  // A saved change closes the editor; a refused one keeps it open with the errors at their fields.
  useEffect(() => {
    if (answer?.intent === "boxes" && answer.ok) setEditing(false);
  }, [answer]);
  const names = new Map(catalogue.map((choice) => [choice.sku, choice.name]));
  const onTheWay = shipment.state === "ON_THE_WAY";
  const boxes = shipment.boxes;

  return (
    <Page
      title={shipment.reference}
      subtitle={words.toWarehouse(shipment.warehouseId)}
      titleMetadata={<InboundStateBadge state={shipment.state} />}
      backAction={{ content: words.title, url: "/app/inbound" }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {editing && onTheWay ? (
              <ChangeBoxesForm
                boxes={boxes}
                catalogue={catalogue}
                answer={answer}
                saving={busyWith === "boxes"}
                onClose={() => setEditing(false)}
              />
            ) : (
              <Card padding="0">
                <BlockStack>
                  <InlineStack align="space-between" blockAlign="center">
                    <Box padding="400">
                      <Text as="h2" variant="headingMd">
                        {words.summary(boxes.length, format.number(boxes.length), totalUnits(boxes), format.number(totalUnits(boxes)))}
                      </Text>
                    </Box>
                    {onTheWay && (
                      <Box padding="400">
                        <Button onClick={() => setEditing(true)}>{words.changeBoxes}</Button>
                      </Box>
                    )}
                  </InlineStack>
                  <BoxesTable boxes={boxes} names={names} />
                </BlockStack>
              </Card>
            )}
            {answer?.intent === "boxes" &&
              (answer.ok ? (
                <Banner tone={answer.tone} title={answer.message} />
              ) : (
                answer.problem !== null && <Banner tone="critical" title={answer.problem} />
              ))}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {words.atProvider}
                </Text>
                <Fact label={words.facts.providerId}>{shipment.providerId ?? "—"}</Fact>
                <Fact label={words.facts.warehouse}>{shipment.warehouseId}</Fact>
                <Fact label={words.facts.travelsBy}>{travelsBy(shipment.shippingType)}</Fact>
                <Fact label={words.facts.expectedArrival}>{day(shipment.plannedArrival)}</Fact>
                <Fact label={words.facts.sent}>{when(shipment.createdAt)}</Fact>
                {shipment.boxesChangedAt !== null && <Fact label={words.facts.boxesChanged}>{when(shipment.boxesChangedAt)}</Fact>}
                <Fact label={words.facts.lastChecked}>{when(shipment.checkedAt)}</Fact>
                {shipment.receivedAt !== null && <Fact label={words.facts.received}>{when(shipment.receivedAt)}</Fact>}
                {shipment.remark !== null && <Fact label={words.facts.note}>{shipment.remark}</Fact>}
              </BlockStack>
            </Card>
            {/* One card whatever the state, so an answer that changes it moves nothing around it. */}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {words.arrival}
                </Text>
                {onTheWay ? (
                  <>
                    <Text as="p" tone="subdued">
                      {words.asksEveryHour}
                    </Text>
                    {shipment.problem !== null && (
                      <Text as="p" tone="critical">
                        {words.providerReported(inboundRefusalIn(shipment.problem, words.refusedUnsaid))}
                      </Text>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="check" />
                      <Button submit loading={busyWith === "check"}>
                        {words.checkNow}
                      </Button>
                    </Form>
                  </>
                ) : (
                  <Text as="p">{words.receivedOn(shipment.warehouseId, when(shipment.receivedAt))}</Text>
                )}
              </BlockStack>
            </Card>
            {answer?.intent === "check" &&
              (answer.ok ? (
                <Banner tone={answer.tone} title={answer.message} />
              ) : (
                <Banner tone="critical" title={answer.problem ?? words.notChecked} />
              ))}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
