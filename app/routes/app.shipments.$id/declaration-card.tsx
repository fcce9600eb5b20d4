/**
 * The shipment page's customs declaration: the form that corrects a drop-ship package's
 * declaration at the provider, per line and for the package, with each field's error beside it;
 * or, when the package cannot be declared now, why. Sent from the admin's contextual save bar (Save)
 * once a field is changed; Discard puts the fields back, and leaving with changes asks first.
 */
import { Banner, BlockStack, Box, Card, Divider, InlineGrid, List, Text } from "@shopify/polaris";
import { TextInput } from "~/components/form-inputs";
import { SaveBarForm, useDiscard } from "~/components/save-bar-form";
import type { DeclarationPage, DeclareOutcome } from "~/flows/declare/declare.server";
import { useFormat } from "~/components/locale";

export function DeclarationCard({
  declaration,
  answer: latest,
  sending,
  onChanges,
}: {
  declaration: DeclarationPage;
  answer: DeclareOutcome | undefined;
  sending: boolean;
  onChanges: (dirty: boolean) => void;
}) {
  const format = useFormat();
  // Discard mounts the fields again from the loaded declaration (useDiscard).
  const { generation, answer, discard } = useDiscard(latest);
  if (!declaration.allowed) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Customs declaration
          </Text>
          <Text as="p" tone="subdued">
            {declaration.why}
          </Text>
        </BlockStack>
      </Card>
    );
  }
  const errorOf = (field: string) => {
    const messages = answer?.errors.filter((error) => error.field === field).map((error) => error.message) ?? [];
    return messages.length > 0 ? messages.join("; ") : undefined;
  };
  const { values } = declaration;
  return (
    <Card>
      {/* Keyed by the last declaration: after a successful send the fields start from it again. */}
      <SaveBarForm
        key={`${declaration.lastDeclaredAt ?? "as-sent"}-${generation}`}
        id={`declaration-${generation}`}
        saving={sending}
        onChanges={onChanges}
        onDiscard={discard}
      >
        <input type="hidden" name="intent" value="declare" />
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Customs declaration
            </Text>
            <Text as="p" tone="subdued">
              {declaration.lastDeclaredAt === null
                ? "As the package was sent. Correct what customs should read, then Save in the bar at the top: it is sent to the provider."
                : `As last declared on ${format.dateTime(declaration.lastDeclaredAt)}. Correct what customs should read, then Save in the bar at the top to send it again.`}
            </Text>
          </BlockStack>
          {sending ? (
            <Banner tone="info" title="Sending the declaration to the provider…" />
          ) : (
            answer && (
              <Banner tone={answer.outcome === "declared" ? "success" : "critical"} title={answer.message}>
                {answer.errors.length > 0 && (
                  <List>
                    {answer.errors.map((error, index) => (
                      <List.Item key={index}>
                        {error.label}: {error.message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Banner>
            )
          )}
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
            <TextInput name="weight" label="Package weight (g)" initial={values.weight} error={errorOf("weight")} />
            <TextInput name="vatCode" label="VAT code" initial={values.vatCode} error={errorOf("vatCode")} />
            <TextInput name="ioss" label="IOSS number" initial={values.ioss} error={errorOf("ioss")} placeholder="e.g. IM0123456789" />
            <TextInput name="length" label="Length (cm)" initial={values.length} error={errorOf("length")} />
            <TextInput name="width" label="Width (cm)" initial={values.width} error={errorOf("width")} />
            <TextInput name="height" label="Height (cm)" initial={values.height} error={errorOf("height")} />
          </InlineGrid>
          {values.lines.map((line, index) => {
            const field = (name: string) => `lines.${index}.${name}`;
            return (
              <BlockStack key={index} gap="200">
                <Divider />
                <Box paddingBlockStart="100">
                  <Text as="h3" variant="headingSm">
                    {`Line ${index + 1}: ${line.sku} × ${line.quantity}`}
                  </Text>
                </Box>
                <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
                  <TextInput
                    name={field("declareNameEn")}
                    label="Declared name in English"
                    initial={line.declareNameEn}
                    error={errorOf(field("declareNameEn"))}
                  />
                  <TextInput
                    name={field("declareNameCn")}
                    label="Declared name in the local language"
                    initial={line.declareNameCn}
                    error={errorOf(field("declareNameCn"))}
                  />
                  <TextInput
                    name={field("declareValue")}
                    label="Declared value per unit"
                    initial={line.declareValue}
                    error={errorOf(field("declareValue"))}
                  />
                  <TextInput
                    name={field("hsCode")}
                    label="HS code"
                    initial={line.hsCode}
                    error={errorOf(field("hsCode"))}
                    helpText="6 to 50 digits, or empty."
                  />
                  <TextInput name={field("weight")} label="Weight per unit (g)" initial={line.weight} error={errorOf(field("weight"))} />
                  <TextInput name={field("materialEn")} label="Material" initial={line.materialEn} error={errorOf(field("materialEn"))} />
                </InlineGrid>
              </BlockStack>
            );
          })}
        </BlockStack>
      </SaveBarForm>
    </Card>
  );
}
