/**
 * A new bulk shipment (lading order, operation 13): packages of SKUs from the catalogue sent from
 * one of the shop's warehouses to one address on a reservation date (a business customer, a
 * marketplace's warehouse). Every field is checked with the provider's rules as the merchant types
 * and again on the server; what only the provider can refuse (a SKU it does not know, a service
 * that does not ship from the warehouse) comes back at its field. Once accepted, its page opens.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { TextInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { allVariants } from "~/stores/catalogue/variants.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { authenticate } from "~/shopify.server";
import { LadingForm, todayUtc } from "./form";
import { sendFromForm, suggestedReference, type Refusal } from "./lading.server";
import { SkuLinesEditor } from "~/components/sku-lines-editor";

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
    catalogue: variants.flatMap((variant) => (variant.sku === null ? [] : [{ sku: variant.sku, name: variant.displayName }])),
    reference: suggestedReference(now),
    today: todayUtc(now),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const sent = await sendFromForm(session.shop, await request.formData());
  if ("order" in sent) return redirect(`/app/lading/${sent.order.id}`);
  return json<Refusal>(sent.answer, { status: sent.status });
}

export default function NewLadingOrder() {
  const { warehouses, catalogue, reference, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().formData !== undefined;
  const first = warehouses.find((warehouse) => warehouse.enabled) ?? warehouses[0];
  const [warehouseId, setWarehouseId] = useState(first?.id ?? "");
  const [serviceCode, setServiceCode] = useState(first?.services[0] ?? "");
  const [reservationDate, setReservationDate] = useState("");
  const [form] = useForm({
    id: "lading",
    lastResult: answer?.result ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LadingForm, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];

  if (warehouses.length === 0) {
    return (
      <Page title="New bulk shipment" backAction={{ content: "Bulk shipments", url: "/app/lading" }}>
        <Card>
          <EmptyState
            heading="No warehouse set up yet"
            image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
            action={{ content: "Set up a warehouse", url: "/app/settings/routing" }}
          >
            <p>
              A bulk shipment leaves one of your provider&apos;s warehouses: add it (for example US01) in Settings &gt; Warehouses and
              routing first.
            </p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  const services = warehouses.find((warehouse) => warehouse.id === warehouseId)?.services ?? [];

  return (
    <Page
      title="New bulk shipment"
      subtitle="Packages from a warehouse to one address, on a reserved day"
      backAction={{ content: "Bulk shipments", url: "/app/lading" }}
    >
      <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit}>
        <Layout>
          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
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
                    helpText="The provider knows the order by it (its OrderNo)."
                  />
                  <TextInput
                    name="shipmentId"
                    label="Consignee's shipment id (optional)"
                    initial=""
                    error={errorOf("shipmentId")}
                    helpText="For example the marketplace's inbound shipment id: letters, digits, - and _."
                  />
                  <Select
                    name="warehouseId"
                    label="Leaves from"
                    value={warehouseId}
                    onChange={(id) => {
                      setWarehouseId(id);
                      const first = warehouses.find((warehouse) => warehouse.id === id)?.services[0];
                      if (first !== undefined) setServiceCode(first);
                    }}
                    options={warehouses.map((warehouse) => ({
                      value: warehouse.id,
                      label: warehouse.enabled ? `Warehouse ${warehouse.id}` : `Warehouse ${warehouse.id} (not shipping)`,
                    }))}
                    error={errorOf("warehouseId")}
                  />
                  <TextField
                    name="serviceCode"
                    label="Service"
                    value={serviceCode}
                    onChange={setServiceCode}
                    autoComplete="off"
                    error={errorOf("serviceCode")}
                    helpText={
                      services.length > 0
                        ? `Services set for warehouse ${warehouseId}: ${services.join(", ")}.`
                        : `The provider's service code, shipping from warehouse ${warehouseId}.`
                    }
                  />
                  <TextField
                    name="reservationDate"
                    label="Reservation date"
                    type="date"
                    min={today}
                    value={reservationDate}
                    onChange={setReservationDate}
                    autoComplete="off"
                    error={errorOf("reservationDate")}
                    helpText="The day the warehouse is booked to hand the packages over."
                  />
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="400">
                  <Text as="h2" variant="headingMd">
                    Ship to
                  </Text>
                  <TextInput name="contact" label="Contact name" initial="" error={errorOf("contact")} />
                  <TextInput name="company" label="Company (optional)" initial="" error={errorOf("company")} />
                  <InlineGrid columns={2} gap="300">
                    <TextInput name="phone" label="Phone (optional)" initial="" error={errorOf("phone")} />
                    <TextInput name="email" label="Email (optional)" initial="" error={errorOf("email")} />
                  </InlineGrid>
                  <TextInput name="street1" label="Street" initial="" error={errorOf("street1")} />
                  <TextInput name="street2" label="Apartment, suite, dock (optional)" initial="" error={errorOf("street2")} />
                  <InlineGrid columns={2} gap="300">
                    <TextInput name="city" label="City" initial="" error={errorOf("city")} />
                    <TextInput name="postcode" label="Postcode (optional)" initial="" error={errorOf("postcode")} />
                  </InlineGrid>
                  <InlineGrid columns={2} gap="300">
                    <TextInput name="province" label="Province or state (optional)" initial="" error={errorOf("province")} />
                    <TextInput name="country" label="Country code" initial="" placeholder="US" error={errorOf("country")} />
                  </InlineGrid>
                </BlockStack>
              </Card>
            </BlockStack>
          </Layout.Section>
          <Layout.Section>
            <BlockStack gap="400">
              <SkuLinesEditor
                noun="package"
                fieldPrefix="packages"
                initial={[]}
                empty={{ lines: [] }}
                catalogue={catalogue}
                errorOf={errorOf}
              />
              <InlineStack align="end">
                <Button submit variant="primary" loading={sending}>
                  Send bulk shipment
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
