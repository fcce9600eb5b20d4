// Settings > Customs and tax numbers: what a customs declaration says when a product does not, and the shop's tax numbers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card } from "@shopify/polaris";
import { SelectInput, TextInput } from "~/components/form-inputs";
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
  return saveSection("customs", session.shop, await request.formData(), wordsFor(localeOf(request)));
}

export default function CustomsSettings() {
  const { form } = useLoaderData<typeof loader>();
  return (
    <SectionPage
      section="customs"
      title="Customs and tax numbers"
      subtitle="What a customs declaration says when a product does not say it itself."
    >
      {({ errorOf }) => (
        <>
          <Section
            title="Customs"
            description="Used for a product whose own data cannot be: its title in characters customs do not take, or no HS code."
          >
            <Card>
              <BlockStack gap="300">
                <TextInput
                  name="customs.declareNameEn"
                  label="Default customs name"
                  initial={form.customs.declareNameEn}
                  placeholder="e.g. Home goods"
                  helpText="English letters, digits, spaces and _ - ( ) ' & , |."
                  error={errorOf("customs.declareNameEn")}
                />
                <TextInput
                  name="customs.hsCode"
                  label="Default HS code"
                  initial={form.customs.hsCode}
                  placeholder="e.g. 691200"
                  helpText="6 to 50 digits."
                  error={errorOf("customs.hsCode")}
                />
                <SelectInput
                  name="customs.declaredValueCurrency"
                  label="Declared value currency"
                  initial={form.customs.declaredValueCurrency}
                  error={errorOf("customs.declaredValueCurrency")}
                  options={[
                    { label: "What the customer paid, in their currency", value: "PRESENTMENT" },
                    { label: "The shop's currency", value: "SHOP" },
                  ]}
                />
              </BlockStack>
            </Card>
          </Section>
          <Section
            title="Tax numbers"
            description="Sent with the parcels that need them: IOSS for EU parcels of up to €150, the VAT numbers for the EU and the UK."
          >
            <Card>
              <BlockStack gap="300">
                <TextInput
                  name="taxIds.ioss"
                  label="IOSS number"
                  initial={form.taxIds.ioss}
                  placeholder="e.g. IM1234567890"
                  error={errorOf("taxIds.ioss")}
                />
                <TextInput
                  name="taxIds.euVatNumber"
                  label="EU VAT number"
                  initial={form.taxIds.euVatNumber}
                  placeholder="e.g. DE123456789"
                  error={errorOf("taxIds.euVatNumber")}
                />
                <TextInput
                  name="taxIds.ukVatNumber"
                  label="UK VAT number"
                  initial={form.taxIds.ukVatNumber}
                  placeholder="e.g. GB123456789"
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
