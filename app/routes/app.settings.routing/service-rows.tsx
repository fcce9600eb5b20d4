/** The rows of provider services by destination country and by the checkout's shipping method, for a warehouse or drop-ship. */
import { BlockStack, Text } from "@shopify/polaris";
import { RowsInput } from "~/components/form-inputs";
import { useWords } from "~/components/locale";

/** The columns of services by destination country, in the admin's words. */
export function useServiceColumns() {
  const says = useWords().settingsRouting.services;
  return [
    { key: "country", label: says.country, placeholder: says.countryPlaceholder },
    { key: "service", label: says.service, placeholder: says.servicePlaceholder },
  ] as const;
}

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
  const says = useWords().settingsRouting.services;
  const columns = [
    { key: "method", label: says.method, placeholder: says.methodPlaceholder },
    { key: "service", label: says.service, placeholder: says.servicePlaceholder },
  ] as const;
  return (
    <BlockStack gap="100">
      <Text as="p" tone="subdued">
        {says.byMethod}
      </Text>
      <RowsInput prefix={`${prefix}.byShippingMethod`} columns={columns} initial={initial} errorOf={errorOf} addLabel={says.addMethod} />
    </BlockStack>
  );
}
