/**
 * The shipment page's customs declaration: the form that corrects a drop-ship package's
 * declaration at the provider, per line and for the package, with each field's error beside it;
 * or, when the package cannot be declared now, why. Sent from the admin's contextual save bar (Save)
 * once a field is changed; Discard puts the fields back, and leaving with changes asks first.
 */
import { Banner, BlockStack, Box, Card, Divider, InlineGrid, List, Text } from "@shopify/polaris";
import { TextInput } from "~/components/form-inputs";
import { SaveBarForm, useDiscard } from "~/components/save-bar-form";
import type { DeclarationPage, DeclareAnswer } from "~/flows/declare/declare.server";
import { useFormat, useWords } from "~/components/locale";

export function DeclarationCard({
  declaration,
  answer: latest,
  sending,
  onChanges,
}: {
  declaration: DeclarationPage;
  answer: DeclareAnswer | undefined;
  sending: boolean;
  onChanges: (dirty: boolean) => void;
}) {
  const format = useFormat();
  const words = useWords().shipmentPage;
  // Discard mounts the fields again from the loaded declaration (useDiscard).
  const { generation, answer, discard } = useDiscard(latest);
  if (!declaration.allowed) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {words.declaration}
          </Text>
          {/* Why not, as the declaration flow says it. */}
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
              {words.declaration}
            </Text>
            <Text as="p" tone="subdued">
              {declaration.lastDeclaredAt === null ? words.asSent : words.asLastDeclared(format.dateTime(declaration.lastDeclaredAt))}
            </Text>
          </BlockStack>
          {sending ? (
            <Banner tone="info" title={words.sendingDeclaration} />
          ) : (
            answer && (
              <Banner tone={answer.outcome === "declared" ? "success" : "critical"} title={answer.message}>
                {answer.errors.length > 0 && (
                  <List>
                    {answer.errors.map((error, index) => (
                      <List.Item key={index}>{words.fieldProblem(error.label, error.message)}</List.Item>
                    ))}
                  </List>
                )}
              </Banner>
            )
          )}
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
            <TextInput name="weight" label={words.packageWeight} initial={values.weight} error={errorOf("weight")} />
            <TextInput name="vatCode" label={words.vatCode} initial={values.vatCode} error={errorOf("vatCode")} />
            <TextInput name="ioss" label={words.ioss} initial={values.ioss} error={errorOf("ioss")} placeholder={words.iossExample} />
            <TextInput name="length" label={words.length} initial={values.length} error={errorOf("length")} />
            <TextInput name="width" label={words.width} initial={values.width} error={errorOf("width")} />
            <TextInput name="height" label={words.height} initial={values.height} error={errorOf("height")} />
          </InlineGrid>
          {values.lines.map((line, index) => {
            const field = (name: string) => `lines.${index}.${name}`;
            return (
              <BlockStack key={index} gap="200">
                <Divider />
                <Box paddingBlockStart="100">
                  <Text as="h3" variant="headingSm">
                    {words.line(format.number(index + 1), line.sku, format.number(line.quantity))}
                  </Text>
                </Box>
                <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
                  <TextInput
                    name={field("declareNameEn")}
                    label={words.declareNameEn}
                    initial={line.declareNameEn}
                    error={errorOf(field("declareNameEn"))}
                  />
                  <TextInput
                    name={field("declareNameCn")}
                    label={words.declareNameCn}
                    initial={line.declareNameCn}
                    error={errorOf(field("declareNameCn"))}
                  />
                  <TextInput
                    name={field("declareValue")}
                    label={words.declareValue}
                    initial={line.declareValue}
                    error={errorOf(field("declareValue"))}
                  />
                  <TextInput
                    name={field("hsCode")}
                    label={words.hsCode}
                    initial={line.hsCode}
                    error={errorOf(field("hsCode"))}
                    helpText={words.hsCodeHelp}
                  />
                  <TextInput name={field("weight")} label={words.unitWeight} initial={line.weight} error={errorOf(field("weight"))} />
                  <TextInput
                    name={field("materialEn")}
                    label={words.material}
                    initial={line.materialEn}
                    error={errorOf(field("materialEn"))}
                  />
                </InlineGrid>
              </BlockStack>
            );
          })}
        </BlockStack>
      </SaveBarForm>
    </Card>
  );
}
