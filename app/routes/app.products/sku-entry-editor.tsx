/**
 * The form of one SKU's entry (provider SKU, customs name, HS code, declared value, size), in a
 * modal over the Products list. Checked in the browser as the merchant types, with the schema the
 * server checks it with again (conform).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { BlockStack, InlineGrid, Modal, Text } from "@shopify/polaris";
import { TextInput } from "~/components/form-inputs";
import type { ProductRow } from "./products.server";
import { FIELD_LABELS, SkuEntryForm } from "./sku-entry-form";

function submitForm(id: string): void {
  const element = document.getElementById(id);
  if (element instanceof HTMLFormElement) element.requestSubmit();
}

export function SkuEntryEditor({
  row,
  answer,
  onClose,
}: {
  row: ProductRow;
  answer: { ok: boolean; message: string; result?: SubmissionResult<string[]> } | undefined;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const [form] = useForm({
    id: `sku-entry-${row.key}`,
    lastResult: answer && !answer.ok ? answer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SkuEntryForm, disableAutoCoercion: true }),
  });
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const entry = row.entry;
  const saving = navigation.formData?.get("intent") === "saveEntry";
  const number = (value: number | undefined) => (value === undefined ? "" : String(value));
  return (
    <Modal
      open
      onClose={onClose}
      title={`SKU ${row.sku ?? ""}`}
      primaryAction={{ content: "Save", loading: saving, onAction: () => submitForm(form.id) }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
          <input type="hidden" name="intent" value="saveEntry" />
          <input type="hidden" name="sku" value={row.sku ?? ""} />
          <BlockStack gap="300">
            <Text as="p" tone="subdued">
              {row.title}. What you enter here is used before Shopify&apos;s data and the shop&apos;s defaults when the SKU is registered
              and shipped. Leave a field empty to use those.
            </Text>
            {answer && !answer.ok && (
              <Text as="p" tone="critical">
                {answer.message}
              </Text>
            )}
            <TextInput
              name="providerSku"
              label={FIELD_LABELS.providerSku ?? ""}
              initial={entry?.providerSku ?? ""}
              placeholder={row.sku ?? ""}
              helpText="The provider's SKU, when it is not the store's."
              error={errorOf("providerSku")}
            />
            <TextInput
              name="declaredName"
              label={FIELD_LABELS.declaredName ?? ""}
              initial={entry?.declaredName ?? ""}
              helpText="In English: letters, digits, spaces and _ - ( ) ' & , |."
              error={errorOf("declaredName")}
            />
            <InlineGrid columns={2} gap="300">
              <TextInput
                name="hsCode"
                label={FIELD_LABELS.hsCode ?? ""}
                initial={entry?.hsCode ?? ""}
                placeholder={row.hsCode ?? ""}
                helpText="6 to 50 digits."
                error={errorOf("hsCode")}
              />
              <TextInput
                name="declaredValue"
                label={FIELD_LABELS.declaredValue ?? ""}
                initial={number(entry?.declaredValue)}
                helpText="Per unit, in the shop's currency."
                error={errorOf("declaredValue")}
              />
            </InlineGrid>
            <InlineGrid columns={3} gap="300">
              <TextInput name="lengthCm" label="Length (cm)" initial={number(entry?.size?.lengthCm)} error={errorOf("lengthCm")} />
              <TextInput name="widthCm" label="Width (cm)" initial={number(entry?.size?.widthCm)} error={errorOf("widthCm")} />
              <TextInput name="heightCm" label="Height (cm)" initial={number(entry?.size?.heightCm)} error={errorOf("heightCm")} />
            </InlineGrid>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
