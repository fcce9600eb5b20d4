// Settings > Warehouses and routing: the provider's warehouses that ship the merchant's stock, the
// merchant's own locations that ship through drop-ship, and which service carries each parcel.
// Warehouses and services are checked with the provider before they are saved.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Layout } from "@shopify/polaris";
import prisma from "~/db.server";
import { collectPages } from "~/shopify/admin-graphql.server";
import { listLocations } from "~/shopify/locations.server";
import { wordsFor } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { log } from "~/lib/log.server";
import { checkWarehouses, warehousesToCheck } from "~/wiring/provider-checks.server";
import { refuseAtFields } from "../app.settings._index/form.server";
import { SectionPage, type SectionAnswer } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";
import { countryRowsIn, withSuggestedServices, type CountryService } from "./service-suggestions";
import { ServiceSuggestionsCard } from "./service-suggestions-card";
import { DropShipSection, type LocationChoice } from "./drop-ship-section";
import { WarehousesSection, type WarehouseEntry } from "./warehouses-section";
import { planServiceSuggestions, suggestServices } from "./service-suggestions.server";
import { localeOf } from "~/lib/locale";
import { formatterFor } from "~/lib/format";
import { useWords } from "~/components/locale";
import { refusalWords } from "./warehouse-refusals";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const format = formatterFor(localeOf(request));
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
    locationsProblem = wordsFor(format.locale).settingsRouting.locationsProblem;
  }
  return {
    form: (await sectionForm(shop)).form,
    locations,
    locationsProblem,
    suggestionPlan: await planServiceSuggestions(prisma, shop, new Date(), format),
  };
}

type Answer = SectionAnswer & { knownWarehouses?: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const format = formatterFor(localeOf(request));
  const words = wordsFor(format.locale);
  if (intent === "suggestServices")
    return json({
      intent,
      ok: true,
      message: words.settingsRouting.suggestions.suggested,
      suggestions: await suggestServices(prisma, shop, new Date(), format),
    });
  if (intent !== "save")
    return json<Answer>({ intent, ok: false, message: words.settings.unknownAction(intent), errors: [] }, { status: 400 });
  let knownWarehouses: string[] = [];
  const answer = await saveSection("routing", shop, form, words, async (_settings, stored) => {
    // The warehouses new or changed here are asked about first: the provider says which it has, and what each offers.
    const outcome = await checkWarehouses(shop, warehousesToCheck(form, stored));
    knownWarehouses = outcome.knownWarehouses;
    const refusals = Object.entries(outcome.refusals);
    if (refusals.length === 0) return null;
    const fieldErrors = Object.fromEntries(refusals.map(([field, said]) => [field, said.map((refusal) => refusalWords(refusal, words))]));
    return refuseAtFields("routing", form, fieldErrors, words);
  });
  if (knownWarehouses.length === 0) return answer;
  return json<Answer>({ ...((await answer.json()) as SectionAnswer), knownWarehouses }, { status: answer.status });
}

export default function RoutingSettings() {
  const { form, locations, locationsProblem, suggestionPlan } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const locationName = new Map(locations.map((location) => [location.id, location.name]));
  const [warehouses, setWarehouses] = useState<WarehouseEntry[]>(form.warehouses.map((warehouse, id) => ({ id, warehouse, isNew: false })));
  // Suggested services accepted: the warehouse's rows are filled in the form at the click (with the
  // merchant's unsaved rows kept), then the form is saved as the save bar saves it.
  const [rowsRevision, setRowsRevision] = useState<Record<number, number>>({});
  const formHolder = useRef<HTMLDivElement>(null);
  const knownWarehouses = answer && !answer.ok ? (answer.knownWarehouses ?? []) : [];
  const words = useWords().settingsRouting;

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
      title={words.title}
      subtitle={words.subtitle}
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
          <WarehousesSection
            warehouses={warehouses}
            setWarehouses={setWarehouses}
            locationName={locationName}
            knownWarehouses={knownWarehouses}
            rowsRevision={rowsRevision}
            errorOf={errorOf}
            formHolder={formHolder}
          />
          <DropShipSection dropShip={form.dropShip} locations={locations} locationsProblem={locationsProblem} errorOf={errorOf} />
        </>
      )}
    </SectionPage>
  );
}
