// Settings > Customs and tax numbers: what a customs declaration says when a product does not, and the shop's tax numbers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card } from "@shopify/polaris";
import { SelectInput, TextInput } from "~/components/form-inputs";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { useWords } from "~/components/locale";
import { Section, SectionPage } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return saveSection("customs", session.shop, await request.formData(), wordsFor(localeOf(request)));
}

export default function CustomsSettings() {
  const { form } = useLoaderData<typeof loader>();
  const words = useWords().settingsCustoms;
  return (
    <SectionPage section="customs" title={words.title} subtitle={words.subtitle}>
      {({ errorOf }) => (
        <>
          <Section title={words.customsTitle} description={words.customsDescription}>
            <Card>
              <BlockStack gap="300">
                <TextInput
                  name="customs.declareNameEn"
                  label={words.declareName}
                  initial={form.customs.declareNameEn}
                  placeholder={words.declareNamePlaceholder}
                  helpText={words.declareNameHelp}
                  error={errorOf("customs.declareNameEn")}
                />
                <TextInput
                  name="customs.hsCode"
                  label={words.hsCode}
                  initial={form.customs.hsCode}
                  placeholder={words.hsCodePlaceholder}
                  helpText={words.hsCodeHelp}
                  error={errorOf("customs.hsCode")}
                />
                <SelectInput
                  name="customs.declaredValueCurrency"
                  label={words.currency}
                  initial={form.customs.declaredValueCurrency}
                  error={errorOf("customs.declaredValueCurrency")}
                  options={[
                    { label: words.currencies.PRESENTMENT, value: "PRESENTMENT" },
                    { label: words.currencies.SHOP, value: "SHOP" },
                  ]}
                />
              </BlockStack>
            </Card>
          </Section>
          <Section title={words.taxTitle} description={words.taxDescription}>
            <Card>
              <BlockStack gap="300">
                <TextInput
                  name="taxIds.ioss"
                  label={words.ioss}
                  initial={form.taxIds.ioss}
                  placeholder={words.iossPlaceholder}
                  error={errorOf("taxIds.ioss")}
                />
                <TextInput
                  name="taxIds.euVatNumber"
                  label={words.euVatNumber}
                  initial={form.taxIds.euVatNumber}
                  placeholder={words.euVatNumberPlaceholder}
                  error={errorOf("taxIds.euVatNumber")}
                />
                <TextInput
                  name="taxIds.ukVatNumber"
                  label={words.ukVatNumber}
                  initial={form.taxIds.ukVatNumber}
                  placeholder={words.ukVatNumberPlaceholder}
                  error={errorOf("taxIds.ukVatNumber")}
                />
              </BlockStack>
            </Card>
          </Section>
        </>
      )}
    </SectionPage>
  );
}
