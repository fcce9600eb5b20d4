// Settings > Orders and after sending: which orders wait for the merchant, and what happens once a package is sent.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { CheckboxInput, SelectInput, TextInput } from "~/components/form-inputs";
import type { ShippableTerms } from "~/connector/payment-terms";
import { authenticate } from "~/shopify.server";
import { Section, SectionPage } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";

/** One checkbox per kind of payment terms Shopify gives B2B companies, in the words of its admin. */
const PAYMENT_TERMS_CHOICES = [
  { terms: "FULFILLMENT", label: "Ship orders due on fulfillment", helpText: "Payment is due once the order is fulfilled." },
  { terms: "NET", label: "Ship orders on net terms", helpText: "Net 7 to Net 90: payment is due that many days after the invoice." },
  { terms: "FIXED", label: "Ship orders due on a fixed date", helpText: undefined },
  { terms: "RECEIPT", label: "Ship orders due on receipt", helpText: "Payment is due as soon as the invoice is received." },
] as const satisfies readonly { terms: ShippableTerms; label: string; helpText: string | undefined }[];

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return saveSection("orders", session.shop, await request.formData());
}

export default function OrderSettings() {
  const { form } = useLoaderData<typeof loader>();
  return (
    <SectionPage
      section="orders"
      title="Orders and after sending"
      subtitle="Which orders wait for you, and what happens once a package is sent."
    >
      {({ errorOf }) => (
        <>
          <Section
            title="Orders that wait"
            description="Orders Shopify has not marked paid, or rates high risk of fraud, wait in the app with the reason until that changes (paid, or you send them from the shipment's page). Company orders on payment terms follow the choices below. Holds and scheduled dates set in Shopify are always respected."
          >
            <Card>
              <BlockStack gap="300">
                <CheckboxInput
                  name="orders.shipUnpaid"
                  label="Ship orders that are not paid yet"
                  initial={form.orders.shipUnpaid}
                  helpText="Cash on delivery orders ship either way."
                />
                <CheckboxInput
                  name="orders.shipHighRisk"
                  label="Ship orders Shopify rates high risk of fraud"
                  initial={form.orders.shipHighRisk}
                />
                <SelectInput
                  name="pushPolicy"
                  label="New shipments"
                  initial={form.pushPolicy}
                  error={errorOf("pushPolicy")}
                  helpText="Held for review, each waits until someone sends it from the Shipments page."
                  options={[
                    { label: "Send at once", value: "autoPush" },
                    { label: "Hold for review", value: "holdForReview" },
                  ]}
                />
              </BlockStack>
            </Card>
          </Section>
          <Section
            title="Company orders on payment terms"
            description="Orders of your B2B companies on payment terms are not paid when placed. Those on the terms ticked here ship at once, and the invoice is paid as the terms say; the others wait like unpaid orders, saying which terms hold them."
          >
            <Card>
              <BlockStack gap="300">
                {PAYMENT_TERMS_CHOICES.map(({ terms, label, helpText }) => (
                  <CheckboxInput
                    key={terms}
                    name={`orders.shipOnTerms.${terms}`}
                    label={label}
                    initial={form.orders.shipOnTerms[terms]}
                    helpText={helpText}
                  />
                ))}
              </BlockStack>
            </Card>
          </Section>
          <Section
            title="Cash on delivery"
            description="Payment methods that mean the carrier collects the money, besides the usual names such as Cash on Delivery (COD)."
          >
            <Card>
              <TextInput
                name="codGatewayNames"
                label="Payment method names, one per line"
                initial={form.codGatewayNames}
                multiline={3}
                error={errorOf("codGatewayNames")}
              />
            </Card>
          </Section>
          <Section
            title="After sending"
            description="What happens to a package the provider cannot create, and how long a parcel nobody has news of is followed."
          >
            <Card>
              <BlockStack gap="300">
                <SelectInput
                  name="afterSending.failedPackages"
                  label="A package the provider cannot create"
                  initial={form.afterSending.failedPackages}
                  error={errorOf("afterSending.failedPackages")}
                  options={[
                    { label: "Keep it here, to fix and retry", value: "hold" },
                    { label: "Hand it back to Shopify, with the reason", value: "handBack" },
                  ]}
                />
                <Text as="p" tone="subdued">
                  Handed back, a warehouse order is closed as incomplete in Shopify, where you request fulfilment again, move it or refund
                  it. A drop-ship order stays at your location either way.
                </Text>
                <TextInput
                  name="afterSending.noNewsDays"
                  label="Stop following a parcel after (days without news)"
                  initial={form.afterSending.noNewsDays}
                  helpText="1 to 365. The shipment then shows in Needs attention, saying since when nothing was heard."
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
