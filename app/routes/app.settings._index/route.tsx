import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Banner, BlockStack, Box, Button, Card, InlineStack, Layout, List, Page, Text, TextField } from "@shopify/polaris";
import { CheckboxInput, FieldGroupTitle, RowsInput, SelectInput, TextInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import {
  carrierServiceCallbackUrl,
  readFlatRatesForm,
  saveFlatRates,
  turnOffCheckoutRates,
  turnOnCheckoutRates,
} from "~/flows/checkout-rates/registration.server";
import { appProviderOAuth, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import {
  ApiToken,
  checkParkedAnswer,
  finishProviderConnection,
  providerAuthorizationUrl,
  saveApiToken,
} from "~/stores/shops/provider-credentials-connection.server";
import { InvalidOAuthState } from "~/stores/shops/provider-credentials-oauth-state.server";
import { ProviderError } from "~/fulfilment";
import { forgetProviderCredentials, readCredentialsSummary, type CredentialsSummary } from "~/stores/shops/provider-credentials.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { collectPages } from "~/shopify/admin-graphql.server";
import { listLocations } from "~/shopify/locations.server";
import { authenticate } from "~/shopify.server";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { formValuesOf, labelledErrors, SettingsForm, type FieldError } from "./form";
import { readSettingsFormAndAddress } from "./form.server";
import { countryRowsIn, withSuggestedServices, type CountryService } from "./service-suggestions";
import { ServiceSuggestionsCard } from "./service-suggestions-card";
import { CHECKOUT_RATES_INTENTS, CheckoutRatesCard, type CheckoutRatesAnswer } from "./checkout-rates-card";
import { checkoutRatesFieldLabel } from "./checkout-rates-form";
import { planServiceSuggestions, suggestServices, type ServiceSuggestions } from "./service-suggestions.server";
import { log } from "~/lib/log.server";

interface LocationChoice {
  id: string;
  name: string;
  isActive: boolean;
  /** Set for fulfillment services' locations (the app's warehouses among them): not the merchant's own. */
  fulfillmentService: boolean;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin, sessionToken } = await authenticate.admin(request);
  const shop = session.shop;
  // The provider's answer, sealed by /provider-oauth/callback, waiting for the staff member who pressed Connect.
  const parked = new URL(request.url).searchParams.get("provider_connection");
  const pendingConnection =
    parked === null ? null : { parked, ...(await checkParkedAnswer(prisma, parked, { shop, user: String(sessionToken.sub) }, env)) };
  const settings = await getShopSettings(prisma, shop);
  let locations: LocationChoice[] = [];
  let locationsProblem: string | null = null;
  try {
    locations = (await collectPages((after) => listLocations(admin, { after }))).map((location) => ({
      id: location.id,
      name: location.name,
      isActive: location.isActive,
      fulfillmentService: location.fulfillmentServiceHandle !== null,
    }));
  } catch (error) {
    log.warn({ shop, err: error }, "Settings: the locations could not be read");
    locationsProblem = "Shopify's locations could not be read just now: reload the page to choose drop-ship locations.";
  }
  return {
    form: formValuesOf(settings),
    connection: await readCredentialsSummary(prisma, shop),
    oauthAvailable: appProviderOAuth(env) !== null,
    defaultProviderUrl: env.PROVIDER_BASE_URL,
    locations,
    locationsProblem,
    justConnected: new URL(request.url).searchParams.get("connected") === "oauth",
    pendingConnection,
    suggestionPlan: await planServiceSuggestions(prisma, shop),
    checkoutRates: { ...settings.checkoutRates, callbackUrl: carrierServiceCallbackUrl(env.SHOPIFY_APP_URL) },
  };
}

type ActionAnswer =
  | { intent: string; ok: true; message: string; suggestions?: ServiceSuggestions }
  /** `result`: the settings form's own answer, which puts each error at its field (conform's lastResult). */
  | { intent: string; ok: false; message: string; errors: FieldError[]; result?: SubmissionResult<string[]> };

const refused = (intent: string, message: string, errors: FieldError[] = [], result?: SubmissionResult<string[]>) =>
  json<ActionAnswer>({ intent, ok: false, message, errors, ...(result ? { result } : {}) }, { status: 400 });

const NOT_SAVED = "The settings were not saved: correct the fields below.";

export async function action({ request }: ActionFunctionArgs) {
  const { session, redirect, admin, sessionToken } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");

  switch (intent) {
    case "save": {
      const reading = await readSettingsFormAndAddress(form, await getShopSettings(prisma, shop));
      if (!reading.ok) return refused(intent, NOT_SAVED, reading.errors, reading.result);
      await saveSettingsAndEnsureServices(prisma, shop, reading.settings);
      return json<ActionAnswer>({ intent, ok: true, message: "Settings saved." });
    }
    case "saveToken": {
      const token = ApiToken.safeParse(form.get("token") ?? "");
      if (!token.success) {
        const message = token.error.issues[0]?.message ?? "is not valid";
        return refused(intent, "The token was not saved.", [{ field: "token", label: "API token", message }]);
      }
      await saveApiToken(prisma, shop, token.data);
      return json<ActionAnswer>({ intent, ok: true, message: "API token saved. Live mode sends with it from now on." });
    }
    case "suggestServices": {
      return json<ActionAnswer>({ intent, ok: true, message: "Suggested.", suggestions: await suggestServices(prisma, shop) });
    }
    case "disconnect": {
      await forgetProviderCredentials(prisma, shop);
      return json<ActionAnswer>({ intent, ok: true, message: "Disconnected: the app no longer holds credentials for the provider." });
    }
    case "connect": {
      try {
        // Out of Shopify's admin frame to the provider's login; it sends the merchant back to /provider-oauth/callback.
        return redirect(await providerAuthorizationUrl(prisma, { shop, user: String(sessionToken.sub) }, appProviderOAuth(env), env), {
          target: "_top",
        });
      } catch (error) {
        if (error instanceof ProviderNotConnected) return refused(intent, error.message);
        throw error;
      }
    }
    case "finishConnect": {
      try {
        await finishProviderConnection(
          prisma,
          String(form.get("parked") ?? ""),
          { shop, user: String(sessionToken.sub) },
          appProviderOAuth(env),
          env,
        );
      } catch (error) {
        if (error instanceof InvalidOAuthState || error instanceof ProviderNotConnected) return refused(intent, error.message);
        // The provider refused the code (used, expired) or could not be reached: its words, never a secret (errors.ts redacts them).
        if (error instanceof ProviderError) return refused(intent, `${error.message} Press Connect again.`);
        throw error;
      }
      // Off the answer's address, so a reload does not offer it again.
      return redirect("/app/settings?connected=oauth");
    }
    case "checkoutRatesOn": {
      const outcome = await turnOnCheckoutRates(prisma, admin, shop, env.SHOPIFY_APP_URL);
      return outcome.ok ? json<ActionAnswer>({ intent, ok: true, message: outcome.message }) : refused(intent, outcome.message);
    }
    case "checkoutRatesOff": {
      const { message } = await turnOffCheckoutRates(prisma, admin, shop);
      return json<ActionAnswer>({ intent, ok: true, message });
    }
    case "checkoutRatesSave": {
      const reading = readFlatRatesForm(form);
      if (!reading.ok) {
        const labelled = reading.errors.map((error) => ({ ...error, label: checkoutRatesFieldLabel(error.field) }));
        return refused(intent, "The checkout rates were not saved: correct the fields below.", labelled);
      }
      await saveFlatRates(prisma, shop, reading);
      return json<ActionAnswer>({ intent, ok: true, message: "Checkout rates saved." });
    }
    default:
      return refused(intent, `Unknown action: ${intent}`);
  }
}

/** The same text on the server and in the browser, whatever their time zones. */
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function connectionText(connection: CredentialsSummary): string {
  switch (connection.kind) {
    case "none":
      return "Not connected: live mode needs an API token or a connection through the provider's login.";
    case "staticToken":
      return `Connected with an API token since ${when(connection.since)}${connection.tokenEnding === null ? "" : ` (token ending ${connection.tokenEnding})`}.`;
    case "oauth":
      return (
        `Connected through the provider's login since ${when(connection.since)}` +
        (connection.customerId === null ? "" : ` (account ${connection.customerId})`) +
        (connection.renewableUntil === null ? "." : `; renews itself until ${when(connection.renewableUntil)}.`)
      );
    case "unreadable":
      return connection.message;
  }
}

const SERVICE_COLUMNS = [
  { key: "country", label: "Destination country", placeholder: "CA" },
  { key: "service", label: "Service code", placeholder: "US01-EXP" },
] as const;

const METHOD_COLUMNS = [
  { key: "method", label: "Shipping method at checkout", placeholder: "Express" },
  { key: "service", label: "Service code", placeholder: "US01-EXP" },
] as const;

/** The rows of services by the checkout's shipping method, which win over the country. */
function ShippingMethodRows({
  prefix,
  initial,
  errorOf,
}: {
  prefix: string;
  initial: readonly { method: string; service: string }[];
  errorOf: (field: string) => string | undefined;
}) {
  return (
    <BlockStack gap="100">
      <Text as="p" tone="subdued">
        By the shipping method the customer paid for (its name as checkout shows it, any case). It wins over the country.
      </Text>
      <RowsInput
        prefix={`${prefix}.byShippingMethod`}
        columns={METHOD_COLUMNS}
        initial={initial}
        errorOf={errorOf}
        addLabel="Add a shipping method"
      />
    </BlockStack>
  );
}

const PENDING: Record<string, string> = {
  save: "Saving the settings…",
  saveToken: "Saving the API token…",
  disconnect: "Disconnecting…",
  connect: "Opening the provider's login…",
};

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Layout.AnnotatedSection id={title.toLowerCase().replace(/\W+/g, "-")} title={title} description={description}>
      <BlockStack gap="400">{children}</BlockStack>
    </Layout.AnnotatedSection>
  );
}

