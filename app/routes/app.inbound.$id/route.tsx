/**
 * One inbound shipment: the provider's id and where it stands, its boxes, and while it is on its
 * way, its boxes changed (operation 5) or a look whether the warehouse received it (decision
 * 0016). Once received, its stock is synced into Shopify.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { totalUnits } from "~/connector/inbound";
import prisma from "~/db.server";
import { checkInboundArrival, type Arrival } from "~/flows/inbound/arrival.server";
import type { BoxesChange } from "~/flows/inbound/boxes.server";
import { allVariants, skuChoices } from "~/stores/catalogue/variants.server";
import { inboundShipmentOf } from "~/stores/inbound/inbound-shipments.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { authenticate } from "~/shopify.server";
import { SHIPPING_TYPES } from "../app.inbound.new/form";
import { changeBoxesFromForm } from "../app.inbound.new/inbound.server";
import type { DetailAnswer } from "./detail-answer";
import { providerProblem } from "~/connector/provider-problem";
import { ProviderError } from "~/fulfilment/errors";
import { InboundStateBadge } from "~/components/inbound-badges";
import { BoxesTable, ChangeBoxesForm, Fact } from "./inbound-boxes";
import { useFormat } from "~/components/locale";

const notFound = () => new Response("No such inbound shipment in this shop", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shipment = await inboundShipmentOf(prisma, session.shop, params.id ?? "");
  if (shipment === null) throw notFound();
  const variants = await allVariants(prisma, session.shop);
  return {
    shipment,
    catalogue: skuChoices(variants),
  };
}

const ARRIVAL_ANSWERS: Record<Arrival, Omit<Extract<DetailAnswer, { ok: true }>, "intent" | "ok">> = {
  RECEIVED: { tone: "success", message: "Received by the warehouse: its stock is being written into Shopify." },
  ON_THE_WAY: { tone: "info", message: "Still on its way: the warehouse has not received it yet. The app looks again every hour." },
  PROBLEM: { tone: "warning", message: "The provider could not say: see its problem above." },
};

const BOXES_ANSWERS: Record<BoxesChange["outcome"], string> = {
  CHANGED: "Boxes saved: the provider has the new boxes.",
  RECEIVED:
    "Not changed: the warehouse has already received this shipment, so its boxes can no longer change. Its stock is being written into Shopify.",
  REFUSED: "Not changed",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const shipment = await inboundShipmentOf(prisma, shop, params.id ?? "");
  if (shipment === null) throw notFound();
  const form = await request.formData();

  if (form.get("intent") === "boxes") {
    if (shipment.state === "RECEIVED")
      return json<DetailAnswer>({ intent: "boxes", ok: true, tone: "warning", message: BOXES_ANSWERS.RECEIVED });
    const changed = await changeBoxesFromForm(shop, shipment, form);
    if (!("change" in changed)) return json<DetailAnswer>({ intent: "boxes", ...changed.answer }, { status: changed.status });
    const { change } = changed;
    if (change.outcome === "REFUSED")
      return json<DetailAnswer>(
        { intent: "boxes", ok: false, result: null, problem: `${BOXES_ANSWERS.REFUSED}: ${change.problem}` },
        { status: 400 },
      );
    return json<DetailAnswer>({
      intent: "boxes",
      ok: true,
      tone: change.outcome === "CHANGED" ? "success" : "warning",
      message: BOXES_ANSWERS[change.outcome],
    });
  }

  if (shipment.state === "RECEIVED") return json<DetailAnswer>({ intent: "check", ok: true, ...ARRIVAL_ANSWERS.RECEIVED });
  try {
    const deps = appPipelineDeps();
    const arrival = await checkInboundArrival(prisma, await deps.provider(shop), shop, shipment, deps.now);
    return json<DetailAnswer>({ intent: "check", ok: true, ...ARRIVAL_ANSWERS[arrival] });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return json<DetailAnswer>({ intent: "check", ok: false, result: null, problem: providerProblem(error) }, { status: 502 });
  }
}

const travelsBy = (type: string) => SHIPPING_TYPES.find((known) => known.value === type)?.label ?? type;

export default function InboundShipmentPage() {
  const format = useFormat();
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
      subtitle={`Inbound shipment to warehouse ${shipment.warehouseId}`}
      titleMetadata={<InboundStateBadge state={shipment.state} />}
      backAction={{ content: "Inbound shipments", url: "/app/inbound" }}
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
                        {boxes.length} {boxes.length === 1 ? "box" : "boxes"}, {totalUnits(boxes)} units
                      </Text>
                    </Box>
                    {onTheWay && (
                      <Box padding="400">
                        <Button onClick={() => setEditing(true)}>Change boxes</Button>
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
                  At the provider
                </Text>
                <Fact label="Provider's id">{shipment.providerId ?? "—"}</Fact>
                <Fact label="Warehouse">{shipment.warehouseId}</Fact>
                <Fact label="Travels by">{travelsBy(shipment.shippingType)}</Fact>
                <Fact label="Expected arrival">{day(shipment.plannedArrival)}</Fact>
                <Fact label="Sent">{when(shipment.createdAt)}</Fact>
                {shipment.boxesChangedAt !== null && <Fact label="Boxes changed">{when(shipment.boxesChangedAt)}</Fact>}
                <Fact label="Last checked">{when(shipment.checkedAt)}</Fact>
                {shipment.receivedAt !== null && <Fact label="Received">{when(shipment.receivedAt)}</Fact>}
                {shipment.remark !== null && <Fact label="Note">{shipment.remark}</Fact>}
              </BlockStack>
            </Card>
            {/* One card whatever the state, so an answer that changes it moves nothing around it. */}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Arrival
                </Text>
                {onTheWay ? (
                  <>
                    <Text as="p" tone="subdued">
                      The app asks the provider every hour whether the warehouse has received it.
                    </Text>
                    {shipment.problem !== null && (
                      <Text as="p" tone="critical">
                        The provider reported a problem: {shipment.problem}
                      </Text>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="check" />
                      <Button submit loading={busyWith === "check"}>
                        Check arrival now
                      </Button>
                    </Form>
                  </>
                ) : (
                  <Text as="p">
                    Received by warehouse {shipment.warehouseId} on {when(shipment.receivedAt)}. Its units are the provider&apos;s stock
                    now, and the stock sync writes them into Shopify (see Stock).
                  </Text>
                )}
              </BlockStack>
            </Card>
            {answer?.intent === "check" &&
              (answer.ok ? (
                <Banner tone={answer.tone} title={answer.message} />
              ) : (
                <Banner tone="critical" title={answer.problem ?? "Not checked"} />
              ))}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
