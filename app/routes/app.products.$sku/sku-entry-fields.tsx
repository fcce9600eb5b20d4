/**
 * A SKU's entry as the merchant fills it in, in three titled cards: how the provider knows it, what
 * customs read, and its size. Every field may be left empty: Shopify's data and the shop's defaults
 * are used then (their values are the placeholders where there are some).
 */
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { TextInput } from "~/components/form-inputs";
import type { ProductRow } from "../app.products._index/products.server";
import { FIELD_LABELS } from "./sku-entry-form";

function FieldsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

const label = (field: string) => FIELD_LABELS[field] ?? field;

export function SkuEntryFields({ row, errorOf }: { row: ProductRow; errorOf: (field: string) => string | undefined }) {
  const entry = row.entry;
  const number = (value: number | undefined) => (value === undefined ? "" : String(value));
  return (
    <BlockStack gap="400">
      <FieldsCard title="At the provider">
        <TextInput
          name="providerSku"
          label={label("providerSku")}
          initial={entry?.providerSku ?? ""}
          placeholder={row.sku ?? ""}
          helpText="The provider's SKU, when it is not the store's."
          error={errorOf("providerSku")}
        />
      </FieldsCard>
      <FieldsCard title="Customs">
        <TextInput
          name="declaredName"
          label={label("declaredName")}
          initial={entry?.declaredName ?? ""}
          helpText="In English: letters, digits, spaces and _ - ( ) ' & , |."
          error={errorOf("declaredName")}
        />
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextInput
            name="hsCode"
            label={label("hsCode")}
            initial={entry?.hsCode ?? ""}
            placeholder={row.hsCode ?? ""}
            helpText="6 to 50 digits."
            error={errorOf("hsCode")}
          />
          <TextInput
            name="declaredValue"
            label={label("declaredValue")}
            initial={number(entry?.declaredValue)}
            helpText="Per unit, in the shop's currency."
            error={errorOf("declaredValue")}
          />
        </InlineGrid>
      </FieldsCard>
      <FieldsCard title="Size">
        <Text as="p" tone="subdued">
          Of one unit as the warehouse stores it, in cm: all three, or none to use the shop&apos;s default size.
        </Text>
        <InlineGrid columns={3} gap="300">
          <TextInput name="lengthCm" label="Length (cm)" initial={number(entry?.size?.lengthCm)} error={errorOf("lengthCm")} />
          <TextInput name="widthCm" label="Width (cm)" initial={number(entry?.size?.widthCm)} error={errorOf("widthCm")} />
          <TextInput name="heightCm" label="Height (cm)" initial={number(entry?.size?.heightCm)} error={errorOf("heightCm")} />
        </InlineGrid>
      </FieldsCard>
    </BlockStack>
  );
}
