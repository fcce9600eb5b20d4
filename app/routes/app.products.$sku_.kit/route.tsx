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
import { useWords } from "~/components/locale";
import prisma from "~/db.server";
import { localeOf } from "~/lib/locale";
import { wordsFor, type Words } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { kitOf, saveKit } from "~/stores/catalogue/kits.server";
import { providerSkusOf } from "~/stores/catalogue/provider-skus.server";
import { productsListQuery } from "../app.products._index/list-query";
import { productRowOfSku } from "../app.products._index/products.server";
import { kitFormOf } from "./kit-form";

const notFound = (words: Words) => new Response(words.skuPage.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const row = await productRowOfSku(prisma, session.shop, params.sku ?? "");
  if (row === null || row.sku === null) throw notFound(wordsFor(localeOf(request)));
  const [components, providerSkus] = await Promise.all([kitOf(prisma, session.shop, row.sku), providerSkusOf(prisma, session.shop)]);
  return { sku: row.sku, title: row.title, components, providerSkus: [...providerSkus.keys()].sort() };
}

type Answer = { ok: true; message: string } | { ok: false; message: string; result?: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const words = wordsFor(localeOf(request));
  const says = words.kitPage;
  const row = await productRowOfSku(prisma, session.shop, params.sku ?? "");
  if (row === null || row.sku === null) throw notFound(words);
  const form = await request.formData();
  if (form.get("intent") === "remove") {
    await saveKit(prisma, session.shop, row.sku, []);
    return json<Answer>({ ok: true, message: says.removed(row.sku) });
  }
  const providerSkus = new Set((await providerSkusOf(prisma, session.shop)).keys());
  const submission = parseWithZod(form, { schema: kitFormOf(providerSkus, words), disableAutoCoercion: true });
  if (submission.status !== "success")
    return json<Answer>({ ok: false, message: says.notSaved(row.sku), result: submission.reply() }, { status: 400 });
  await saveKit(prisma, session.shop, row.sku, submission.value);
  return json<Answer>({ ok: true, message: says.saved(row.sku) });
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
  const allWords = useWords();
  const words = allWords.kitPage;
  const schema = useMemo(() => kitFormOf(new Set(props.providerSkus), allWords), [props.providerSkus, allWords]);
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
            {words.components}
          </Text>
          <Text as="p" tone="subdued">
            {words.componentsHelp}
          </Text>
          <RowsInput
            prefix="components"
            columns={[
              { key: "sku", label: words.providerSku, placeholder: words.providerSkuExample },
              { key: "quantity", label: words.unitsPerKit, placeholder: words.unitsExample },
            ]}
            initial={initial}
            errorOf={errorOf}
            addLabel={words.addComponent}
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
  const words = useWords().kitPage;
  // What is stored changing (saved, removed) mounts the form again from it.
  const stored = components.map((component) => `${component.quantity}×${component.sku}`).join(",");

  return (
    <Page
      title={words.title(sku)}
      subtitle={title}
      backAction={{
        content: words.backToSku(sku),
        url: `/app/products/${encodeURIComponent(sku)}${productsListQuery(new URLSearchParams(search))}`,
      }}
      secondaryActions={
        components.length > 0
          ? [
              {
                content: words.removeMapping,
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
          <Banner tone="info" title={removing ? words.removing(sku) : words.saving(sku)} />
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
                  {words.howItShips}
                </Text>
                <Text as="p">{words.shipsAs}</Text>
                <Text as="p">{words.stockedAs}</Text>
                <Text as="p" tone="subdued">
                  {components.length === 0 ? words.notAKitYet : words.dropShipAsSold}
                </Text>
              </BlockStack>
            </Card>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
