/**
 * A variant set up as a kit: the provider's SKUs the warehouse picks for one of it, and how many
 * of each (decision 0047). Each row is checked against the provider's SKUs as the app last read
 * them, as the merchant types and again on the server; saved from the contextual save bar. The kit
 * mapping can be removed: the variant is then sent and stocked as its own SKU again.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Card, InlineError, Layout, Page, Text } from "@shopify/polaris";
import { useMemo } from "react";
import { RowsInput } from "~/components/form-inputs";
import { SaveBarForm, useDiscard } from "~/components/save-bar-form";
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { kitOf, saveKit } from "~/stores/catalogue/kits.server";
import { providerSkusOf } from "~/stores/catalogue/provider-skus.server";
import { productsListQuery } from "../app.products._index/list-query";
import { productRowOfSku } from "../app.products._index/products.server";
import { kitFormOf } from "./kit-form";

const notFound = () => new Response("No variant of this shop has that SKU", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const row = await productRowOfSku(prisma, session.shop, params.sku ?? "");
  if (row === null || row.sku === null) throw notFound();
  const [components, providerSkus] = await Promise.all([kitOf(prisma, session.shop, row.sku), providerSkusOf(prisma, session.shop)]);
  return { sku: row.sku, title: row.title, components, providerSkus: [...providerSkus.keys()].sort() };
}

type Answer = { ok: true; message: string } | { ok: false; message: string; result?: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const row = await productRowOfSku(prisma, session.shop, params.sku ?? "");
  if (row === null || row.sku === null) throw notFound();
  const form = await request.formData();
  if (form.get("intent") === "remove") {
    await saveKit(prisma, session.shop, row.sku, []);
    return json<Answer>({ ok: true, message: `SKU ${row.sku} is no longer a kit: it is sent and stocked as its own SKU again.` });
  }
  const providerSkus = new Set((await providerSkusOf(prisma, session.shop)).keys());
  const submission = parseWithZod(form, { schema: kitFormOf(providerSkus), disableAutoCoercion: true });
  if (submission.status !== "success")
    return json<Answer>(
      { ok: false, message: `The kit ${row.sku} was not saved: correct the components shown.`, result: submission.reply() },
      { status: 400 },
    );
  await saveKit(prisma, session.shop, row.sku, submission.value);
  return json<Answer>({
    ok: true,
    message: `Kit ${row.sku} saved. New orders of it are sent as these components, and the next stock sync gives it what they make.`,
  });
}

/** The components' form, a new one (conform's too) on Discard and once what is stored changed. */
function KitComponents(props: {
  formId: string;
  components: { sku: string; quantity: number }[];
  providerSkus: string[];
  answer: Answer | undefined;
  saving: boolean;
  onDiscard: () => void;
}) {
  const schema = useMemo(() => kitFormOf(new Set(props.providerSkus)), [props.providerSkus]);
  const [form] = useForm({
    id: props.formId,
    lastResult: props.answer && !props.answer.ok ? props.answer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];
  // A new kit starts with one row to fill in.
  const initial =
    props.components.length === 0
      ? [{ sku: "", quantity: "" }]
      : props.components.map((component) => ({ sku: component.sku, quantity: String(component.quantity) }));
  return (
    <SaveBarForm id={form.id} onSubmit={form.onSubmit} saving={props.saving} onDiscard={props.onDiscard}>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Components
          </Text>
          <Text as="p" tone="subdued">
            What the warehouse picks for one kit: each of the provider&apos;s SKUs and how many of it. An order of 2 kits is sent as twice
            these.
          </Text>
          <RowsInput
            prefix="components"
            columns={[
              { key: "sku", label: "Provider SKU", placeholder: "e.g. MUG-CER-350-WHT" },
              { key: "quantity", label: "Units per kit", placeholder: "e.g. 1" },
            ]}
            initial={initial}
            errorOf={errorOf}
            addLabel="Add a component"
          />
          {errorOf("components") && <InlineError message={errorOf("components") ?? ""} fieldID="components" />}
        </BlockStack>
      </Card>
    </SaveBarForm>
  );
}

export default function KitPage() {
  const { sku, title, components, providerSkus } = useLoaderData<typeof loader>();
  const latest = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { search } = useLocation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const removing = busy && navigation.formData?.get("intent") === "remove";
  const { generation, answer, discard } = useDiscard(latest);
  // What is stored changing (saved, removed) mounts the form again from it.
  const stored = components.map((component) => `${component.quantity}×${component.sku}`).join(",");

  return (
    <Page
      title={`Kit ${sku}`}
      subtitle={title}
      backAction={{
        content: `SKU ${sku}`,
        url: `/app/products/${encodeURIComponent(sku)}${productsListQuery(new URLSearchParams(search))}`,
      }}
      secondaryActions={
        components.length > 0
          ? [
              {
                content: "Remove the kit mapping",
                destructive: true,
                loading: removing,
                disabled: busy,
                onAction: () => submit([["intent", "remove"]], { method: "post" }),
              },
            ]
          : []
      }
    >
      <BlockStack gap="400">
        {busy ? (
          <Banner tone="info" title={removing ? `Removing the kit mapping of ${sku}…` : `Saving kit ${sku}…`} />
        ) : (
          answer && <Banner tone={answer.ok ? "success" : "critical"} title={answer.message} />
        )}
        <Layout>
          <Layout.Section>
            <KitComponents
              key={`${generation}-${stored}`}
              formId={`kit-${generation}`}
              components={components}
              providerSkus={providerSkus}
              answer={answer}
              saving={busy && !removing}
              onDiscard={discard}
            />
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  How a kit ships and sells
                </Text>
                <Text as="p">
                  Orders of it are sent to the warehouse as its components; the fulfilment in Shopify is the kit&apos;s line.
                </Text>
                <Text as="p">
                  Its stock at each warehouse is what its components make there. A component several kits use is shared evenly among them,
                  so no unit is sold twice by two kits.
                </Text>
                <Text as="p" tone="subdued">
                  {components.length === 0
                    ? "Not a kit yet: it is sent and stocked as its own SKU."
                    : "Drop-ship parcels you pack yourself carry the kit as sold."}
                </Text>
              </BlockStack>
            </Card>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
