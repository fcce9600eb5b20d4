/** A product row's state as the merchant reads it: a badge, and what to know about it in sentences. */
import { Badge, BlockStack, Text } from "@shopify/polaris";
import type { ProductRow } from "./products.server";

export function StateBadge({ row }: { row: ProductRow }) {
  switch (row.state) {
    case "REGISTERED":
      return <Badge tone="success">{`Registered${row.approvalStatus ? `: ${row.approvalStatus}` : ""}`}</Badge>;
    case "DIFFERS":
      return <Badge tone="warning">{`Differs${row.approvalStatus ? ` (${row.approvalStatus})` : ""}`}</Badge>;
    case "NOT_REGISTERED":
      return (
        <Badge tone={row.problems.length > 0 || row.lastFailure ? "critical" : "attention"}>
          {row.problems.length > 0 ? "Cannot register yet" : "Not registered"}
        </Badge>
      );
    case "KIT":
      return <Badge tone={row.problems.length > 0 ? "critical" : "success"}>Kit</Badge>;
    case "PROVIDER_ONLY":
      return <Badge tone="info">Provider only</Badge>;
    case "NO_SKU":
      return <Badge>No SKU</Badge>;
  }
}

/** What keeps the row back, or how it differs from the provider's record; empty when nothing. */
export function whatToKnow(row: ProductRow): string[] {
  return row.state === "DIFFERS"
    ? row.differences.map((d) => `${d.field}: provider ${d.provider || "(none)"}, Shopify ${d.shopify || "(none)"}`)
    : row.state === "PROVIDER_ONLY"
      ? ["The provider has this SKU; no variant in your store sells it."]
      : row.state === "KIT"
        ? [`Picked as ${(row.kit ?? []).map((component) => `${component.quantity} × ${component.sku}`).join(", ")}.`, ...row.problems]
        : [...row.problems, ...(row.lastFailure ? [`Last attempt: ${row.lastFailure}`] : [])];
}

export function Details({ row }: { row: ProductRow }) {
  const lines = whatToKnow(row);
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
