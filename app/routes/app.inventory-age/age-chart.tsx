/**
 * The SKUs of the table's page as horizontal bars, each stacked by age in six bands (the provider's
 * twelve merged in pairs), fresh (light) to old (dark). Polaris Viz measures its container in the browser before it draws (it
 * renders nothing on the server), so the chart is drawn after hydration into a box whose height is
 * fixed from the number of bars: the page never moves when it appears.
 */
import { BarChart, PolarisVizProvider } from "@shopify/polaris-viz";
import { useEffect, useState } from "react";
import { useWords } from "~/components/locale";
import { CHART_BANDS, unitsInChartBand, type ChartBand, type StockAgeRow } from "~/connector/inventory-age";
import { useBandLabel } from "./band-label";

/**
 * Fresh to old: one sequential palette (light to dark orange, ColorBrewer's Oranges), one colour per
 * chart band. Twelve hues from green to red could not be told apart; six steps of one can.
 */
const BAND_COLOURS = ["#fdd0a2", "#fdae6b", "#fd8d3c", "#f16913", "#d94801", "#8c2d04"] as const;

const BAR_HEIGHT_PX = 26;
/** The x axis under the bars. */
const CHART_CHROME_PX = 40;

export const chartHeightPx = (bars: number) => Math.max(1, bars) * BAR_HEIGHT_PX + CHART_CHROME_PX;

const colourOf = (index: number) => BAND_COLOURS[index] ?? "#8c2d04";

/**
 * A picture of the table under it, hidden from screen readers (the table has the same numbers, and
 * Polaris Viz's horizontal bars carry list roles without list items). The legend is drawn here in
 * full: Polaris Viz's own folds bands into "+4 more".
 */
export function AgeChart({ rows }: { rows: readonly StockAgeRow[] }) {
  const [mounted, setMounted] = useState(false);
  const words = useWords().inventoryAge;
  const bandLabel = useBandLabel();
  const daysOf = (band: ChartBand) => words.bandDays(bandLabel(band.bands[0] ?? "To30Days", band.bands[band.bands.length - 1]));
  useEffect(() => setMounted(true), []);
  // The table below keeps every 30-day band; the chart merges them in pairs (CHART_BANDS).
  const data = CHART_BANDS.map((band, index) => ({
    name: daysOf(band),
    color: colourOf(index),
    data: rows.map((row) => ({ key: row.sku, value: unitsInChartBand(row, band) })),
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
        {CHART_BANDS.map((band, index) => (
          <li key={band.label} style={{ display: "flex", alignItems: "center", gap: 6, fontSize: 12 }}>
            <span style={{ width: 10, height: 10, borderRadius: 2, background: colourOf(index), display: "inline-block" }} />
            {daysOf(band)}
          </li>
        ))}
      </ul>
    </div>
  );
}
