// Settings > Warehouses and routing: the provider's warehouses that ship the merchant's stock, the
// merchant's own locations that ship through drop-ship, and which service carries each parcel.
// Warehouses and services are checked with the provider before they are saved.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Banner, BlockStack, Box, Button, Card, InlineStack, Layout, Modal, Text } from "@shopify/polaris";
import { CheckboxInput, RowsInput, SelectInput, TextInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { collectPages } from "~/shopify/admin-graphql.server";
import { listLocations } from "~/shopify/locations.server";
import { authenticate } from "~/shopify.server";
import { log } from "~/lib/log.server";
import { checkWarehouses, warehousesToCheck } from "~/wiring/provider-checks.server";
import { refuseAtFields } from "../app.settings._index/form.server";
import { Section, SectionPage, type SectionAnswer } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";
import { countryRowsIn, withSuggestedServices, type CountryService } from "./service-suggestions";
import { ServiceSuggestionsCard } from "./service-suggestions-card";
import { planServiceSuggestions, suggestServices } from "./service-suggestions.server";

interface LocationChoice {
  id: string;
  name: string;
  isActive: boolean;
  /** Set for fulfillment services' locations (the app's warehouses among them): not the merchant's own. */
  fulfillmentService: boolean;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
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
  return { form: (await sectionForm(shop)).form, locations, locationsProblem, suggestionPlan: await planServiceSuggestions(prisma, shop) };
}

type Answer = SectionAnswer & { knownWarehouses?: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  if (intent === "suggestServices")
    return json({ intent, ok: true, message: "Suggested.", suggestions: await suggestServices(prisma, shop) });
  if (intent !== "save") return json<Answer>({ intent, ok: false, message: `Unknown action: ${intent}`, errors: [] }, { status: 400 });
  let knownWarehouses: string[] = [];
  const answer = await saveSection("routing", shop, form, async (_settings, stored) => {
    // The warehouses new or changed here are asked about first: the provider says which it has, and what each offers.
    const outcome = await checkWarehouses(shop, warehousesToCheck(form, stored));
    knownWarehouses = outcome.knownWarehouses;
    return Object.keys(outcome.fieldErrors).length === 0 ? null : refuseAtFields("routing", form, outcome.fieldErrors);
  });
  if (knownWarehouses.length === 0) return answer;
  return json<Answer>({ ...((await answer.json()) as SectionAnswer), knownWarehouses }, { status: answer.status });
}

const SERVICE_COLUMNS = [
  { key: "country", label: "Destination country", placeholder: "e.g. CA" },
  { key: "service", label: "Service code", placeholder: "e.g. US01-EXP" },
] as const;

const METHOD_COLUMNS = [
  { key: "method", label: "Shipping method at checkout", placeholder: "e.g. Express" },
  { key: "service", label: "Service code", placeholder: "e.g. US01-EXP" },
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

type WarehouseRow = ReturnType<typeof useLoaderData<typeof loader>>["form"]["warehouses"][number];

const NEW_WAREHOUSE: WarehouseRow = {
  warehouseId: "",
  shopifyLocationId: null,
  country: "",
  enabled: true,
  defaultService: "",
  byCountry: [],
  byShippingMethod: [],
  handlingDays: "",
};

export default function RoutingSettings() {
  const { form, locations, locationsProblem, suggestionPlan } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const locationName = new Map(locations.map((location) => [location.id, location.name]));
  const merchantLocations = locations.filter((location) => !location.fulfillmentService);
  const unknownMapped = form.dropShip.merchantLocationIds.filter((id) => !merchantLocations.some((location) => location.id === id));
  const [warehouses, setWarehouses] = useState(form.warehouses.map((warehouse, id) => ({ id, warehouse, isNew: false })));
  const [removing, setRemoving] = useState<{ id: number; warehouseId: string; location: string | null } | null>(null);
  // Suggested services accepted: the warehouse's rows are filled in the form at the click (with the
  // merchant's unsaved rows kept), then the form is saved as the save bar saves it.
  const [rowsRevision, setRowsRevision] = useState<Record<number, number>>({});
  const formHolder = useRef<HTMLDivElement>(null);
  const knownWarehouses = answer && !answer.ok ? (answer.knownWarehouses ?? []) : [];

  const acceptSuggestedServices = (warehouseId: string, services: CountryService[]) => {
    const entry = warehouses.find((candidate) => !candidate.isNew && candidate.warehouse.warehouseId === warehouseId);
    const element = formHolder.current?.closest("form");
    if (entry === undefined || !element) return;
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
    <SectionPage
      section="routing"
      title="Warehouses and routing"
      subtitle="Which warehouse or drop-ship location ships a parcel, and which provider service carries it."
      after={
        <Layout.Section>
          <ServiceSuggestionsCard
            plan={suggestionPlan}
            current={new Map(form.warehouses.map((w) => [w.warehouseId, { defaultService: w.defaultService, byCountry: w.byCountry }]))}
            saving={busy}
            onUse={acceptSuggestedServices}
          />
        </Layout.Section>
      }
    >
      {({ errorOf }) => (
        <>
          <Section
            title="Warehouses"
            description="The provider's warehouses that hold your stock. Each gets a Shopify location, where its stock is sold. A parcel's service: by the shipping method the customer paid for, else by the country, else the default; with none, the parcel waits for you."
          >
            <div ref={formHolder} />
            <Card>
              <BlockStack gap="400">
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
                        <InlineStack align="space-between" blockAlign="center">
                          {isNew ? (
                            <Text as="p" fontWeight="semibold">
                              New warehouse
                            </Text>
                          ) : (
                            <>
                              <input type="hidden" name={`${prefix}.warehouseId`} value={warehouse.warehouseId} />
                              <Text as="p" fontWeight="semibold">
                                Warehouse {warehouse.warehouseId}
                              </Text>
                            </>
                          )}
                          <Button
                            variant="plain"
                            tone="critical"
                            accessibilityLabel={`Remove warehouse ${warehouse.warehouseId || "(new)"}`}
                            onClick={() =>
                              isNew
                                ? setWarehouses((all) => all.filter((other) => other.id !== id))
                                : setRemoving({
                                    id,
                                    warehouseId: warehouse.warehouseId,
                                    location: location === null ? null : (locationName.get(location) ?? location),
                                  })
                            }
                          >
                            Remove
                          </Button>
                        </InlineStack>
                        {isNew &&
                          (knownWarehouses.length > 0 ? (
                            <SelectInput
                              name={`${prefix}.warehouseId`}
                              label="Warehouse ID"
                              initial=""
                              helpText="The warehouses of your provider account."
                              error={errorOf(`${prefix}.warehouseId`)}
                              options={[
                                { label: "Choose a warehouse", value: "" },
                                ...knownWarehouses.map((known) => ({ label: known, value: known })),
                              ]}
                            />
                          ) : (
                            <TextInput
                              name={`${prefix}.warehouseId`}
                              label="Warehouse ID"
                              initial=""
                              placeholder="e.g. US01"
                              helpText="As your provider names it. Checked with the provider when you save."
                              error={errorOf(`${prefix}.warehouseId`)}
                            />
                          ))}
                        <Text as="p" tone="subdued">
                          {location === null
                            ? "Shopify location: created by the app after you save with the warehouse enabled."
                            : `Shopify location: ${locationName.get(location) ?? location}`}
                        </Text>
                        <TextInput
                          name={`${prefix}.country`}
                          label="Country of the warehouse"
                          initial={warehouse.country}
                          placeholder="e.g. US"
                          helpText="Two letters. Its Shopify location is put there, which decides customs for its parcels."
                          error={errorOf(`${prefix}.country`)}
                        />
                        <CheckboxInput name={`${prefix}.enabled`} label="Ship from this warehouse" initial={warehouse.enabled} />
                        <TextInput
                          name={`${prefix}.defaultService`}
                          label="Default service"
                          initial={warehouse.defaultService}
                          placeholder="e.g. US01-EXP"
                          helpText="Checked with the provider when you save: it must be one this warehouse offers."
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
                          placeholder="e.g. 1"
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
                          warehouse: NEW_WAREHOUSE,
                        },
                      ])
                    }
                  >
                    Add a warehouse
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
            <Modal
              open={removing !== null}
              onClose={() => setRemoving(null)}
              title={`Remove warehouse ${removing?.warehouseId ?? ""}?`}
              primaryAction={{
                content: "Remove",
                destructive: true,
                onAction: () => {
                  setWarehouses((all) => all.filter((other) => other.id !== removing?.id));
                  setRemoving(null);
                },
              }}
              secondaryActions={[{ content: "Keep it", onAction: () => setRemoving(null) }]}
            >
              <Modal.Section>
                <BlockStack gap="200">
                  <Text as="p">Once you save:</Text>
                  <Text as="p">
                    {removing?.location
                      ? `Its Shopify location "${removing.location}" stays in Shopify with its stock: deactivate it there if Shopify should stop sending orders to it.`
                      : "It has no Shopify location yet."}
                  </Text>
                  <Text as="p">
                    New orders Shopify sends to it are refused with the reason, so you can fulfil them elsewhere; its stock is no longer
                    synced. Packages already sent are followed to the end, and their tracking written to Shopify as usual: nothing is lost.
                  </Text>
                </BlockStack>
              </Modal.Section>
            </Modal>
          </Section>

          <Section
            title="Drop-ship"
            description="Parcels packed at your own locations (a studio, a shop), handed to the provider's handling location, which ships them."
          >
            <Card>
              <BlockStack gap="300">
                <CheckboxInput
                  name="dropShip.enabled"
                  label="Ship parcels from my own locations through the provider's handling location"
                  initial={form.dropShip.enabled}
                />
                <TextInput
                  name="dropShip.handlingLocation"
                  label="Handling location"
                  initial={form.dropShip.handlingLocation}
                  placeholder="e.g. SZ-HUB"
                  helpText="As the provider names it."
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
                  placeholder="e.g. US01-EXP"
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
                  placeholder="e.g. 20"
                  helpText="A heavier package is sent to the provider in several boxes of at most this weight. Leave empty to send every package as one parcel."
                  error={errorOf("dropShip.maxBoxKg")}
                />
              </BlockStack>
            </Card>
          </Section>
        </>
      )}
    </SectionPage>
  );
}
