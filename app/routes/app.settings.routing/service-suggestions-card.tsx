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
import { useFormat, useWords } from "~/components/locale";
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
  const says = useWords().settingsRouting.suggestions;
  const format = useFormat();
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {props.sku === null
          ? says.warehouseNoSku(props.warehouseId)
          : says.warehousePricedFor(props.warehouseId, format.number(1), props.sku.sku, props.sku.why)}
      </Text>
      <table style={{ width: "100%", tableLayout: "fixed", borderCollapse: "collapse" }}>
        <thead>
          <tr>
            <th style={{ ...cell, width: "30%" }}>{says.country}</th>
            <th style={{ ...cell, width: "20%" }}>{says.now}</th>
            <th style={{ ...cell, width: "38%" }}>{says.cheapest}</th>
            <th style={{ ...cell, width: "12%" }}>
              <span style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>{says.action}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ country, answer, now }) => {
            const suggested = answer?.suggested ?? null;
            const text = props.asking
              ? says.askingCell
              : suggested
                ? [suggested.code, suggested.price, suggested.days].filter(Boolean).join(" · ")
                : (answer?.note ?? "—");
            return (
              <tr key={country.code} style={{ borderTop: "1px solid var(--p-color-border-secondary)" }}>
                <td style={cell} title={says.shipmentsIn90Days(country.shipments, format.number(country.shipments))}>
                  {country.name}
                </td>
                <td style={cell}>{now ?? (defaultService === "" ? says.none : says.asDefault(defaultService))}</td>
                <td style={cell} title={suggested?.name ?? text}>
                  {text}
                </td>
                <td style={cell}>
                  {suggested !== null && suggested.code === now ? (
                    <Text as="span" tone="subdued">
                      {says.inUse}
                    </Text>
                  ) : (
                    <Button
                      variant="plain"
                      disabled={suggested === null || props.saving}
                      accessibilityLabel={says.useFor(suggested?.code ?? says.theSuggested, country.name, props.warehouseId)}
                      onClick={() => suggested && props.onUse([{ country: country.code, service: suggested.code }])}
                    >
                      {says.use}
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
          {says.useAll(props.warehouseId)}
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
  const says = useWords().settingsRouting.suggestions;
  const format = useFormat();
  const status = asking
    ? says.asking(format.number(countries.length * warehouses.length))
    : (answer?.problem ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.message : says.fromPrices));

  return (
    <Card>
      <BlockStack gap="300">
        <FieldGroupTitle>{says.title}</FieldGroupTitle>
        <Text as="p" tone="subdued">
          {countries.length === 0
            ? says.nothingYet
            : warehouses.length === 0
              ? says.noWarehouse
              : says.about(countries.length, format.number(countries.length), countries.map((country) => country.code).join(", "))}
        </Text>
        {canAsk && (
          <InlineStack>
            <Button loading={asking} onClick={() => fetcher.submit({ intent: "suggestServices" }, { method: "post" })}>
              {shown ? says.suggestAgain : says.suggest}
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
