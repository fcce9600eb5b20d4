/**
 * Parcels packed with SKUs, as the merchant packs them: the boxes of an inbound shipment, the
 * packages of a bulk shipment. Each parcel holds SKUs picked from the catalogue with their
 * quantities, and may have fields of its own (a box's label and size). Parcels and lines keep the
 * number they were given, so an error about one still finds it after another is removed.
 */
import { BlockStack, Box, Button, Card, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { useMemo, useState, type ReactNode } from "react";
import { useFormat, useWords } from "./locale";
import { SkuPicker, type SkuChoice } from "./sku-picker";

export interface SkuLineDraft {
  sku: string;
  quantity: string;
}

interface EditedParcel<Draft> {
  id: number;
  initial: Draft;
  lines: (SkuLineDraft & { id: number })[];
}

export interface SkuLinesEditorProps<Draft extends { lines: readonly SkuLineDraft[] }> {
  /** What a parcel is: a box or a package (its name is the catalogue's, numbered). */
  noun: "box" | "package";
  /** The form fields' prefix: `boxes.<id>.lines.<id>.sku`. */
  fieldPrefix: string;
  initial: readonly Draft[];
  /** A new parcel's fields. */
  empty: Draft;
  catalogue: readonly SkuChoice[];
  errorOf: (field: string) => string | undefined;
  /** The parcel's own fields, above its SKUs; `field` names one of them. */
  parcelFields?: (parcel: { initial: Draft; number: number; field: (name: string) => string }) => ReactNode;
}

export function SkuLinesEditor<Draft extends { lines: readonly SkuLineDraft[] }>(props: SkuLinesEditorProps<Draft>) {
  const { fieldPrefix } = props;
  const words = useWords().skuLines;
  const says = words.parcels[props.noun];
  const format = useFormat();
  const [state, setState] = useState(() => {
    let next = 0;
    const drafts = props.initial.length === 0 ? [props.empty] : props.initial;
    const parcels: EditedParcel<Draft>[] = drafts.map((initial) => ({
      id: next++,
      initial,
      lines: initial.lines.map((line) => ({ id: next++, ...line })),
    }));
    return { parcels, next, picked: -1 };
  });
  const names = useMemo(() => new Map(props.catalogue.map((choice) => [choice.sku, choice.name])), [props.catalogue]);
  const { parcels, next } = state;
  const update = (id: number, change: (parcel: EditedParcel<Draft>) => EditedParcel<Draft>) =>
    setState({ ...state, parcels: parcels.map((parcel) => (parcel.id === id ? change(parcel) : parcel)) });

  return (
    <BlockStack gap="400">
      {parcels.map((parcel, index) => {
        const field = (name: string) => `${fieldPrefix}.${parcel.id}.${name}`;
        const number = format.number(index + 1);
        return (
          <Card key={parcel.id}>
            {/* A parcel with no SKU yet sends no line: this says it is on the form, to be told what it lacks. */}
            <input type="hidden" name={field("added")} value="1" />
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  {says.title(number)}
                </Text>
                {parcels.length > 1 && (
                  <Button
                    variant="plain"
                    tone="critical"
                    onClick={() => setState({ ...state, parcels: parcels.filter((other) => other.id !== parcel.id) })}
                    accessibilityLabel={says.removeNumbered(number)}
                  >
                    {says.remove}
                  </Button>
                )}
              </InlineStack>
              {props.parcelFields?.({ initial: parcel.initial, number: index + 1, field })}
              <SkuPicker
                label={says.addSku(number)}
                choices={props.catalogue}
                exclude={new Set(parcel.lines.map((line) => line.sku))}
                // That error says the parcel holds nothing: gone as soon as it holds something, not at the next check.
                error={parcel.lines.length > 0 ? undefined : props.errorOf(field("lines"))}
                helpText={props.catalogue.length === 0 ? words.emptyCatalogue : undefined}
                onPick={(sku) =>
                  setState({
                    ...state,
                    next: next + 1,
                    picked: next,
                    parcels: parcels.map((other) =>
                      other.id === parcel.id ? { ...other, lines: [...other.lines, { id: next, sku, quantity: "1" }] } : other,
                    ),
                  })
                }
              />
              {parcel.lines.map((line) => {
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
                          <Button
                            variant="plain"
                            tone="critical"
                            onClick={() => update(parcel.id, (other) => ({ ...other, lines: other.lines.filter((l) => l.id !== line.id) }))}
                            accessibilityLabel={says.removeSku(line.sku, number)}
                          >
                            {words.removeLine}
                          </Button>
                        </InlineStack>
                      </BlockStack>
                      {/* Focused as the line appears: the merchant picks a SKU, then types how many. */}
                      <TextField
                        name={lineField("quantity")}
                        label={says.quantityOf(line.sku, number)}
                        labelHidden
                        prefix={words.quantity}
                        type="number"
                        min={1}
                        value={line.quantity}
                        onChange={(quantity) =>
                          update(parcel.id, (other) => ({
                            ...other,
                            lines: other.lines.map((l) => (l.id === line.id ? { ...l, quantity } : l)),
                          }))
                        }
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
      {props.errorOf(fieldPrefix) && (
        <Text as="p" tone="critical">
          {props.errorOf(fieldPrefix)}
        </Text>
      )}
      <InlineStack>
        <Button
          onClick={() => setState({ ...state, next: next + 1, parcels: [...parcels, { id: next, initial: props.empty, lines: [] }] })}
        >
          {says.add}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
