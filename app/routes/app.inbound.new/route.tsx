/**
 * A new inbound shipment: boxes of SKUs from the catalogue sent into one of the shop's warehouses
 * (operation 4). Every field is checked with the provider's rules as the merchant types and again
 * on the server; what only the provider can refuse (a SKU it does not know) comes back at its line.
 * Sent from the admin's contextual save bar (Save), which shows once something is entered; leaving
 * with entries not sent asks first. Once the provider accepts it, the shipment's page opens.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, Layout, Page, Text } from "@shopify/polaris";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { SaveBarForm, useDiscard } from "~/components/save-bar-form";
import type { SkuChoice } from "~/components/sku-picker";
import prisma from "~/db.server";
import { allVariants, skuChoices } from "~/stores/catalogue/variants.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { authenticate } from "~/shopify.server";
import { BoxesEditor } from "./boxes-editor";
import { inboundFormsIn } from "./form";
import { sendFromForm, suggestedReference, type Refusal } from "./inbound.server";
import { ShipmentFields } from "./shipment-fields";
import { useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(prisma, session.shop);
  const variants = await allVariants(prisma, session.shop);
  return {
    warehouses: settings.warehouses.map((warehouse) => ({ id: warehouse.warehouseId, enabled: warehouse.enabled })),
    catalogue: skuChoices(variants),
    reference: suggestedReference(new Date()),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const sent = await sendFromForm(session.shop, await request.formData(), wordsFor(localeOf(request)));
  if ("shipment" in sent) return redirect(`/app/inbound/${sent.shipment.id}`);
  return json<Refusal>(sent.answer, { status: sent.status });
}

/** The form, mounted again on Discard: a new form (conform's too) with the fields as loaded. */
function InboundFields(props: {
  generation: number;
  reference: string;
  warehouses: { id: string; enabled: boolean }[];
  catalogue: SkuChoice[];
  answer: Refusal | undefined;
  sending: boolean;
  onDiscard: () => void;
}) {
  const { InboundForm } = inboundFormsIn(useWords());
  const [form] = useForm({
    id: `inbound-${props.generation}`,
    lastResult: props.answer?.result ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InboundForm, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];
  return (
    <SaveBarForm id={form.id} onSubmit={form.onSubmit} saving={props.sending} onDiscard={props.onDiscard}>
      <Layout>
        <Layout.Section variant="oneThird">
          <ShipmentFields reference={props.reference} warehouses={props.warehouses} errorOf={errorOf} />
        </Layout.Section>
        <Layout.Section>
          <BoxesEditor initial={[]} catalogue={props.catalogue} errorOf={errorOf} />
        </Layout.Section>
      </Layout>
    </SaveBarForm>
  );
}

export default function NewInboundShipment() {
  const { warehouses, catalogue, reference } = useLoaderData<typeof loader>();
  const { generation, answer, discard } = useDiscard(useActionData<typeof action>());
  const sending = useNavigation().formData !== undefined;
  const words = useWords().inbound;

  if (warehouses.length === 0) {
    return (
      <Page title={words.newShipment} backAction={{ content: words.title, url: "/app/inbound" }}>
        <Card>
          <EmptyState
            heading={words.noWarehouse}
            image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
            action={{ content: words.setUpWarehouse, url: "/app/settings/routing" }}
          >
            <p>{words.noWarehouseBody}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  return (
    <Page title={words.newShipment} subtitle={words.newSubtitle} backAction={{ content: words.title, url: "/app/inbound" }}>
      <BlockStack gap="400">
        {/* On Save a banner takes the text's place at once, so the answer, however late, replaces it in place. */}
        {sending ? (
          <Banner tone="info" title={words.sending} />
        ) : answer?.problem ? (
          <Banner tone="critical" title={words.notSent}>
            <p>{answer.problem}</p>
          </Banner>
        ) : (
          <Text as="p" tone="subdued">
            {words.howToSend}
          </Text>
        )}
        <InboundFields
          key={generation}
          generation={generation}
          reference={reference}
          warehouses={warehouses}
          catalogue={catalogue}
          answer={answer}
          sending={sending}
          onDiscard={discard}
        />
      </BlockStack>
    </Page>
  );
}
