/**
 * Settings > Warehouses and routing, "Suggested services by country": the countries of the last 90 days' shipments
 * are known when the page loads, so the table of each warehouse appears at the click with a line per
 * country, and the provider's answer fills its cells in place (one line each) without moving the
 * page. "Use" fills the warehouse's services-by-country rows of the form and saves it the usual way.
 */
import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { CSSProperties } from "react";
import { FieldGroupTitle } from "~/components/form-inputs";
import type { CountryService, SuggestionPlan, WarehouseSuggestions } from "./service-suggestions";

export interface SuggestAnswer {
  intent: "suggestServices";
  ok: boolean;
  message: string;
  suggestions?: { warehouses: WarehouseSuggestions[]; problem: string | null };
}

interface CurrentServices {
  defaultService: string;
  byCountry: readonly CountryService[];
}

const cell: CSSProperties = {
  padding: "6px 8px 6px 0",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  textAlign: "left",
  verticalAlign: "middle",
};

function WarehouseTable(props: {
  warehouseId: string;
  sku: SuggestionPlan["warehouses"][number]["sku"];
  countries: SuggestionPlan["countries"];
  current: CurrentServices | undefined;
  answer: WarehouseSuggestions | undefined;
  asking: boolean;
  saving: boolean;
  onUse: (services: CountryService[]) => void;
}) {
  const nowFor = (country: string) => props.current?.byCountry.find((row) => row.country === country)?.service ?? null;
  const rows = props.countries.map((country) => ({
    country,
    answer: props.answer?.byCountry.find((entry) => entry.country === country.code),
    now: nowFor(country.code),
  }));
  const usable = rows.flatMap((row) =>
    row.answer?.suggested && row.answer.suggested.code !== row.now
      ? [{ country: row.country.code, service: row.answer.suggested.code }]
      : [],
  );
  const defaultService = props.current?.defaultService ?? "";
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        Warehouse {props.warehouseId}
        {props.sku === null
          ? ": no SKU to price with yet (none shipped from or stocked there)"
          : `, priced for 1 × ${props.sku.sku} (${props.sku.why})`}
      </Text>
      <table style={{ width: "100%", tableLayout: "fixed", borderCollapse: "collapse" }}>
        <thead>
          <tr>
            <th style={{ ...cell, width: "30%" }}>Country</th>
            <th style={{ ...cell, width: "20%" }}>Now</th>
            <th style={{ ...cell, width: "38%" }}>Cheapest</th>
            <th style={{ ...cell, width: "12%" }}>
              <span style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ country, answer, now }) => {
            const suggested = answer?.suggested ?? null;
            const text = props.asking
              ? "Asking the provider…"
              : suggested
                ? [suggested.code, suggested.price, suggested.days].filter(Boolean).join(" · ")
                : (answer?.note ?? "—");
            return (
              <tr key={country.code} style={{ borderTop: "1px solid var(--p-color-border-secondary)" }}>
                <td style={cell} title={`${country.shipments} ${country.shipments === 1 ? "shipment" : "shipments"} in 90 days`}>
                  {country.name}
                </td>
                <td style={cell}>{now ?? (defaultService === "" ? "none" : `${defaultService} (default)`)}</td>
                <td style={cell} title={suggested?.name ?? text}>
                  {text}
                </td>
                <td style={cell}>
                  {suggested !== null && suggested.code === now ? (
                    <Text as="span" tone="subdued">
                      In use
                    </Text>
                  ) : (
                    <Button
                      variant="plain"
                      disabled={suggested === null || props.saving}
                      accessibilityLabel={`Use ${suggested?.code ?? "the suggested service"} for ${country.name} from ${props.warehouseId}`}
                      onClick={() => suggested && props.onUse([{ country: country.code, service: suggested.code }])}
                    >
                      Use
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <InlineStack>
        <Button disabled={usable.length === 0 || props.saving} onClick={() => props.onUse(usable)}>
          {`Use all for ${props.warehouseId} and save`}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

export function ServiceSuggestionsCard(props: {
  plan: SuggestionPlan;
  current: ReadonlyMap<string, CurrentServices>;
  saving: boolean;
  onUse: (warehouseId: string, services: CountryService[]) => void;
}) {
  const fetcher = useFetcher<SuggestAnswer>({ key: "suggest-services" });
  const { countries, warehouses } = props.plan;
  const asking = fetcher.state !== "idle";
  const answer = fetcher.data?.suggestions;
  const shown = asking || answer !== undefined;
  const canAsk = countries.length > 0 && warehouses.length > 0;
  const status = asking
    ? `Asking the provider for ${countries.length * warehouses.length} prices…`
    : (answer?.problem ??
      (fetcher.data && !fetcher.data.ok
        ? fetcher.data.message
        : "From the provider's prices just now. Use fills the warehouse's services above and saves the settings."));

  return (
    <Card>
      <BlockStack gap="300">
        <FieldGroupTitle>Suggested services by country</FieldGroupTitle>
        <Text as="p" tone="subdued">
          {countries.length === 0
            ? "Nothing to suggest yet: suggestions are for the countries your shipments went to in the last 90 days."
            : warehouses.length === 0
              ? "Enable a warehouse to have its services suggested."
              : `The cheapest service of each enabled warehouse for the ${countries.length} ${countries.length === 1 ? "country" : "countries"} you shipped to in the last 90 days (${countries.map((country) => country.code).join(", ")}).`}
        </Text>
        {canAsk && (
          <InlineStack>
            <Button loading={asking} onClick={() => fetcher.submit({ intent: "suggestServices" }, { method: "post" })}>
              {shown ? "Suggest again" : "Suggest services"}
            </Button>
          </InlineStack>
        )}
        {shown &&
          warehouses.map((warehouse) => (
            <WarehouseTable
              key={warehouse.warehouseId}
              warehouseId={warehouse.warehouseId}
              sku={warehouse.sku}
              countries={countries}
              current={props.current.get(warehouse.warehouseId)}
              answer={asking ? undefined : answer?.warehouses.find((entry) => entry.warehouseId === warehouse.warehouseId)}
              asking={asking}
              saving={props.saving}
              onUse={(services) => props.onUse(warehouse.warehouseId, services)}
            />
          ))}
        {shown && (
          <div role="status">
            <Text as="p" tone={answer?.problem ? "critical" : "subdued"} truncate={!answer?.problem}>
              {status}
            </Text>
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
