/**
 * The SKUs of the table's page as horizontal bars, each stacked by the provider's age bands, fresh
 * (green) to old (red). Polaris Viz measures its container in the browser before it draws (it
 * renders nothing on the server), so the chart is drawn after hydration into a box whose height is
 * fixed from the number of bars: the page never moves when it appears.
 */
import { BarChart, PolarisVizProvider } from "@shopify/polaris-viz";
import { useEffect, useState } from "react";
import { AGE_BANDS, bandLabel, type StockAgeRow } from "~/connector/inventory-age";

/** Fresh to old: one colour per band, from green through amber to red. */
const BAND_COLOURS = [
  "#1a7f37",
  "#2f9e44",
  "#5cb85c",
  "#8cc152",
  "#b5cc3a",
  "#d8c22c",
  "#f0b429",
  "#f08c28",
  "#e8692b",
  "#d94a2f",
  "#c0392b",
  "#8e1b1b",
] as const;

const BAR_HEIGHT_PX = 26;
/** The x axis under the bars. */
const CHART_CHROME_PX = 40;

export const chartHeightPx = (bars: number) => Math.max(1, bars) * BAR_HEIGHT_PX + CHART_CHROME_PX;

const colourOf = (index: number) => BAND_COLOURS[index] ?? "#8e1b1b";

/**
 * A picture of the table under it, hidden from screen readers (the table has the same numbers, and
 * Polaris Viz's horizontal bars carry list roles without list items). The legend is drawn here in
 * full: Polaris Viz's own folds bands into "+4 more".
 */
export function AgeChart({ rows }: { rows: readonly StockAgeRow[] }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const data = AGE_BANDS.map((band, index) => ({
    name: `${bandLabel(band)} days`,
    color: colourOf(index),
    data: rows.map((row) => ({ key: row.sku, value: row.bands[band] })),
  }));
  return (
    <div aria-hidden="true">
      <div style={{ height: chartHeightPx(rows.length), width: "100%" }}>
        {mounted && (
          <PolarisVizProvider>
            {/* A new chart for other bars: Polaris Viz keeps per-bar state that a changed set of bars would outrun. */}
            <BarChart
              key={rows.map((row) => row.sku).join("\n")}
              id="inventory-age-chart"
              data={data}
              direction="horizontal"
              type="stacked"
              isAnimated={false}
              showLegend={false}
            />
          </PolarisVizProvider>
        )}
      </div>
      <ul style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", listStyle: "none", margin: 0, padding: 0 }}>
        {AGE_BANDS.map((band, index) => (
          <li key={band} style={{ display: "flex", alignItems: "center", gap: 6, fontSize: 12 }}>
            <span style={{ width: 10, height: 10, borderRadius: 2, background: colourOf(index), display: "inline-block" }} />
            {bandLabel(band)} days
          </li>
        ))}
      </ul>
    </div>
  );
}
