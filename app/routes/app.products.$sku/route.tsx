/**
 * A SKU's entry (provider SKU, customs data, size) on its own page, as Shopify's admin has a page per
 * variant: checked as the merchant types with the schema the server checks it with again, saved from
 * the contextual save bar; beside it, what still keeps the SKU from being registered, as it stands
 * after the last save.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, Card, InlineStack, Layout, List, Page, Text } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { SaveBarForm, useDiscard, type SaveBarFormHandle } from "~/components/save-bar-form";
import { useFormat, useWords } from "~/components/locale";
import prisma from "~/db.server";
import { localeOf } from "~/lib/locale";
import { wordsFor, type Words } from "~/lib/words";
import { partsIn } from "~/lib/words/parts-said";
import { authenticate } from "~/shopify.server";
import { saveSkuEntryAndRestate } from "~/stores/catalogue/product-states.server";
import { productsListQuery } from "../app.products._index/list-query";
import { pickedAs, StateBadge, whatToKnow } from "../app.products._index/product-state";
import { productRowOfSku, type ProductRow } from "../app.products._index/products.server";
import { SkuEntryFields } from "./sku-entry-fields";
import { entryOf, skuEntryFormIn } from "./sku-entry-form";

const notFound = (words: Words) => new Response(words.skuPage.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const row = await productRowOfSku(prisma, session.shop, params.sku ?? "");
  if (row === null) throw notFound(wordsFor(localeOf(request)));
  return { row };
}

type Answer = { ok: true; message: string } | { ok: false; message: string; result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const sku = params.sku ?? "";
  const words = wordsFor(localeOf(request));
  if ((await productRowOfSku(prisma, session.shop, sku)) === null) throw notFound(words);
  const submission = parseWithZod(await request.formData(), { schema: skuEntryFormIn(words), disableAutoCoercion: true });
  if (submission.status !== "success")
    return json<Answer>({ ok: false, message: words.skuPage.notSaved(sku), result: submission.reply() }, { status: 400 });
  await saveSkuEntryAndRestate(prisma, session.shop, sku, entryOf(submission.value));
  return json<Answer>({ ok: true, message: words.skuPage.saved(sku) });
}

/** The entry's form, a new one (conform's too) on Discard: a conform id changing under a mounted form resets its fields. */
function SkuEntry(props: { generation: number; row: ProductRow; answer: Answer | undefined; saving: boolean; onDiscard: () => void }) {
  const { answer } = props;
  const formRef = useRef<SaveBarFormHandle>(null);
  const words = useWords();
  const schema = skuEntryFormIn(words);
  const [form] = useForm({
    id: `sku-entry-${props.generation}`,
    lastResult: answer && !answer.ok ? answer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];

  // Saved: what the page shows now is what is stored, so nothing is left to save.
  useEffect(() => {
    if (answer?.ok && !props.saving) formRef.current?.markSaved();
  }, [answer, props.saving]);

  return (
    <SaveBarForm ref={formRef} id={form.id} onSubmit={form.onSubmit} saving={props.saving} onDiscard={props.onDiscard}>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {words.skuPage.intro}
        </Text>
        <SkuEntryFields row={props.row} errorOf={errorOf} />
      </BlockStack>
    </SaveBarForm>
  );
}

export default function SkuEntryPage() {
  const { row } = useLoaderData<typeof loader>();
  const latest = useActionData<typeof action>();
  const navigation = useNavigation();
  // The list's tab, search and page came along in the link: the back link returns to them.
  const { search } = useLocation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const { generation, answer, discard } = useDiscard(latest);
  const allWords = useWords();
  const words = allWords.skuPage;
  const format = useFormat();

  // What keeps the SKU back as it stands now (the last attempt's refusal is said apart, below).
  const lines = whatToKnow({ ...row, lastFailure: null }, allWords, format.number);
  return (
    <Page
      title={words.title(row.sku ?? "")}
      subtitle={row.title}
      titleMetadata={<StateBadge row={row} />}
      backAction={{ content: words.products, url: `/app/products${productsListQuery(new URLSearchParams(search))}` }}
    >
      <BlockStack gap="400">
        {/* On the click a banner takes the answer's place at once, so the answer, however late, replaces it in place. */}
        {saving ? (
          <Banner tone="info" title={words.saving(row.sku ?? "")} />
        ) : (
          answer && <Banner tone={answer.ok ? "success" : "critical"} title={answer.message} />
        )}
        <Layout>
          <Layout.Section>
            <SkuEntry key={generation} generation={generation} row={row} answer={answer} saving={saving} onDiscard={discard} />
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {words.withProvider}
                  </Text>
                  {lines.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {row.state === "NOT_REGISTERED" ? words.nothingKeepsItBack : words.registeredAsSold}
                    </Text>
                  ) : (
                    <List>
                      {lines.map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List>
                  )}
                  {/* What the last attempt was refused for may be what was fixed since: said apart, as what happened then. */}
                  {row.state === "NOT_REGISTERED" && row.lastFailure && (
                    <Text as="p" tone="subdued">
                      {words.lastRefused(partsIn(allWords, row.lastFailure))}
                    </Text>
                  )}
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {words.kit}
                  </Text>
                  <Text as="p" tone="subdued">
                    {row.kit === null ? words.kitHelp : pickedAs(row.kit, allWords, format.number)}
                  </Text>
                  <InlineStack>
                    <Button url={`/app/products/${encodeURIComponent(row.sku ?? "")}/kit${search}`}>
                      {row.kit === null ? words.setUpKit : words.editKit}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Card>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
