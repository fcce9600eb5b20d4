// A page written the old way, English inline: words.test.ts proves its check finds each sentence.
import { Page, Text } from "@shopify/polaris";

export function Example({ warehouse, enabled }: { warehouse: string; enabled: boolean }) {
  return (
    <Page title="Inventory age" primaryAction={{ content: "Export CSV" }}>
      <Text as="p" variant="headingMd" tone="subdued">
        {enabled ? warehouse : `${warehouse} (not shipping)`}
      </Text>
      <Text as="h2">No SKU matches</Text>
    </Page>
  );
}

export const answer = () => ({ ok: true, message: "Queued: the stock sync reads the provider again." });

export const notFound = () => new Response("No such warehouse here", { status: 404 });
