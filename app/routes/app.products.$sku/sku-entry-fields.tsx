/**
 * A SKU's entry as the merchant fills it in, in three titled cards: how the provider knows it, what
 * customs read, and its size. Every field may be left empty: Shopify's data and the shop's defaults
 * are used then (their values are the placeholders where there are some).
 */
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { TextInput } from "~/components/form-inputs";
import { useWords } from "~/components/locale";
import type { ProductRow } from "../app.products._index/products.server";

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

export function SkuEntryFields({ row, errorOf }: { row: ProductRow; errorOf: (field: string) => string | undefined }) {
  const words = useWords().skuPage;
  const label = words.labels;
  const entry = row.entry;
  const number = (value: number | undefined) => (value === undefined ? "" : String(value));
  return (
    <BlockStack gap="400">
      <FieldsCard title={words.atProvider}>
        <TextInput
          name="providerSku"
          label={label.providerSku}
          initial={entry?.providerSku ?? ""}
          placeholder={row.sku ?? ""}
          helpText={words.providerSkuHelp}
          error={errorOf("providerSku")}
        />
      </FieldsCard>
      <FieldsCard title={words.customs}>
        <TextInput
          name="declaredName"
          label={label.declaredName}
          initial={entry?.declaredName ?? ""}
          helpText={words.declaredNameHelp}
          error={errorOf("declaredName")}
        />
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextInput
            name="hsCode"
            label={label.hsCode}
            initial={entry?.hsCode ?? ""}
            placeholder={row.hsCode ?? ""}
            helpText={words.hsCodeHelp}
            error={errorOf("hsCode")}
          />
          <TextInput
            name="declaredValue"
            label={label.declaredValue}
            initial={number(entry?.declaredValue)}
            helpText={words.declaredValueHelp}
            error={errorOf("declaredValue")}
          />
        </InlineGrid>
      </FieldsCard>
      <FieldsCard title={words.size}>
        <Text as="p" tone="subdued">
          {words.sizeHelp}
        </Text>
        <InlineGrid columns={3} gap="300">
          <TextInput name="lengthCm" label={label.lengthCm} initial={number(entry?.size?.lengthCm)} error={errorOf("lengthCm")} />
          <TextInput name="widthCm" label={label.widthCm} initial={number(entry?.size?.widthCm)} error={errorOf("widthCm")} />
          <TextInput name="heightCm" label={label.heightCm} initial={number(entry?.size?.heightCm)} error={errorOf("heightCm")} />
        </InlineGrid>
      </FieldsCard>
    </BlockStack>
  );
}
