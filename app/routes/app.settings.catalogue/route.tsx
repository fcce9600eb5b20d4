// Settings > Catalogue and stock: what applies to every SKU, and how often the stock sync runs.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, FormLayout, Text } from "@shopify/polaris";
import { CheckboxInput, FieldGroupTitle, SelectInput, TextInput } from "~/components/form-inputs";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { Section, SectionPage } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return saveSection("catalogue", session.shop, await request.formData(), wordsFor(localeOf(request)));
}

export default function CatalogueSettings() {
  const { form } = useLoaderData<typeof loader>();
  return (
    <SectionPage
      section="catalogue"
      title="Catalogue and stock"
      subtitle="Each SKU's provider SKU, customs data and size are set on the Products page; these apply to every SKU."
    >
      {({ errorOf }) => (
        <>
          <Section title="SKUs" description="What the provider is told of a SKU whose own entry on the Products page does not say it.">
            <Card>
              <BlockStack gap="300">
                <CheckboxInput
                  name="skus.strict"
                  label="Only ship SKUs mapped on the Products page"
                  helpText="Any other SKU is held until you map it."
                  initial={form.skus.strict}
                />
                <FieldGroupTitle>When a SKU&apos;s own entry does not say</FieldGroupTitle>
                <FormLayout.Group condensed>
                  <TextInput
                    name="skuDefaults.lengthCm"
                    label="Default length (cm)"
                    initial={form.skuDefaults.lengthCm}
                    placeholder="e.g. 20"
                    error={errorOf("skuDefaults.lengthCm")}
                  />
                  <TextInput
                    name="skuDefaults.widthCm"
                    label="Default width (cm)"
                    initial={form.skuDefaults.widthCm}
                    placeholder="e.g. 15"
                    error={errorOf("skuDefaults.widthCm")}
                  />
                  <TextInput
                    name="skuDefaults.heightCm"
                    label="Default height (cm)"
                    initial={form.skuDefaults.heightCm}
                    placeholder="e.g. 10"
                    error={errorOf("skuDefaults.heightCm")}
                  />
                </FormLayout.Group>
                <Text as="p" tone="subdued">
                  The provider needs every SKU&apos;s size, and Shopify keeps none: without a default here, each SKU needs its own.
                </Text>
                <SelectInput
                  name="skuDefaults.declaredValueFrom"
                  label="Declared value of a unit"
                  initial={form.skuDefaults.declaredValueFrom}
                  error={errorOf("skuDefaults.declaredValueFrom")}
                  options={[
                    { label: "The variant's price", value: "PRICE" },
                    { label: "The variant's cost (Shopify's cost per item)", value: "COST" },
                  ]}
                />
              </BlockStack>
            </Card>
          </Section>
          <Section
            title="Stock"
            description="The provider's stock in each warehouse becomes the quantity Shopify sells at that warehouse's location: on this schedule, when you ask on the Stock page, and after anything that changes it."
          >
            <Card>
              <BlockStack gap="300">
                <CheckboxInput name="stockSync.enabled" label="Sync stock on a schedule" initial={form.stockSync.enabled} />
                <TextInput
                  name="stockSync.intervalMinutes"
                  label="Sync every (minutes)"
                  initial={form.stockSync.intervalMinutes}
                  helpText="5 to 1440."
                  error={errorOf("stockSync.intervalMinutes")}
                />
              </BlockStack>
            </Card>
          </Section>
        </>
      )}
    </SectionPage>
  );
}
