/** The rows of provider services by destination country and by the checkout's shipping method, for a warehouse or drop-ship. */
import { BlockStack, Text } from "@shopify/polaris";
import { RowsInput } from "~/components/form-inputs";

export const SERVICE_COLUMNS = [
  { key: "country", label: "Destination country", placeholder: "e.g. CA" },
  { key: "service", label: "Service code", placeholder: "e.g. US01-EXP" },
] as const;

const METHOD_COLUMNS = [
  { key: "method", label: "Shipping method at checkout", placeholder: "e.g. Express" },
  { key: "service", label: "Service code", placeholder: "e.g. US01-EXP" },
] as const;

/** The rows of services by the checkout's shipping method, which win over the country. */
export function ShippingMethodRows({
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
        By the shipping method the customer paid for (its name as checkout shows it, or its code, any case). It wins over the service the
        customer chose from the app's checkout rates, and over the country.
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
