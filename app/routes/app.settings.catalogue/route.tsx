// Settings > Catalogue and stock: what applies to every SKU, and how often the stock sync runs.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, FormLayout, Text } from "@shopify/polaris";
import { CheckboxInput, FieldGroupTitle, SelectInput, TextInput } from "~/components/form-inputs";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { StockSyncSettings } from "~/stores/shops/shop-settings";
import { useFormat, useWords } from "~/components/locale";
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
  const words = useWords().settingsCatalogue;
  const format = useFormat();
  const interval = StockSyncSettings.shape.intervalMinutes.unwrap();
  return (
    <SectionPage section="catalogue" title={words.title} subtitle={words.subtitle}>
      {({ errorOf }) => (
        <>
          <Section title={words.skusTitle} description={words.skusDescription}>
            <Card>
              <BlockStack gap="300">
                <CheckboxInput name="skus.strict" label={words.strict} helpText={words.strictHelp} initial={form.skus.strict} />
                <FieldGroupTitle>{words.defaultsTitle}</FieldGroupTitle>
                <FormLayout.Group condensed>
                  <TextInput
                    name="skuDefaults.lengthCm"
                    label={words.lengthCm}
                    initial={form.skuDefaults.lengthCm}
                    placeholder={words.example(format.number(20))}
                    error={errorOf("skuDefaults.lengthCm")}
                  />
                  <TextInput
                    name="skuDefaults.widthCm"
                    label={words.widthCm}
                    initial={form.skuDefaults.widthCm}
                    placeholder={words.example(format.number(15))}
                    error={errorOf("skuDefaults.widthCm")}
                  />
                  <TextInput
                    name="skuDefaults.heightCm"
                    label={words.heightCm}
                    initial={form.skuDefaults.heightCm}
                    placeholder={words.example(format.number(10))}
                    error={errorOf("skuDefaults.heightCm")}
                  />
                </FormLayout.Group>
                <Text as="p" tone="subdued">
                  {words.sizeExplained}
                </Text>
                <SelectInput
                  name="skuDefaults.declaredValueFrom"
                  label={words.declaredValueFrom}
                  initial={form.skuDefaults.declaredValueFrom}
                  error={errorOf("skuDefaults.declaredValueFrom")}
                  options={[
                    { label: words.declaredValueChoices.PRICE, value: "PRICE" },
                    { label: words.declaredValueChoices.COST, value: "COST" },
                  ]}
                />
              </BlockStack>
            </Card>
          </Section>
          <Section title={words.stockTitle} description={words.stockDescription}>
            <Card>
              <BlockStack gap="300">
                <CheckboxInput name="stockSync.enabled" label={words.stockSync} initial={form.stockSync.enabled} />
                <TextInput
                  name="stockSync.intervalMinutes"
                  label={words.intervalMinutes}
                  initial={form.stockSync.intervalMinutes}
                  helpText={words.intervalHelp(format.number(interval.minValue ?? 5), format.number(interval.maxValue ?? 1440))}
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
