/** A shipment's boxes on its page: the table of what was sent, and the form that changes them while on their way. */
import { parseWithZod } from "@conform-to/zod/v4";
import { useForm } from "@conform-to/react";
import { BlockStack, Button, IndexTable, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import type { InboundBox } from "~/connector/inbound";
import { SaveBarForm } from "~/components/save-bar-form";
import { BoxesEditor, type BoxDraft } from "../app.inbound.new/boxes-editor";
import { inboundFormsIn } from "../app.inbound.new/form";
import { useFormat, useWords } from "~/components/locale";
import type { DetailAnswer } from "./detail-answer";

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="200" align="space-between" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment="end" breakWord>
        {children}
      </Text>
    </InlineStack>
  );
}

export function BoxesTable({ boxes, names }: { boxes: InboundBox[]; names: Map<string, string> }) {
  const words = useWords();
  const says = words.inbound.table;
  const format = useFormat();
  const sizeText = (box: InboundBox) =>
    says.dimensions(format.number(box.lengthCm), format.number(box.widthCm), format.number(box.heightCm));
  return (
    <IndexTable
      resourceName={{ singular: says.oneBox, plural: says.manyBoxes }}
      itemCount={boxes.length}
      selectable={false}
      headings={[{ title: says.box }, { title: says.weight, alignment: "end" }, { title: says.size }, { title: says.holds }]}
    >
      {boxes.map((box, index) => (
        <IndexTable.Row id={String(index)} key={index} position={index}>
          <IndexTable.Cell>
            <Text as="span" fontWeight="semibold">
              {words.skuLines.parcels.box.title(format.number(index + 1))}
            </Text>
            {box.label !== null && (
              <Text as="span" tone="subdued">
                {" "}
                {box.label}
              </Text>
            )}
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {says.grams(format.number(box.weightGrams))}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>{sizeText(box)}</IndexTable.Cell>
          <IndexTable.Cell>
            <BlockStack gap="050">
              {box.lines.map((line) => (
                <Text as="span" key={line.sku} breakWord>
                  {line.providerSku === line.sku
                    ? words.skuLines.line(format.number(line.quantity), names.get(line.sku) ?? line.sku, line.sku)
                    : words.skuLines.lineSentAs(format.number(line.quantity), names.get(line.sku) ?? line.sku, line.sku, line.providerSku)}
                </Text>
              ))}
            </BlockStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}

const draftOf = (box: InboundBox): BoxDraft => ({
  label: box.label ?? "",
  weight: String(box.weightGrams),
  length: String(box.lengthCm),
  width: String(box.widthCm),
  height: String(box.heightCm),
  lines: box.lines.map((line) => ({ sku: line.sku, quantity: String(line.quantity) })),
});

/**
 * The boxes of a shipment on its way, changed in place: saved from the admin's save bar (the
 * provider replaces the boxes); Discard, or Cancel while nothing is changed, closes the editor.
 */
export function ChangeBoxesForm({
  boxes,
  catalogue,
  answer,
  saving,
  onClose,
}: {
  boxes: InboundBox[];
  catalogue: { sku: string; name: string }[];
  answer: DetailAnswer | undefined;
  saving: boolean;
  onClose: () => void;
}) {
  const words = useWords();
  const { BoxesForm } = inboundFormsIn(words);
  const [form] = useForm({
    id: "inbound-boxes",
    lastResult: answer?.intent === "boxes" && !answer.ok ? (answer.result ?? undefined) : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BoxesForm, disableAutoCoercion: true }),
  });
  const errorOf = (field: string) => form.allErrors[field]?.[0];
  return (
    <SaveBarForm id={form.id} onSubmit={form.onSubmit} saving={saving} onDiscard={onClose}>
      <input type="hidden" name="intent" value="boxes" />
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="p" tone="subdued">
            {words.inbound.changeBoxesHelp}
          </Text>
          <Button onClick={onClose}>{words.inbound.cancel}</Button>
        </InlineStack>
        <BoxesEditor initial={boxes.map(draftOf)} catalogue={catalogue} errorOf={errorOf} />
      </BlockStack>
    </SaveBarForm>
  );
}
