/**
 * Pricing: what the provider charges to ship SKUs from a warehouse to a destination. Every service
 * of the warehouse is priced at once (operation 14, those that cannot carry the parcel with the
 * provider's reason), cheapest first with the cheapest and the fastest marked; one service's
 * charges in detail on request (operation 18). The form is checked field by field with the
 * provider's rules as the merchant types, and again on the server.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { SkuPicker } from "~/components/sku-picker";
import prisma from "~/db.server";
import { countryChoices } from "~/connector/country-codes";
import type { ServicePrice } from "~/connector/pricing";
import { allVariants, skuChoices } from "~/stores/catalogue/variants.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { authenticate } from "~/shopify.server";
import { SelectInput, TextInput } from "~/components/form-inputs";
import { quoteFormsIn } from "./form";
import { priceFromForm, type PricingAnswer, type Priced } from "./pricing.server";
import { useFormat, useWords } from "~/components/locale";
import type { Formatter } from "~/lib/format";
import { localeOf } from "~/lib/locale";
import type { Words } from "~/lib/words";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(prisma, session.shop);
  const variants = await allVariants(prisma, session.shop);
  return {
    warehouses: settings.warehouses.map((warehouse) => ({ id: warehouse.warehouseId, enabled: warehouse.enabled })),
    countries: countryChoices(localeOf(request)),
    catalogue: skuChoices(variants),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = form.get("intent") === "service" ? "service" : "quote";
  const { status, answer } = await priceFromForm(session.shop, intent, form, localeOf(request));
  return json<PricingAnswer>(answer, { status });
}

/** A price asked for changes nothing the page loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

/**
 * The answer's place on the page, taken at the click (a skeleton where the prices will be), so a
 * slow answer fills it instead of moving the page.
 */
function PricesSkeleton({ label }: { label: string }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {label}
        </Text>
        <SkeletonDisplayText size="small" />
        <SkeletonBodyText lines={7} />
      </BlockStack>
    </Card>
  );
}

function ServiceName({ price }: { price: ServicePrice }) {
  const words = useWords().pricing;
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" fontWeight="semibold">
          {price.serviceName ?? price.serviceCode}
        </Text>
        {price.cheapest && <Badge tone="success">{words.cheapest}</Badge>}
        {price.fastest && <Badge tone="info">{words.fastest}</Badge>}
      </InlineStack>
      <Text as="span" tone="subdued" variant="bodySm">
        {price.serviceCode}
      </Text>
    </BlockStack>
  );
}

/** "$7.50", "€4.90": Intl's (lib/format.ts); a currency it cannot name keeps its code. */
const moneyText = (format: Formatter) => (money: { amount: number; currency: string }) => format.money(money.amount, money.currency);

type PricingWords = Words["pricing"];

function parcelText(priced: Priced, format: Formatter, words: PricingWords) {
  return priced.lines.map((line) => words.parcelLine(format.number(line.quantity), line.name, line.sku)).join(words.lineSeparator);
}

/** "3 days", "2–5 days": the delivery time the provider gives, its numbers as Intl writes them. */
function daysText(days: { min: number; max: number }, format: Formatter, words: PricingWords) {
  return days.min === days.max
    ? words.days(days.min, format.number(days.min))
    : words.daysRange(format.number(days.min), format.number(days.max));
}

