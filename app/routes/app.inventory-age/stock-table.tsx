/**
 * The page's rows by age band, with the totals of every row shown (not only this page's), and each
 * SKU's stock older than the chosen days marked.
 */
import { Badge, DataTable, Text } from "@shopify/polaris";
import { AGE_BANDS, type InventoryAgePage } from "~/connector/inventory-age";
import { useFormat, useWords } from "~/components/locale";
import { useBandLabel } from "./band-label";

export function StockTable({
  shown,
  olderThanDays,
}: {
  shown: Pick<InventoryAgePage, "pageRows" | "totals">;
  olderThanDays: number | null;
}) {
  const format = useFormat();
  const number = format.number;
  const words = useWords().inventoryAge;
  const bandLabel = useBandLabel();
  const marked = olderThanDays !== null;
  const headings = [
    words.sku,
    words.total,
    ...AGE_BANDS.map((band) => bandLabel(band)),
    ...(marked ? [words.olderThanDays(number(olderThanDays))] : []),
  ];
  const rows = shown.pageRows.map((row) => [
    <Text as="span" fontWeight="semibold" key="sku">
      {row.sku}
    </Text>,
    number(row.total),
    ...AGE_BANDS.map((band) => (row.bands[band] === 0 ? "–" : number(row.bands[band]))),
    ...(marked
      ? [
          <Badge key="older" tone="warning">
            {words.units(row.olderThan ?? 0, number(row.olderThan ?? 0))}
          </Badge>,
        ]
      : []),
  ]);
  const totals = [
    "",
    number(shown.totals.total),
    ...AGE_BANDS.map((band) => (shown.totals.bands[band] === 0 ? "–" : number(shown.totals.bands[band]))),
    ...(marked ? [number(shown.totals.olderThan ?? 0)] : []),
  ];
  return (
    <DataTable
      columnContentTypes={["text", "numeric", ...AGE_BANDS.map(() => "numeric" as const), ...(marked ? ["numeric" as const] : [])]}
      headings={headings}
      rows={rows}
      totals={totals}
      totalsName={{ singular: words.totalShown, plural: words.totalShown }}
      showTotalsInFooter
      increasedTableDensity
      hasZebraStripingOnData
    />
  );
}