export default function SettingsPage() {
  const {
    form,
    connection,
    oauthAvailable,
    defaultProviderUrl,
    locations,
    locationsProblem,
    justConnected,
    pendingConnection,
    suggestionPlan,
    checkoutRates,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [token, setToken] = useState("");
  const busy = navigation.state === "submitting";
  // From the click until the page has reloaded with the answer (Remix's submitting, then loading).
  const pendingIntent = navigation.formData === undefined ? null : String(navigation.formData.get("intent") ?? "save");

  // The settings form is checked as the merchant types (on leaving a field) and again when saved,
  // with the schema the server uses; the server's answer puts its own findings at their fields too.
  const [settingsForm] = useForm({
    id: "settings",
    lastResult: answer && !answer.ok && answer.intent === "save" ? answer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsForm, disableAutoCoercion: true }),
  });
  const otherErrors = new Map(
    (answer && !answer.ok && answer.intent !== "save" && !(CHECKOUT_RATES_INTENTS as readonly string[]).includes(answer.intent)
      ? answer.errors
      : []
    ).map((error) => [error.field, error.message]),
  );
  const errorOf = (field: string) => settingsForm.allErrors[field]?.[0] ?? otherErrors.get(field);
  const serverLabels = new Map((answer && !answer.ok ? answer.errors : []).map((error) => [error.field, error.label]));
  /** A field's current value, for labels that name their row ("Service for CA (warehouse US01)"). */
  const valueOf = (name: string) => {
    const field = formRef.current?.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement
      ? field.value
      : "";
  };
  const formErrors = labelledErrors(settingsForm.allErrors, valueOf).map((error) => ({
    ...error,
    label: formRef.current ? error.label : (serverLabels.get(error.field) ?? error.label),
  }));
  const checkoutRatesIntent = (intent: string) => (CHECKOUT_RATES_INTENTS as readonly string[]).includes(intent);
  // The checkout-rates section answers in its own place, at the bottom of the page.
  const checkoutRatesAnswer: CheckoutRatesAnswer | null =
    answer && checkoutRatesIntent(answer.intent)
      ? { ok: answer.ok, message: answer.message, errors: answer.ok ? [] : answer.errors }
      : null;
  const banner: { tone: "success" | "critical"; title: string; errors: FieldError[] } | null =
    formErrors.length > 0
      ? { tone: "critical", title: NOT_SAVED, errors: formErrors }
      : answer && !(answer.intent === "save" && !answer.ok) && !checkoutRatesIntent(answer.intent)
        ? { tone: answer.ok ? "success" : "critical", title: answer.message, errors: answer.ok ? [] : answer.errors }
        : null;
  const send = (intent: string, extra: Record<string, string> = {}) => submit({ intent, ...extra }, { method: "post" });

  const locationName = new Map(locations.map((location) => [location.id, location.name]));
  const merchantLocations = locations.filter((location) => !location.fulfillmentService);
  const unknownMapped = form.dropShip.merchantLocationIds.filter((id) => !merchantLocations.some((location) => location.id === id));
  const [warehouses, setWarehouses] = useState(form.warehouses.map((warehouse, id) => ({ id, warehouse, isNew: false })));
  // Suggested services accepted: the warehouse's rows are filled in the form at the click (with the
  // merchant's unsaved rows kept), then the form is saved as the Save button saves it.
  const [rowsRevision, setRowsRevision] = useState<Record<number, number>>({});
  const acceptSuggestedServices = (warehouseId: string, services: CountryService[]) => {
    const entry = warehouses.find((candidate) => !candidate.isNew && candidate.warehouse.warehouseId === warehouseId);
    const element = formRef.current;
    if (entry === undefined || element === null) return;
    const byCountry = withSuggestedServices(countryRowsIn(new FormData(element), `warehouses.${entry.id}.byCountry`), services);
    flushSync(() => {
      setWarehouses((all) =>
        all.map((candidate) =>
          candidate.id === entry.id ? { ...candidate, warehouse: { ...candidate.warehouse, byCountry } } : candidate,
        ),
      );
      setRowsRevision((revisions) => ({ ...revisions, [entry.id]: (revisions[entry.id] ?? 0) + 1 }));
    });
    element.requestSubmit();
  };

  return (
    <Page
      title="Settings"
      primaryAction={{
        content: "Save",
        loading: busy && navigation.formData?.get("intent") === "save",
        onAction: () => formRef.current?.requestSubmit(),
      }}
    >
      <Form method="post" ref={formRef} id={settingsForm.id} onSubmit={settingsForm.onSubmit} noValidate>
        <input type="hidden" name="intent" value="save" />
        <Layout>
          {pendingConnection && (!answer || answer.intent !== "finishConnect") && (
            <Layout.Section>
              {pendingConnection.ok ? (
                <Banner
                  tone="info"
                  title="Finish connecting to the provider"
                  action={{
                    content: "Finish connecting",
                    loading: pendingIntent === "finishConnect",
                    onAction: () => send("finishConnect", { parked: pendingConnection.parked }),
                  }}
                >
                  You approved the connection at the provider. Finish it here to store it for this store; until then nothing has changed.
                </Banner>
              ) : (
                <Banner tone="critical" title="The provider was not connected">
                  {pendingConnection.problem}
                </Banner>
              )}
            </Layout.Section>
          )}
          {justConnected && !answer && (
            <Layout.Section>
              <Banner tone="success" title="Connected to the provider." />
            </Layout.Section>
          )}
          {/* On the click, a banner takes the answer's place at once: the answer, however late it comes,
              then replaces it instead of pushing the page down (a layout shift). */}
          {pendingIntent !== null && !checkoutRatesIntent(pendingIntent) ? (
            <Layout.Section>
              <Banner tone="info" title={PENDING[pendingIntent] ?? "Sending…"} />
            </Layout.Section>
          ) : (
            banner && (
              <Layout.Section>
                <Banner tone={banner.tone} title={banner.title}>
                  {banner.errors.length > 0 && (
                    <List>
                      {banner.errors.map((error) => (
                        <List.Item key={`${error.field}: ${error.message}`}>
                          {error.label} {error.message}
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Banner>
              </Layout.Section>
            )
          )}

          <Section
            title="Provider connection"
            description="Sandbox tries everything against the provider simulator; Live sends real parcels with your provider account."
          >
            <Card>
              <BlockStack gap="300">
                <SelectInput
                  name="mode"
                  label="Mode"
                  initial={form.mode}
                  error={errorOf("mode")}
                  options={[
                    { label: "Sandbox (no real parcels)", value: "sandbox" },
                    { label: "Live", value: "live" },
                  ]}
                />
                <TextInput
                  name="providerBaseUrl"
                  label="Provider address"
                  initial={form.providerBaseUrl}
                  placeholder={defaultProviderUrl}
                  helpText={`Leave empty for ${defaultProviderUrl}.`}
                  error={errorOf("providerBaseUrl")}
                />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <FieldGroupTitle>Credentials (live mode; the sandbox needs none)</FieldGroupTitle>
                <Text as="p" tone={connection.kind === "unreadable" ? "critical" : undefined}>
                  {connectionText(connection)}
                </Text>
                {form.mode === "live" && connection.kind === "none" && (
                  <Banner tone="warning">Shipments cannot reach the provider in live mode until it is connected.</Banner>
                )}
                {/* Write-only: the field is never filled from the server, and nothing sent back contains the token. */}
                <TextField
                  label="API token"
                  type="password"
                  value={token}
                  onChange={setToken}
                  autoComplete="off"
                  error={errorOf("token")}
                  helpText="Pasted from the provider's developer settings. Stored encrypted; never shown again."
                />
                <InlineStack gap="200">
                  <Button
                    onClick={() => {
                      send("saveToken", { token });
                      setToken("");
                    }}
                    disabled={token.trim() === ""}
                  >
                    Save token
                  </Button>
                  {oauthAvailable && (
                    <Button variant="primary" onClick={() => send("connect")}>
                      {connection.kind === "oauth" ? "Connect again" : "Connect with the provider's login"}
                    </Button>
                  )}
                  {connection.kind !== "none" && (
                    <Button tone="critical" variant="plain" onClick={() => send("disconnect")}>
                      Disconnect
                    </Button>
                  )}
                </InlineStack>
              </BlockStack>
            </Card>
          </Section>

          <Section
            title="Routing"
            description="Which warehouse or drop-ship location ships a parcel, and which provider service carries it: by the shipping method the customer paid for, else by the country. A country without its own service gets the default; with no default, its parcels are held for you."
          >
            <Card>
              <BlockStack gap="400">
                <FieldGroupTitle>Warehouses</FieldGroupTitle>
                {warehouses.length === 0 && (
                  <Text as="p">
                    No warehouse yet: add the provider&apos;s warehouse ID (for example US01) to ship the stock you keep there.
                  </Text>
                )}
                {warehouses.map(({ id, warehouse, isNew }) => {
                  const prefix = `warehouses.${id}`;
                  const location = warehouse.shopifyLocationId;
                  return (
                    <Box key={id} paddingBlockEnd="300" borderBlockEndWidth="025" borderColor="border">
                      <BlockStack gap="300">
                        {isNew ? (
                          <TextInput
                            name={`${prefix}.warehouseId`}
                            label="Warehouse ID"
                            initial=""
                            placeholder="US01"
                            error={errorOf(`${prefix}.warehouseId`)}
                          />
                        ) : (
                          <>
                            <input type="hidden" name={`${prefix}.warehouseId`} value={warehouse.warehouseId} />
                            <Text as="p" fontWeight="semibold">
                              Warehouse {warehouse.warehouseId}
                            </Text>
                          </>
                        )}
                        <Text as="p" tone="subdued">
                          {location === null
                            ? "Shopify location: created by the app after you save with the warehouse enabled."
                            : `Shopify location: ${locationName.get(location) ?? location}`}
                        </Text>
                        <TextInput
                          name={`${prefix}.country`}
                          label="Country of the warehouse"
                          initial={warehouse.country}
                          placeholder="US"
                          helpText="Two letters. Its Shopify location is put there, which decides customs for its parcels."
                          error={errorOf(`${prefix}.country`)}
                        />
                        <CheckboxInput name={`${prefix}.enabled`} label="Ship from this warehouse" initial={warehouse.enabled} />
                        <TextInput
                          name={`${prefix}.defaultService`}
                          label="Default service"
                          initial={warehouse.defaultService}
                          placeholder="US01-EXP"
                          error={errorOf(`${prefix}.defaultService`)}
                        />
                        <RowsInput
                          key={rowsRevision[id] ?? 0}
                          prefix={`${prefix}.byCountry`}
                          columns={SERVICE_COLUMNS}
                          initial={warehouse.byCountry}
                          errorOf={errorOf}
                          addLabel="Add a country"
                        />
                        <ShippingMethodRows prefix={prefix} initial={warehouse.byShippingMethod} errorOf={errorOf} />
                        <TextInput
                          name={`${prefix}.handlingDays`}
                          label="Handling time (working days)"
                          initial={warehouse.handlingDays}
                          placeholder="1"
                          helpText="How long the warehouse takes to ship an order it accepted, as agreed with the provider. Shopify then shows when each order should ship. Blank: not said."
                          error={errorOf(`${prefix}.handlingDays`)}
                        />
                      </BlockStack>
                    </Box>
                  );
                })}
                <InlineStack>
                  <Button
                    onClick={() =>
                      setWarehouses([
                        ...warehouses,
                        {
                          id: warehouses.length === 0 ? 0 : Math.max(...warehouses.map((w) => w.id)) + 1,
                          isNew: true,
                          warehouse: {
                            warehouseId: "",
                            shopifyLocationId: null,
                            country: "",
                            enabled: true,
                            defaultService: "",
                            byCountry: [],
                            byShippingMethod: [],
                            handlingDays: "",
                          },
                        },
                      ])
                    }
                  >
                    Add a warehouse
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
            <ServiceSuggestionsCard
              plan={suggestionPlan}
              current={
                new Map(
                  form.warehouses.map((warehouse) => [
                    warehouse.warehouseId,
                    { defaultService: warehouse.defaultService, byCountry: warehouse.byCountry },
                  ]),
                )
              }
              saving={busy}
              onUse={acceptSuggestedServices}
            />
            <Card>
              <BlockStack gap="300">
                <FieldGroupTitle>Drop-ship</FieldGroupTitle>
                <CheckboxInput
                  name="dropShip.enabled"
                  label="Ship parcels from my own locations through the provider's handling location"
                  initial={form.dropShip.enabled}
                />
                <TextInput
                  name="dropShip.handlingLocation"
                  label="Handling location"
                  initial={form.dropShip.handlingLocation}
                  helpText="As the provider names it, for example SZ-HUB."
                  error={errorOf("dropShip.handlingLocation")}
                />
                <BlockStack gap="100">
                  <Text as="p">Locations shipped through drop-ship</Text>
                  {/* Checkboxes have no field error of their own: the message stands below them. */}
                  {locationsProblem && <Banner tone="warning">{locationsProblem}</Banner>}
                  {merchantLocations.map((location) => (
                    <CheckboxInput
                      key={location.id}
                      name="dropShip.merchantLocationIds"
                      value={location.id}
                      label={location.isActive ? location.name : `${location.name} (inactive)`}
                      initial={form.dropShip.merchantLocationIds.includes(location.id)}
                    />
                  ))}
                  {unknownMapped.map((id) => (
                    <CheckboxInput
                      key={id}
                      name="dropShip.merchantLocationIds"
                      value={id}
                      label={`${locationName.get(id) ?? id} (not one of your own locations)`}
                      initial
                    />
                  ))}
                  {errorOf("dropShip.merchantLocationIds") && (
                    <Text as="p" tone="critical">
                      {errorOf("dropShip.merchantLocationIds")}
                    </Text>
                  )}
                </BlockStack>
                <TextInput
                  name="dropShip.defaultService"
                  label="Default service"
                  initial={form.dropShip.defaultService}
                  error={errorOf("dropShip.defaultService")}
                />
                <RowsInput
                  prefix="dropShip.byCountry"
                  columns={SERVICE_COLUMNS}
                  initial={form.dropShip.byCountry}
                  errorOf={errorOf}
                  addLabel="Add a country"
                />
                <ShippingMethodRows prefix="dropShip" initial={form.dropShip.byShippingMethod} errorOf={errorOf} />
                <TextInput
                  name="dropShip.maxBoxKg"
                  label="Pack in boxes of at most (kg)"
                  initial={form.dropShip.maxBoxKg}
                  helpText="A heavier package is sent to the provider in several boxes of at most this weight. Leave empty to send every package as one parcel."
                  error={errorOf("dropShip.maxBoxKg")}
                />
              </BlockStack>
            </Card>
          </Section>

          <Section
            title="Customs and tax numbers"
            description="What customs declarations say when a product does not say it itself, and the shop's tax numbers for parcels that need them."
          >
            <Card>
              <BlockStack gap="300">
                <TextInput
                  name="customs.declareNameEn"
                  label="Default customs name"
                  initial={form.customs.declareNameEn}
                  helpText="English letters, digits, spaces and _ - ( ) ' & , |. Used when a product title cannot be."
                  error={errorOf("customs.declareNameEn")}
                />
                <TextInput
                  name="customs.hsCode"
                  label="Default HS code"
                  initial={form.customs.hsCode}
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
                <TextInput
                  name="taxIds.ioss"
                  label="IOSS number"
                  initial={form.taxIds.ioss}
                  placeholder="IM1234567890"
                  error={errorOf("taxIds.ioss")}
                />
                <TextInput
                  name="taxIds.euVatNumber"
                  label="EU VAT number"
                  initial={form.taxIds.euVatNumber}
                  placeholder="DE123456789"
                  error={errorOf("taxIds.euVatNumber")}
                />
                <TextInput
                  name="taxIds.ukVatNumber"
                  label="UK VAT number"
                  initial={form.taxIds.ukVatNumber}
                  placeholder="GB123456789"
                  error={errorOf("taxIds.ukVatNumber")}
                />
              </BlockStack>
            </Card>
          </Section>

          <Section
            title="SKUs"
            description="Each SKU's provider SKU, customs data and size are set on the Products page, where its registration with the provider is too. These apply to every SKU."
          >
            <Card>
              <BlockStack gap="300">
                <CheckboxInput
                  name="skus.strict"
                  label="Only ship SKUs mapped on the Products page"
                  helpText="Any other SKU is held until you map it."
                  initial={form.skus.strict}
                />
                <FieldGroupTitle>When a SKU&apos;s own entry does not say</FieldGroupTitle>
                <InlineStack gap="300" wrap>
                  <TextInput
                    name="skuDefaults.lengthCm"
                    label="Default length (cm)"
                    initial={form.skuDefaults.lengthCm}
                    error={errorOf("skuDefaults.lengthCm")}
                  />
                  <TextInput
                    name="skuDefaults.widthCm"
                    label="Default width (cm)"
                    initial={form.skuDefaults.widthCm}
                    error={errorOf("skuDefaults.widthCm")}
                  />
                  <TextInput
                    name="skuDefaults.heightCm"
                    label="Default height (cm)"
                    initial={form.skuDefaults.heightCm}
                    error={errorOf("skuDefaults.heightCm")}
                  />
                </InlineStack>
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
            title="Notifications"
            description="Shopify emails the customer the tracking link when the app adds tracking to the order."
          >
            <Card>
              <CheckboxInput name="notifyCustomer" label="Email the customer when tracking is added" initial={form.notifyCustomer} />
            </Card>
          </Section>

          <Section
            title="Orders that wait"
            description="Orders Shopify has not marked paid, or rates high risk of fraud, wait in the app with the reason until that changes (paid, or the merchant sends them from the shipment's page). Holds and scheduled dates set in Shopify are always respected."
          >
            <Card>
              <BlockStack gap="200">
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
              </BlockStack>
            </Card>
          </Section>

          <Section
            title="Push policy"
            description="Whether orders go to the provider as soon as they are ready, or wait for someone to send them."
          >
            <Card>
              <SelectInput
                name="pushPolicy"
                label="New shipments"
                initial={form.pushPolicy}
                error={errorOf("pushPolicy")}
                options={[
                  { label: "Send at once", value: "autoPush" },
                  { label: "Hold for review", value: "holdForReview" },
                ]}
              />
            </Card>
          </Section>

          <Layout.Section>
            <InlineStack align="end">
              <Button submit variant="primary" loading={busy && navigation.formData?.get("intent") === "save"}>
                Save
              </Button>
            </InlineStack>
          </Layout.Section>
        </Layout>
      </Form>
      <Box paddingBlockStart="400">
        <Layout>
          <Section
            title="Checkout rates"
            description="The provider's prices for the customer's cart offered at checkout, through a carrier service the app adds to Shopify. Shopify allows it on plans with carrier-calculated shipping."
          >
            <CheckoutRatesCard
              key={JSON.stringify(checkoutRates)}
              view={checkoutRates}
              answer={checkoutRatesAnswer}
              pendingIntent={pendingIntent}
            />
          </Section>
        </Layout>
      </Box>
    </Page>
  );
}
