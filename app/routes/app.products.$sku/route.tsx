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
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { saveSkuEntry } from "~/stores/shops/shop.server";
import { productsListQuery } from "../app.products._index/list-query";
import { StateBadge, whatToKnow } from "../app.products._index/product-state";
import { productRowOfSku, type ProductRow } from "../app.products._index/products.server";
import { SkuEntryFields } from "./sku-entry-fields";
import { entryOf, SkuEntryForm } from "./sku-entry-form";

const notFound = () => new Response("No variant of this shop has that SKU", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const row = await productRowOfSku(prisma, session.shop, params.sku ?? "");
  if (row === null) throw notFound();
  return { row };
}

type Answer = { ok: true; message: string } | { ok: false; message: string; result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const sku = params.sku ?? "";
  if ((await productRowOfSku(prisma, session.shop, sku)) === null) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: SkuEntryForm, disableAutoCoercion: true });
  if (submission.status !== "success")
    return json<Answer>(
      { ok: false, message: `SKU ${sku} was not saved: correct the fields shown.`, result: submission.reply() },
      { status: 400 },
    );
  await saveSkuEntry(prisma, session.shop, sku, entryOf(submission.value));
  return json<Answer>({ ok: true, message: `SKU ${sku} saved. Its registration and shipments use it from now on.` });
}

/** The entry's form, a new one (conform's too) on Discard: a conform id changing under a mounted form resets its fields. */
function SkuEntry(props: { generation: number; row: ProductRow; answer: Answer | undefined; saving: boolean; onDiscard: () => void }) {
  const { answer } = props;
  const formRef = useRef<SaveBarFormHandle>(null);
  const [form] = useForm({
    id: `sku-entry-${props.generation}`,
    lastResult: answer && !answer.ok ? answer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SkuEntryForm, disableAutoCoercion: true }),
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
          What you enter here is used before Shopify&apos;s data and the shop&apos;s defaults when the SKU is registered and shipped. Leave
          a field empty to use those.
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

  // What keeps the SKU back as it stands now (the last attempt's refusal is said apart, below).
  const lines = whatToKnow({ ...row, lastFailure: null });
  return (
    <Page
      title={`SKU ${row.sku ?? ""}`}
      subtitle={row.title}
      titleMetadata={<StateBadge row={row} />}
      backAction={{ content: "Products", url: `/app/products${productsListQuery(new URLSearchParams(search))}` }}
    >
      <BlockStack gap="400">
        {/* On the click a banner takes the answer's place at once, so the answer, however late, replaces it in place. */}
        {saving ? (
          <Banner tone="info" title={`Saving SKU ${row.sku ?? ""}…`} />
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
                    With the provider
                  </Text>
                  {lines.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {row.state === "NOT_REGISTERED"
                        ? "Nothing keeps it back: register it from Products."
                        : "Registered as your store sells it."}
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
                      {`The last registration attempt was refused: ${row.lastFailure}`}
                    </Text>
                  )}
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    Kit
                  </Text>
                  <Text as="p" tone="subdued">
                    {row.kit === null
                      ? "When the warehouse picks this variant as several of the provider's SKUs (a gift set, a multipack), set up its components."
                      : `Picked as ${row.kit.map((component) => `${component.quantity} × ${component.sku}`).join(", ")}.`}
                  </Text>
                  <InlineStack>
                    <Button url={`/app/products/${encodeURIComponent(row.sku ?? "")}/kit${search}`}>
                      {row.kit === null ? "Set up as a kit" : "Edit the kit"}
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
