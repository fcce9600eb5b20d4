/**
 * The boxes of an inbound shipment as the merchant packs them: each box's label, weight and size,
 * and the SKUs it holds (picked from the catalogue) with their quantities. Boxes and lines keep the
 * number they were given, so an error about one still finds it after another is removed.
 */
import { BlockStack, Box, Button, Card, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { SkuPicker, type SkuChoice } from "~/components/sku-picker";

export interface BoxDraft {
  label: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  lines: { sku: string; quantity: string }[];
}

const EMPTY_BOX: BoxDraft = { label: "", weight: "", length: "", width: "", height: "", lines: [] };

/** A field that keeps its own value (the form is submitted whole). */
function Field(props: { name: string; label: string; initial: string; error?: string; suffix?: string; numeric?: boolean; autoFocus?: boolean }) {
  const [value, setValue] = useState(props.initial);
  return (
    <TextField
      name={props.name}
      label={props.label}
      value={value}
      onChange={setValue}
      error={props.error}
      suffix={props.suffix}
      inputMode={props.numeric ? "decimal" : undefined}
      autoFocus={props.autoFocus}
      autoComplete="off"
    />
  );
}

interface EditedBox {
  id: number;
  initial: BoxDraft;
  lines: { id: number; sku: string; quantity: string }[];
}

export function BoxesEditor(props: { initial: readonly BoxDraft[]; catalogue: readonly SkuChoice[]; errorOf: (field: string) => string | undefined }) {
  const [state, setState] = useState(() => {
    let next = 0;
    const boxes: EditedBox[] = (props.initial.length === 0 ? [EMPTY_BOX] : props.initial).map((initial) => ({ id: next++, initial, lines: initial.lines.map((line) => ({ id: next++, ...line })) }));
    return { boxes, next, picked: -1 };
  });
  const names = useMemo(() => new Map(props.catalogue.map((choice) => [choice.sku, choice.name])), [props.catalogue]);
  const { boxes, next } = state;
  const update = (id: number, change: (box: EditedBox) => EditedBox) => setState({ ...state, boxes: boxes.map((box) => (box.id === id ? change(box) : box)) });

  return (
    <BlockStack gap="400">
      {boxes.map((box, index) => {
        const field = (name: string) => `boxes.${box.id}.${name}`;
        const number = index + 1;
        return (
          <Card key={box.id}>
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  Box {number}
                </Text>
                {boxes.length > 1 && (
                  <Button variant="plain" tone="critical" onClick={() => setState({ ...state, boxes: boxes.filter((other) => other.id !== box.id) })} accessibilityLabel={`Remove box ${number}`}>
                    Remove box
                  </Button>
                )}
              </InlineStack>
              <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
                <Field name={field("label")} label={`Box ${number} label (optional)`} initial={box.initial.label} error={props.errorOf(field("label"))} />
                <Field name={field("weight")} label={`Box ${number} weight`} initial={box.initial.weight} suffix="g" numeric error={props.errorOf(field("weight"))} />
              </InlineGrid>
              <InlineGrid columns={3} gap="300">
                <Field name={field("length")} label={`Box ${number} length`} initial={box.initial.length} suffix="cm" numeric error={props.errorOf(field("length"))} />
                <Field name={field("width")} label={`Box ${number} width`} initial={box.initial.width} suffix="cm" numeric error={props.errorOf(field("width"))} />
                <Field name={field("height")} label={`Box ${number} height`} initial={box.initial.height} suffix="cm" numeric error={props.errorOf(field("height"))} />
              </InlineGrid>
              <SkuPicker
                label={`Add a SKU to box ${number}`}
                choices={props.catalogue}
                exclude={new Set(box.lines.map((line) => line.sku))}
                // That error says the box holds nothing: gone as soon as it holds something, not at the next check.
                error={box.lines.length > 0 ? undefined : props.errorOf(field("lines"))}
                helpText={props.catalogue.length === 0 ? "Your catalogue has no SKUs yet: it is read from Shopify on the Products page." : undefined}
                onPick={(sku) => setState({ ...state, next: next + 1, picked: next, boxes: boxes.map((other) => (other.id === box.id ? { ...other, lines: [...other.lines, { id: next, sku, quantity: "1" }] } : other)) })}
              />
              {box.lines.map((line) => {
                const lineField = (name: string) => field(`lines.${line.id}.${name}`);
                return (
                  <Box key={line.id} paddingBlockStart="100">
                    <input type="hidden" name={lineField("sku")} value={line.sku} />
                    <InlineGrid columns={["twoThirds", "oneThird"]} gap="200" alignItems="start">
                      <BlockStack gap="050">
                        <Text as="p" fontWeight="semibold" breakWord>
                          {names.get(line.sku) ?? line.sku}
                        </Text>
                        <Text as="p" tone="subdued" variant="bodySm" breakWord>
                          {line.sku}
                        </Text>
                        {props.errorOf(lineField("sku")) && (
                          <Text as="p" tone="critical">
                            {props.errorOf(lineField("sku"))}
                          </Text>
                        )}
                        <InlineStack>
                          <Button variant="plain" tone="critical" onClick={() => update(box.id, (other) => ({ ...other, lines: other.lines.filter((l) => l.id !== line.id) }))} accessibilityLabel={`Remove ${line.sku} from box ${number}`}>
                            Remove
                          </Button>
                        </InlineStack>
                      </BlockStack>
                      {/* Focused as the line appears: the merchant picks a SKU, then types how many. */}
                      <TextField
                        name={lineField("quantity")}
                        label={`Quantity of ${line.sku} in box ${number}`}
                        labelHidden
                        prefix="Qty"
                        type="number"
                        min={1}
                        value={line.quantity}
                        onChange={(quantity) => update(box.id, (other) => ({ ...other, lines: other.lines.map((l) => (l.id === line.id ? { ...l, quantity } : l)) }))}
                        autoComplete="off"
                        autoFocus={line.id === state.picked}
                        error={props.errorOf(lineField("quantity"))}
                      />
                    </InlineGrid>
                  </Box>
                );
              })}
            </BlockStack>
          </Card>
        );
      })}
      {props.errorOf("boxes") && (
        <Text as="p" tone="critical">
          {props.errorOf("boxes")}
        </Text>
      )}
      <InlineStack>
        <Button onClick={() => setState({ ...state, next: next + 1, boxes: [...boxes, { id: next, initial: EMPTY_BOX, lines: [] }] })}>Add a box</Button>
      </InlineStack>
    </BlockStack>
  );
}
