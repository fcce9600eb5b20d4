/** A product row's state as the merchant reads it: a badge, and what to know about it in sentences. */
import { Badge, BlockStack, Text } from "@shopify/polaris";
import { useFormat, useWords } from "~/components/locale";
import type { Words } from "~/lib/words";
import { partsIn } from "~/lib/words/parts-said";
import { textIn } from "~/lib/words/reason-said";
import type { ProductRow } from "./products.server";

export function StateBadge({ row }: { row: ProductRow }) {
  const says = useWords().products.states;
  // The provider's approval status is its own word, shown as it said it.
  switch (row.state) {
    case "REGISTERED":
      return <Badge tone="success">{row.approvalStatus ? says.registeredAs(row.approvalStatus) : says.registered}</Badge>;
    case "DIFFERS":
      return <Badge tone="warning">{row.approvalStatus ? says.differsAs(row.approvalStatus) : says.differs}</Badge>;
    case "NOT_REGISTERED":
      return (
        <Badge tone={row.problems.length > 0 || row.lastFailure ? "critical" : "attention"}>
          {row.problems.length > 0 ? says.cannotRegisterYet : says.notRegistered}
        </Badge>
      );
    case "KIT":
      return <Badge tone={row.missingComponents.length > 0 ? "critical" : "success"}>{says.kit}</Badge>;
    case "PROVIDER_ONLY":
      return <Badge tone="info">{says.providerOnly}</Badge>;
    case "NO_SKU":
      return <Badge>{says.noSku}</Badge>;
  }
}

/** A kit's components as the page says them: "Picked as 2 × MUG-01, 1 × CANDLE-02." */
export function pickedAs(
  components: readonly { sku: string; quantity: number }[],
  words: Words,
  number: (value: number) => string,
): string {
  const says = words.products;
  return says.pickedAs(
    components.map((component) => says.component(number(component.quantity), component.sku)).join(says.componentSeparator),
  );
}

/**
 * What keeps the row back, or how it differs from the provider's record; empty when nothing. The
 * SKU's checks (`problems`) and the last attempt's refusal (kept on the run's row) are said in the
 * admin's words, the provider's own words quoted; a refusal stored before it kept its sentences, as written.
 */
export function whatToKnow(row: ProductRow, words: Words, number: (value: number) => string): string[] {
  const says = words.products;
  switch (row.state) {
    case "DIFFERS":
      return row.differences.map((d) => {
        // Each number in a value ("1200", "30 × 20 × 2.5") written as the admin writes numbers; "?" (not known) and words as they are.
        const numbers = (text: string) => text.replace(/\d+(\.\d+)?/g, (digits) => number(Number(digits)));
        const value = (text: string) =>
          text === ""
            ? says.none
            : d.unit === "g"
              ? says.grams(numbers(text))
              : d.unit === "cm"
                ? says.centimetres(numbers(text))
                : d.field === "Declared value"
                  ? numbers(text)
                  : text;
        return says.difference(says.fields[d.field], value(d.provider), value(d.shopify));
      });
    case "PROVIDER_ONLY":
      return [says.providerOnlyLine];
    case "KIT":
      return [pickedAs(row.kit ?? [], words, number), ...row.missingComponents.map((sku) => says.componentMissing(sku))];
    case "NO_SKU":
      return [says.noSkuLine];
    default:
      return [
        ...row.problems.map((problem) => textIn(words.skuChecks, problem)),
        ...(row.lastFailure ? [says.lastAttempt(partsIn(words, row.lastFailure))] : []),
      ];
  }
}

export function Details({ row }: { row: ProductRow }) {
  const words = useWords();
  const format = useFormat();
  const lines = whatToKnow(row, words, format.number);
  if (lines.length === 0)
    return (
      <Text as="span" tone="subdued">
        —
      </Text>
    );
  // Table cells do not wrap by default; these sentences must.
  return (
    <div style={{ whiteSpace: "normal", minWidth: "16rem", maxWidth: "28rem" }}>
      <BlockStack gap="100">
        {lines.map((line) => (
          <Text as="p" variant="bodySm" key={line}>
            {line}
          </Text>
        ))}
      </BlockStack>
    </div>
  );
}
