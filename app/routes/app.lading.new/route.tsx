/**
 * A new bulk shipment (lading order, operation 13): packages of SKUs from the catalogue sent from
 * one of the shop's warehouses to one address on a reservation date (a business customer, a
 * marketplace's warehouse). Every field is checked with the provider's rules as the merchant types
 * and again on the server; what only the provider can refuse (a SKU it does not know, a service
 * that does not ship from the warehouse) comes back at its field. Sent from the admin's contextual
 * save bar (Save), which shows once something is entered; leaving with entries not sent asks first.
 * Once accepted, its page opens.
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
import { SkuLinesEditor } from "~/components/sku-lines-editor";
import { ladingFormsIn, todayUtc } from "./form";
import { useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { LadingFields, type LadingWarehouse } from "./lading-fields";
import { sendFromForm, suggestedReference, type Refusal } from "./lading.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(prisma, session.shop);
  const variants = await allVariants(prisma, session.shop);
  const now = new Date();
  return {
    warehouses: settings.warehouses.map((warehouse) => {
      const rules = warehouse.services;
      const services = [
        ...new Set([
          ...(rules.defaultService === null ? [] : [rules.defaultService]),
          ...Object.values(rules.byCountry),
          ...Object.values(rules.byShippingMethod),
        ]),
      ];
      return { id: warehouse.warehouseId, enabled: warehouse.enabled, services };
    }),
    catalogue: skuChoices(variants),
    reference: suggestedReference(now),
    today: todayUtc(now),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const sent = await sendFromForm(session.shop, await request.formData(), wordsFor(localeOf(request)));
  if ("order" in sent) return redirect(`/app/lading/${sent.order.id}`);
  return json<Refusal>(sent.answer, { status: sent.status });
}

/** The form, mounted again on Discard: a new form (conform's too) with the fields as loaded. */
function LadingOrderFields(props: {
  generation: number;
  reference: string;
  today: string;
  warehouses: LadingWarehouse[];
  catalogue: SkuChoice[];
  answer: Refusal | undefined;
  sending: boolean;
  onDiscard: () => void;
}) {
  const { LadingForm } = ladingFormsIn(useWords());
  const [form] = useForm({
    id: `lading-${props.generation}`,
    lastResult: props.answer?.result ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LadingForm, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];
  return (
    <SaveBarForm id={form.id} onSubmit={form.onSubmit} saving={props.sending} onDiscard={props.onDiscard}>
      <Layout>
        <Layout.Section variant="oneThird">
          <LadingFields reference={props.reference} today={props.today} warehouses={props.warehouses} errorOf={errorOf} />
        </Layout.Section>
        <Layout.Section>
          <SkuLinesEditor
            noun="package"
            fieldPrefix="packages"
            initial={[]}
            empty={{ lines: [] }}
            catalogue={props.catalogue}
            errorOf={errorOf}
          />
        </Layout.Section>
      </Layout>
    </SaveBarForm>
  );
}

export default function NewLadingOrder() {
  const { warehouses, catalogue, reference, today } = useLoaderData<typeof loader>();
  const { generation, answer, discard } = useDiscard(useActionData<typeof action>());
  const sending = useNavigation().formData !== undefined;
  const words = useWords().lading;

  if (warehouses.length === 0) {
    return (
      <Page title={words.newShipment} backAction={{ content: words.title, url: "/app/lading" }}>
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
    <Page title={words.newShipment} subtitle={words.newSubtitle} backAction={{ content: words.title, url: "/app/lading" }}>
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
        <LadingOrderFields
          key={generation}
          generation={generation}
          reference={reference}
          today={today}
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
