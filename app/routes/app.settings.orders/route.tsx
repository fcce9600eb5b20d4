// Settings > Orders and after sending: which orders wait for the merchant, and what happens once a package is sent.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { CheckboxInput, SelectInput, TextInput } from "~/components/form-inputs";
import type { ShippableTerms } from "~/connector/payment-terms";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { AfterSendingSettings } from "~/stores/shops/shop-settings";
import { useFormat, useWords } from "~/components/locale";
import { Section, SectionPage } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";

/** The kinds of payment terms Shopify gives B2B companies, in the order its admin lists them. */
const PAYMENT_TERMS = ["FULFILLMENT", "NET", "FIXED", "RECEIPT"] as const satisfies readonly ShippableTerms[];

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return saveSection("orders", session.shop, await request.formData(), wordsFor(localeOf(request)));
}

export default function OrderSettings() {
  const { form } = useLoaderData<typeof loader>();
  const words = useWords().settingsOrders;
  const format = useFormat();
  const noNews = AfterSendingSettings.shape.noNewsDays.unwrap();
  return (
    <SectionPage section="orders" title={words.title} subtitle={words.subtitle}>
      {({ errorOf }) => (
        <>
          <Section title={words.waitTitle} description={words.waitDescription}>
            <Card>
              <BlockStack gap="300">
                <CheckboxInput
                  name="orders.shipUnpaid"
                  label={words.shipUnpaid}
                  initial={form.orders.shipUnpaid}
                  helpText={words.shipUnpaidHelp}
                />
                <CheckboxInput name="orders.shipHighRisk" label={words.shipHighRisk} initial={form.orders.shipHighRisk} />
                <SelectInput
                  name="pushPolicy"
                  label={words.newShipments}
                  initial={form.pushPolicy}
                  error={errorOf("pushPolicy")}
                  helpText={words.newShipmentsHelp}
                  options={[
                    { label: words.pushPolicies.autoPush, value: "autoPush" },
                    { label: words.pushPolicies.holdForReview, value: "holdForReview" },
                  ]}
                />
              </BlockStack>
            </Card>
          </Section>
          <Section title={words.termsTitle} description={words.termsDescription}>
            <Card>
              <BlockStack gap="300">
                {PAYMENT_TERMS.map((terms) => (
                  <CheckboxInput
                    key={terms}
                    name={`orders.shipOnTerms.${terms}`}
                    label={words.terms[terms].label}
                    initial={form.orders.shipOnTerms[terms]}
                    helpText={words.terms[terms].helpText}
                  />
                ))}
              </BlockStack>
            </Card>
          </Section>
          <Section title={words.codTitle} description={words.codDescription}>
            <Card>
              <TextInput
                name="codGatewayNames"
                label={words.codNames}
                initial={form.codGatewayNames}
                multiline={3}
                error={errorOf("codGatewayNames")}
              />
            </Card>
          </Section>
          <Section title={words.afterTitle} description={words.afterDescription}>
            <Card>
              <BlockStack gap="300">
                <SelectInput
                  name="afterSending.failedPackages"
                  label={words.failedPackages}
                  initial={form.afterSending.failedPackages}
                  error={errorOf("afterSending.failedPackages")}
                  options={[
                    { label: words.failedPackageChoices.hold, value: "hold" },
                    { label: words.failedPackageChoices.handBack, value: "handBack" },
                  ]}
                />
                <Text as="p" tone="subdued">
                  {words.handBackExplained}
                </Text>
                <TextInput
                  name="afterSending.noNewsDays"
                  label={words.noNewsDays}
                  initial={form.afterSending.noNewsDays}
                  helpText={words.noNewsDaysHelp(format.number(noNews.minValue ?? 1), format.number(noNews.maxValue ?? 365))}
                  error={errorOf("afterSending.noNewsDays")}
                />
              </BlockStack>
            </Card>
          </Section>
        </>
      )}
    </SectionPage>
  );
}