function PricesCard({
  priced,
  services,
  onDetails,
  detailsFor,
}: {
  priced: Priced;
  services: ServicePrice[];
  onDetails: (code: string) => void;
  detailsFor: string | null;
}) {
  const format = useFormat();
  const words = useWords().pricing;
  const priceable = services.filter((service) => service.success).length;
  return (
    <Card padding="0">
      <Box padding="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {words.pricesFrom(priced.warehouseId, priced.destination)}
          </Text>
          <Text as="p" tone="subdued">
            {words.pricedFor(services.length, parcelText(priced, format, words), format.number(priceable), format.number(services.length))}
          </Text>
        </BlockStack>
      </Box>
      <IndexTable
        resourceName={words.resourceName}
        itemCount={services.length}
        selectable={false}
        headings={[
          { title: words.columns.service },
          { title: words.columns.price, alignment: "end" },
          { title: words.columns.delivery },
          { title: words.columns.details },
        ]}
      >
        {services.map((service, index) => (
          <IndexTable.Row id={service.serviceCode} key={service.serviceCode} position={index}>
            <IndexTable.Cell>
              <ServiceName price={service} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric fontWeight={service.cheapest ? "semibold" : undefined}>
                {service.totals.length === 0 ? "—" : service.totals.map(moneyText(format)).join(" + ")}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{service.days === null ? "—" : daysText(service.days, format, words)}</IndexTable.Cell>
            <IndexTable.Cell>
              {service.success && detailsFor === service.serviceCode ? (
                <Text as="span" tone="subdued">
                  {words.shownBelow}
                </Text>
              ) : service.success ? (
                <Button
                  variant="plain"
                  onClick={() => onDetails(service.serviceCode)}
                  accessibilityLabel={words.chargesOf(service.serviceCode)}
                >
                  {words.charges}
                </Button>
              ) : (
                <Text as="span" tone="critical" breakWord>
                  {service.message ?? words.cannotPrice}
                </Text>
              )}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Card>
  );
}

function ServiceCard({ answer }: { answer: Extract<PricingAnswer, { intent: "service"; ok: true }> }) {
  const format = useFormat();
  const words = useWords().pricing;
  const { service, charges, priced } = answer;
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {service.serviceName ?? service.serviceCode} ({service.serviceCode})
          </Text>
          <Text as="p" tone="subdued">
            {words.serviceFrom(priced.warehouseId, priced.destination, parcelText(priced, format, words))}
          </Text>
        </BlockStack>
        {!service.success ? (
          <Text as="p" tone="critical">
            {service.message ?? words.cannotPrice}
          </Text>
        ) : (
          <BlockStack gap="200">
            {charges.map((charge) => (
              <InlineStack key={`${charge.name ?? ""} ${charge.currency}`} align="space-between" gap="200">
                <Text as="span">
                  {charge.name ?? words.charge}
                  {charge.remark === null ? "" : ` (${charge.remark})`}
                </Text>
                <Text as="span" numeric>
                  {moneyText(format)(charge)}
                </Text>
              </InlineStack>
            ))}
            <InlineStack align="space-between" gap="200">
              <Text as="span" fontWeight="semibold">
                {service.days === null ? words.total : words.totalDelivered(daysText(service.days, format, words))}
              </Text>
              <Text as="span" numeric fontWeight="semibold">
                {service.totals.map(moneyText(format)).join(" + ") || "—"}
              </Text>
            </InlineStack>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

export default function Pricing() {
  const { warehouses, countries, catalogue } = useLoaderData<typeof loader>();
  const quote = useFetcher<PricingAnswer>({ key: "pricing-quote" });
  const details = useFetcher<PricingAnswer>({ key: "pricing-service" });
  const [lines, setLines] = useState<{ id: number; sku: string; quantity: string }[]>([]);
  const [nextLine, setNextLine] = useState(0);
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const allWords = useWords();
  const words = allWords.pricing;

  const answer = quote.data;
  const [form] = useForm({
    id: "pricing",
    lastResult: answer && !answer.ok ? answer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteFormsIn(allWords).quote, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];
  const names = useMemo(() => new Map(catalogue.map((choice) => [choice.sku, choice.name])), [catalogue]);
  const picked = useMemo(() => new Set(lines.map((line) => line.sku)), [lines]);

  if (warehouses.length === 0) {
    return (
      <Page title={words.title} backAction={{ content: allWords.nav.home, url: "/app" }}>
        <Card>
          <EmptyState
            heading={words.noWarehouseHeading}
            image="https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png"
            action={{ content: words.noWarehouseAction, url: "/app/settings/routing" }}
          >
            <p>{words.noWarehouseBody}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  const quoting = quote.state !== "idle";
  const defaultWarehouse = (warehouses.find((warehouse) => warehouse.enabled) ?? warehouses[0])?.id ?? "";

  return (
    <Page title={words.title} subtitle={words.subtitle} backAction={{ content: allWords.nav.home, url: "/app" }} fullWidth>
      <Layout>
        <Layout.Section variant="oneThird">
          <quote.Form
            method="post"
            id={form.id}
            noValidate
            onSubmit={(event) => {
              form.onSubmit(event);
              if (!event.defaultPrevented) setDetailsFor(null);
            }}
          >
            <input type="hidden" name="intent" value="quote" />
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  {words.parcel}
                </Text>
                <SelectInput
                  name="warehouseId"
                  label={words.shipsFrom}
                  initial={defaultWarehouse}
                  options={warehouses.map((warehouse) => ({
                    value: warehouse.id,
                    label: warehouse.enabled ? words.warehouse(warehouse.id) : words.warehouseNotShipping(warehouse.id),
                  }))}
                  error={errorOf("warehouseId")}
                />
                <SelectInput
                  name="country"
                  label={words.country}
                  initial=""
                  options={[{ value: "", label: words.chooseCountry }, ...countries]}
                  error={errorOf("country")}
                />
                <InlineGrid columns={2} gap="300">
                  <TextInput name="postcode" label={words.postcode} initial="" error={errorOf("postcode")} />
                  <TextInput name="city" label={words.city} initial="" error={errorOf("city")} />
                </InlineGrid>
                <TextInput name="province" label={words.province} initial="" error={errorOf("province")} />

                <BlockStack gap="200">
                  <SkuPicker
                    choices={catalogue}
                    exclude={picked}
                    label={words.addSku}
                    error={errorOf("lines")}
                    helpText={catalogue.length === 0 ? words.noSkus : undefined}
                    onPick={(sku) => {
                      setLines([...lines, { id: nextLine, sku, quantity: "1" }]);
                      setNextLine(nextLine + 1);
                    }}
                  />
                  {lines.map((line) => (
                    <Box key={line.id} paddingBlockStart="100">
                      <input type="hidden" name={`lines.${line.id}.sku`} value={line.sku} />
                      <InlineGrid columns={["twoThirds", "oneThird"]} gap="200" alignItems="start">
                        <BlockStack gap="050">
                          <Text as="p" fontWeight="semibold" breakWord>
                            {names.get(line.sku) ?? line.sku}
                          </Text>
                          <Text as="p" tone="subdued" variant="bodySm" breakWord>
                            {line.sku}
                          </Text>
                          {errorOf(`lines.${line.id}.sku`) && (
                            <Text as="p" tone="critical">
                              {errorOf(`lines.${line.id}.sku`)}
                            </Text>
                          )}
                          <InlineStack>
                            <Button
                              variant="plain"
                              tone="critical"
                              onClick={() => setLines(lines.filter((other) => other.id !== line.id))}
                              accessibilityLabel={words.removeLabel(line.sku)}
                            >
                              {words.remove}
                            </Button>
                          </InlineStack>
                        </BlockStack>
                        {/* Focused as the line appears: the merchant picks a SKU, then types how many. */}
                        <TextField
                          name={`lines.${line.id}.quantity`}
                          label={words.quantityOf(line.sku)}
                          labelHidden
                          prefix={words.quantityPrefix}
                          type="number"
                          min={1}
                          value={line.quantity}
                          onChange={(quantity) => setLines(lines.map((other) => (other.id === line.id ? { ...other, quantity } : other)))}
                          autoComplete="off"
                          autoFocus={line.id === nextLine - 1}
                          error={errorOf(`lines.${line.id}.quantity`)}
                        />
                      </InlineGrid>
                    </Box>
                  ))}
                </BlockStack>

                <InlineStack align="end">
                  <Button submit variant="primary" loading={quoting}>
                    {words.getPrices}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
          </quote.Form>
        </Layout.Section>

        <Layout.Section>
          <BlockStack gap="400">
            {quoting ? (
              <PricesSkeleton label={words.asking} />
            ) : answer?.intent === "quote" && answer.ok ? (
              <PricesCard
                priced={answer.priced}
                services={answer.services}
                detailsFor={detailsFor}
                onDetails={(code) => {
                  setDetailsFor(code);
                  details.submit({ ...answer.priced.inputs, intent: "service", service: code }, { method: "post" });
                }}
              />
            ) : answer && !answer.ok ? (
              <Banner tone="critical" title={words.notPriced}>
                <p>{answer.problem ?? words.correctFields}</p>
              </Banner>
            ) : (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {words.pricesTitle}
                  </Text>
                  <Text as="p">{words.pricesExplained}</Text>
                </BlockStack>
              </Card>
            )}
            {!quoting &&
              detailsFor !== null &&
              answer?.intent === "quote" &&
              answer.ok &&
              (details.state !== "idle" ? (
                <PricesSkeleton label={words.askingCharges(detailsFor)} />
              ) : details.data?.intent === "service" && details.data.ok ? (
                <ServiceCard answer={details.data} />
              ) : details.data && !details.data.ok ? (
                <Banner tone="critical" title={words.chargesNotRead(detailsFor)}>
                  <p>{details.data.problem ?? words.askAgain}</p>
                </Banner>
              ) : null)}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
