/**
 * The packages of a lading order as the merchant packs them: the SKUs each holds (picked from the
 * catalogue) with their quantities. Packages and lines keep the number they were given, so an error
 * about one still finds it after another is removed.
 */
import { BlockStack, Box, Button, Card, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { SkuPicker, type SkuChoice } from "~/components/sku-picker";

interface EditedPackage {
  id: number;
  lines: { id: number; sku: string; quantity: string }[];
}

export function PackagesEditor(props: { catalogue: readonly SkuChoice[]; errorOf: (field: string) => string | undefined }) {
  const [state, setState] = useState<{ packages: EditedPackage[]; next: number; picked: number }>({ packages: [{ id: 0, lines: [] }], next: 1, picked: -1 });
  const names = useMemo(() => new Map(props.catalogue.map((choice) => [choice.sku, choice.name])), [props.catalogue]);
  const { packages, next } = state;
  const update = (id: number, change: (item: EditedPackage) => EditedPackage) => setState({ ...state, packages: packages.map((item) => (item.id === id ? change(item) : item)) });

  return (
    <BlockStack gap="400">
      {packages.map((item, index) => {
        const field = (name: string) => `packages.${item.id}.${name}`;
        const number = index + 1;
        return (
          <Card key={item.id}>
            {/* A package with no SKU yet sends no line: this says it is on the form, to be told what it lacks. */}
            <input type="hidden" name={field("added")} value="1" />
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  Package {number}
                </Text>
                {packages.length > 1 && (
                  <Button variant="plain" tone="critical" onClick={() => setState({ ...state, packages: packages.filter((other) => other.id !== item.id) })} accessibilityLabel={`Remove package ${number}`}>
                    Remove package
                  </Button>
                )}
              </InlineStack>
              <SkuPicker
                label={`Add a SKU to package ${number}`}
                choices={props.catalogue}
                exclude={new Set(item.lines.map((line) => line.sku))}
                // That error says the package holds nothing: gone as soon as it holds something.
                error={item.lines.length > 0 ? undefined : props.errorOf(field("lines"))}
                helpText={props.catalogue.length === 0 ? "Your catalogue has no SKUs yet: it is read from Shopify on the Products page." : undefined}
                onPick={(sku) => setState({ ...state, next: next + 1, picked: next, packages: packages.map((other) => (other.id === item.id ? { ...other, lines: [...other.lines, { id: next, sku, quantity: "1" }] } : other)) })}
              />
              {item.lines.map((line) => {
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
                          <Button variant="plain" tone="critical" onClick={() => update(item.id, (other) => ({ ...other, lines: other.lines.filter((l) => l.id !== line.id) }))} accessibilityLabel={`Remove ${line.sku} from package ${number}`}>
                            Remove
                          </Button>
                        </InlineStack>
                      </BlockStack>
                      {/* Focused as the line appears: the merchant picks a SKU, then types how many. */}
                      <TextField
                        name={lineField("quantity")}
                        label={`Quantity of ${line.sku} in package ${number}`}
                        labelHidden
                        prefix="Qty"
                        type="number"
                        min={1}
                        value={line.quantity}
                        onChange={(quantity) => update(item.id, (other) => ({ ...other, lines: other.lines.map((l) => (l.id === line.id ? { ...l, quantity } : l)) }))}
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
      {props.errorOf("packages") && (
        <Text as="p" tone="critical">
          {props.errorOf("packages")}
        </Text>
      )}
      <InlineStack>
        <Button onClick={() => setState({ ...state, next: next + 1, packages: [...packages, { id: next, lines: [] }] })}>Add a package</Button>
      </InlineStack>
    </BlockStack>
  );
}
