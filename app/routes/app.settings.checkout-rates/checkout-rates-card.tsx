/**
 * Settings > Checkout rates: whether checkout offers the provider's prices (the app's carrier
 * service in Shopify), what Shopify said when it refused, and the flat rates answered when the
 * provider's prices cannot be had in time, saved from the admin's save bar. Its own form: saving it leaves the other settings alone.
 */
import { Form } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { FieldGroupTitle, RowsInput, TextInput } from "~/components/form-inputs";
import { SaveBarForm, type SaveBarFormHandle } from "~/components/save-bar-form";
import { checkoutRatesFieldLabel, FLAT_RATE_COLUMNS } from "./checkout-rates-form";

export interface CheckoutRatesView {
  enabled: boolean;
  carrierServiceId: string | null;
  problem: string | null;
  flatRates: { serviceName: string; amount: number; currency: string }[];
  cacheMinutes: number;
  callbackUrl: string;
}

/** The answer to one of this section's buttons. */
export interface CheckoutRatesAnswer {
  intent?: string;
  ok: boolean;
  message: string;
  errors: { field: string; message: string }[];
}

export const CHECKOUT_RATES_INTENTS = ["checkoutRatesOn", "checkoutRatesOff", "checkoutRatesSave"] as const;

/** Shown from the click until the answer takes its place (so the answer moves nothing below it). */
const PENDING: Record<string, string> = {
  checkoutRatesOn: "Turning on checkout rates…",
  checkoutRatesOff: "Turning off checkout rates…",
  checkoutRatesSave: "Saving the checkout rates…",
};

export function CheckoutRatesCard({
  view,
  answer,
  pendingIntent,
}: {
  view: CheckoutRatesView;
  answer: CheckoutRatesAnswer | null;
  pendingIntent: string | null;
}) {
  const errors = new Map((answer?.errors ?? []).map((error) => [error.field, error.message]));
  const errorOf = (field: string) => errors.get(field);
  const registered = view.enabled && view.carrierServiceId !== null;
  const flatRatesForm = useRef<SaveBarFormHandle>(null);
  // Discard puts the flat rates back by mounting them again from what was loaded.
  const [generation, setGeneration] = useState(0);
  const saved = answer?.ok === true && answer.intent === "checkoutRatesSave" && pendingIntent === null;
  useEffect(() => {
    if (saved) flatRatesForm.current?.markSaved();
  }, [saved, answer]);
  const pending = pendingIntent === null ? undefined : PENDING[pendingIntent];
  return (
    <div id="checkout-rates-settings">
      <BlockStack gap="400">
        {pending ? <Banner tone="info" title={pending} /> : answer && <AnswerBanner answer={answer} problem={view.problem} />}
        <Card>
          <Form method="post">
            <input type="hidden" name="intent" value={registered ? "checkoutRatesOff" : "checkoutRatesOn"} />
            <BlockStack gap="300">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  Rates at checkout
                </Text>
                {registered ? (
                  <Badge tone="success">On</Badge>
                ) : view.problem ? (
                  <Badge tone="critical">Refused by Shopify</Badge>
                ) : (
                  <Badge>Off</Badge>
                )}
              </InlineStack>
              {registered ? (
                <Text as="p">
                  Checkout offers the provider&apos;s prices for the customer&apos;s cart, from the warehouse Settings &gt; Warehouses and
                  routing picks for the destination. Shopify asks{" "}
                  <Text as="span" fontWeight="semibold">
                    {view.callbackUrl}
                  </Text>
                  .
                </Text>
              ) : (
                <Text as="p">Off: checkout shows only the rates set in Shopify&apos;s Settings &gt; Shipping and delivery.</Text>
              )}
              {!registered && view.problem && (
                <Banner tone="warning" title="Shopify would not add the app's rates to checkout">
                  <p>{view.problem}</p>
                </Banner>
              )}
              <InlineStack>
                {registered ? (
                  <Button submit tone="critical" loading={pendingIntent === "checkoutRatesOff"}>
                    Turn off checkout rates
                  </Button>
                ) : (
                  <Button submit variant="primary" loading={pendingIntent === "checkoutRatesOn"}>
                    Turn on checkout rates
                  </Button>
                )}
              </InlineStack>
            </BlockStack>
          </Form>
        </Card>
        <Card>
          <SaveBarForm
            key={generation}
            ref={flatRatesForm}
            id="checkout-rates-flat-rates"
            saving={pendingIntent === "checkoutRatesSave"}
            onDiscard={() => setGeneration((g) => g + 1)}
          >
            <input type="hidden" name="intent" value="checkoutRatesSave" />
            <BlockStack gap="300">
              <FieldGroupTitle>Flat rates</FieldGroupTitle>
              <Text as="p" tone="subdued">
                Offered instead of the provider&apos;s prices when it does not answer within 2 seconds, is down, or does not know a SKU of
                the cart. With none, checkout then shows no rates from the app.
              </Text>
              {errorOf("flatRates") && (
                <Text as="p" tone="critical">
                  {errorOf("flatRates")}
                </Text>
              )}
              <RowsInput
                prefix="flatRates"
                columns={FLAT_RATE_COLUMNS}
                initial={view.flatRates.map((rate) => ({
                  serviceName: rate.serviceName,
                  amount: rate.amount.toFixed(2),
                  currency: rate.currency,
                }))}
                errorOf={errorOf}
                addLabel="Add a flat rate"
              />
              <TextInput
                name="cacheMinutes"
                label="Reuse a price for the same cart and destination for (minutes)"
                initial={String(view.cacheMinutes)}
                helpText="1 to 60. Checkout answers at once from memory in that time, without asking the provider again."
                error={errorOf("cacheMinutes")}
              />
            </BlockStack>
          </SaveBarForm>
        </Card>
      </BlockStack>
    </div>
  );
}

function AnswerBanner({ answer, problem }: { answer: CheckoutRatesAnswer; problem: string | null }) {
  if (answer.ok) return <Banner tone="success" title={answer.message} />;
  if (answer.errors.length === 0) {
    // Shopify's refusal is shown with the section's state below; said once.
    return answer.message === problem ? (
      <Banner tone="critical" title="Checkout rates could not be turned on." />
    ) : (
      <Banner tone="critical" title="Checkout rates could not be turned on.">
        <p>{answer.message}</p>
      </Banner>
    );
  }
  return (
    <Banner tone="critical" title="The checkout rates were not saved: correct the fields below.">
      <ul>
        {answer.errors.map((error) => (
          <li key={error.field}>
            {checkoutRatesFieldLabel(error.field)} {error.message}
          </li>
        ))}
      </ul>
    </Banner>
  );
}
