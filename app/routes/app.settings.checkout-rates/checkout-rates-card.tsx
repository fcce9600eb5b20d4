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
import { CheckoutRatesSettings } from "~/stores/shops/shop-settings";
import { useFormat, useWords } from "~/components/locale";
import { checkoutRatesFieldLabel, flatRateColumns } from "./checkout-rates-form";

export interface CheckoutRatesView {
  enabled: boolean;
  carrierServiceId: string | null;
  problem: string | null;
  flatRates: { serviceName: string; amount: number; currency: string }[];
  cacheMinutes: number;
  callbackUrl: string;
  /** How long checkout waits for the provider's prices before the flat rates answer. */
  waitSeconds: number;
}

/** The answer to one of this section's buttons. */
export interface CheckoutRatesAnswer {
  intent?: string;
  ok: boolean;
  message: string;
  errors: { field: string; message: string }[];
}

/** The cache's bounds, as the stored setting keeps them. */
const minutes = CheckoutRatesSettings.shape.cacheMinutes.unwrap();

export const CHECKOUT_RATES_INTENTS = ["checkoutRatesOn", "checkoutRatesOff", "checkoutRatesSave"] as const;

export function CheckoutRatesCard({
  view,
  answer,
  pendingIntent,
}: {
  view: CheckoutRatesView;
  answer: CheckoutRatesAnswer | null;
  pendingIntent: string | null;
}) {
  const words = useWords().settingsCheckoutRates;
  const format = useFormat();
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
  // Shown from the click until the answer takes its place (so the answer moves nothing below it).
  const pending =
    pendingIntent !== null && pendingIntent in words.pending ? words.pending[pendingIntent as keyof typeof words.pending] : undefined;
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
                  {words.ratesAtCheckout}
                </Text>
                {registered ? (
                  <Badge tone="success">{words.on}</Badge>
                ) : view.problem ? (
                  <Badge tone="critical">{words.refusedByShopify}</Badge>
                ) : (
                  <Badge>{words.off}</Badge>
                )}
              </InlineStack>
              {registered ? (
                <Text as="p">
                  {words.offersPrices} {words.shopifyAsks.before}{" "}
                  <Text as="span" fontWeight="semibold" breakWord>
                    {view.callbackUrl}
                  </Text>
                  {words.shopifyAsks.after}
                </Text>
              ) : (
                <Text as="p">{words.offExplained}</Text>
              )}
              {!registered && view.problem && (
                <Banner tone="warning" title={words.refusedTitle}>
                  <p>{view.problem}</p>
                </Banner>
              )}
              <InlineStack>
                {registered ? (
                  <Button submit tone="critical" loading={pendingIntent === "checkoutRatesOff"}>
                    {words.turnOff}
                  </Button>
                ) : (
                  <Button submit variant="primary" loading={pendingIntent === "checkoutRatesOn"}>
                    {words.turnOn}
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
              <FieldGroupTitle>{words.flatRates}</FieldGroupTitle>
              <Text as="p" tone="subdued">
                {words.flatRatesExplained(format.number(view.waitSeconds))}
              </Text>
              {errorOf("flatRates") && (
                <Text as="p" tone="critical">
                  {errorOf("flatRates")}
                </Text>
              )}
              <RowsInput
                prefix="flatRates"
                columns={flatRateColumns(words)}
                initial={view.flatRates.map((rate) => ({
                  serviceName: rate.serviceName,
                  amount: rate.amount.toFixed(2),
                  currency: rate.currency,
                }))}
                errorOf={errorOf}
                addLabel={words.addFlatRate}
              />
              <TextInput
                name="cacheMinutes"
                label={words.cacheMinutes}
                initial={String(view.cacheMinutes)}
                helpText={words.cacheMinutesHelp(format.number(minutes.minValue ?? 1), format.number(minutes.maxValue ?? 60))}
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
  const words = useWords().settingsCheckoutRates;
  if (answer.ok) return <Banner tone="success" title={answer.message} />;
  if (answer.errors.length === 0) {
    // Shopify's refusal is shown with the section's state below; said once.
    return answer.message === problem ? (
      <Banner tone="critical" title={words.notTurnedOn} />
    ) : (
      <Banner tone="critical" title={words.notTurnedOn}>
        <p>{answer.message}</p>
      </Banner>
    );
  }
  return (
    <Banner tone="critical" title={words.notSaved}>
      <ul>
        {answer.errors.map((error) => (
          <li key={error.field}>{words.fieldError(checkoutRatesFieldLabel(error.field, words), error.message)}</li>
        ))}
      </ul>
    </Banner>
  );
}
