/**
 * A new inbound shipment: boxes of SKUs from the catalogue sent into one of the shop's warehouses
 * (operation 4). Every field is checked with the provider's rules as the merchant types and again
 * on the server; what only the provider can refuse (a SKU it does not know) comes back at its line.
 * Once the provider accepts it, the shipment's page opens.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, EmptyState, InlineStack, Layout, Page, Text, TextField } from "@shopify/polaris";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { SelectInput, TextInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { allVariants } from "~/stores/catalogue/variants.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { authenticate } from "~/shopify.server";
import { BoxesEditor } from "./boxes-editor";
import { InboundForm, SHIPPING_TYPES } from "./form";
import { sendFromForm, suggestedReference, type Refusal } from "./inbound.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(prisma, session.shop);
  const variants = await allVariants(prisma, session.shop);
  return {
    warehouses: settings.warehouses.map((warehouse) => ({ id: warehouse.warehouseId, enabled: warehouse.enabled })),
    catalogue: variants.flatMap((variant) => (variant.sku === null ? [] : [{ sku: variant.sku, name: variant.displayName }])),
    reference: suggestedReference(new Date()),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const sent = await sendFromForm(session.shop, await request.formData());
  if ("shipment" in sent) return redirect(`/app/inbound/${sent.shipment.id}`);
  return json<Refusal>(sent.answer, { status: sent.status });
}

export default function NewInboundShipment() {
  const { warehouses, catalogue, reference } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().formData !== undefined;
  const [arrival, setArrival] = useState("");
  const [form] = useForm({
    id: "inbound",
    lastResult: answer?.result ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InboundForm, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];

  if (warehouses.length === 0) {
    return (
      <Page title="New inbound shipment" backAction={{ content: "Inbound shipments", url: "/app/inbound" }}>
        <Card>
          <EmptyState
            heading="No warehouse set up yet"
            image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
            action={{ content: "Set up a warehouse", url: "/app/settings/routing" }}
          >
            <p>
              An inbound shipment goes into one of your provider&apos;s warehouses: add it (for example US01) in Settings &gt; Warehouses
              and routing first.
            </p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  const defaultWarehouse = (warehouses.find((warehouse) => warehouse.enabled) ?? warehouses[0])?.id ?? "";

  return (
    <Page
      title="New inbound shipment"
      subtitle="Boxes of your SKUs on their way into a warehouse"
      backAction={{ content: "Inbound shipments", url: "/app/inbound" }}
    >
      <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit}>
        <Layout>
          <Layout.Section variant="oneThird">
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  Shipment
                </Text>
                <TextInput
                  name="reference"
                  label="Your reference"
                  initial={reference}
                  error={errorOf("reference")}
                  helpText="The provider knows the shipment by it: letters, digits, - and _."
                />
                <SelectInput
                  name="warehouseId"
                  label="Goes to"
                  initial={defaultWarehouse}
                  options={warehouses.map((warehouse) => ({
                    value: warehouse.id,
                    label: warehouse.enabled ? `Warehouse ${warehouse.id}` : `Warehouse ${warehouse.id} (not shipping)`,
                  }))}
                  error={errorOf("warehouseId")}
                />
                <SelectInput
                  name="shippingType"
                  label="Travels by"
                  initial="Sea"
                  options={SHIPPING_TYPES.map((type) => ({ ...type }))}
                  error={errorOf("shippingType")}
                />
                <TextField
                  name="arrival"
                  label="Expected arrival (optional)"
                  type="date"
                  value={arrival}
                  onChange={setArrival}
                  autoComplete="off"
                  error={errorOf("arrival")}
                />
                <TextInput name="remark" label="Note for the warehouse (optional)" initial="" multiline={2} error={errorOf("remark")} />
              </BlockStack>
            </Card>
          </Layout.Section>
          <Layout.Section>
            <BlockStack gap="400">
              <BoxesEditor initial={[]} catalogue={catalogue} errorOf={errorOf} />
              <InlineStack align="end">
                <Button submit variant="primary" loading={sending}>
                  Send to warehouse
                </Button>
              </InlineStack>
              {/* Below the button, so the answer moves nothing the merchant is looking at. */}
              {answer?.problem && (
                <Banner tone="critical" title="Not sent">
                  <p>{answer.problem}</p>
                </Banner>
              )}
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Form>
    </Page>
  );
}
