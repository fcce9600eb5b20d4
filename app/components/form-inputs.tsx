/**
 * Form fields that keep their own value, for long forms submitted whole by a Remix <Form>: Polaris
 * fields are controlled, and a page of fifty useStates would hide what the page is about.
 */
import { useState, type ReactNode } from "react";
import { Button, Checkbox, InlineGrid, Select, TextField, BlockStack, Text, InlineStack } from "@shopify/polaris";
import { useFormat, useWords } from "~/components/locale";

export function TextInput(props: {
  name: string;
  label: string;
  initial: string;
  error?: string;
  helpText?: ReactNode;
  placeholder?: string;
  multiline?: number;
  labelHidden?: boolean;
  readOnly?: boolean;
}) {
  const [value, setValue] = useState(props.initial);
  return (
    <TextField
      name={props.name}
      label={props.label}
      labelHidden={props.labelHidden}
      value={value}
      onChange={setValue}
      error={props.error}
      helpText={props.helpText}
      placeholder={props.placeholder}
      multiline={props.multiline}
      readOnly={props.readOnly}
      autoComplete="off"
    />
  );
}

export function CheckboxInput(props: {
  name: string;
  label: string;
  initial: boolean;
  helpText?: ReactNode;
  value?: string;
  error?: string;
}) {
  const [checked, setChecked] = useState(props.initial);
  return (
    <Checkbox
      name={props.name}
      value={props.value ?? "on"}
      label={props.label}
      checked={checked}
      onChange={setChecked}
      helpText={props.helpText}
      error={props.error}
    />
  );
}

export function SelectInput(props: {
  name: string;
  label: string;
  initial: string;
  options: { label: string; value: string }[];
  error?: string;
  helpText?: ReactNode;
  /** Told of each choice, for fields that follow it as it is made (not only once saved). */
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState(props.initial);
  const { onChange } = props;
  return (
    <Select
      name={props.name}
      label={props.label}
      options={props.options}
      value={value}
      onChange={(chosen) => {
        setValue(chosen);
        onChange?.(chosen);
      }}
      error={props.error}
      helpText={props.helpText}
    />
  );
}

/**
 * Rows of text fields named `${prefix}.${row}.${column}`. Row numbers never change once given, so
 * an error about a row still finds it after another row is removed; blank rows are ignored.
 * Placeholders are examples ("e.g. CA"), never what looks like a value already filled in.
 */
export function RowsInput<Row extends Record<string, string>>(props: {
  prefix: string;
  columns: readonly { key: keyof Row & string; label: string; placeholder?: string }[];
  initial: readonly Row[];
  errorOf: (field: string) => string | undefined;
  addLabel: string;
  empty?: ReactNode;
}) {
  const words = useWords().forms;
  const format = useFormat();
  const blank = Object.fromEntries(props.columns.map((column) => [column.key, ""])) as Row;
  // No blank row of its own: a table with none shows none, and "Add" gives one (with its Remove).
  const [rows, setRows] = useState(() => props.initial.map((values, id) => ({ id, values })));
  const [nextId, setNextId] = useState(rows.length);
  return (
    <BlockStack gap="200">
      {rows.length === 0 && props.empty}
      {rows.map((row, index) => (
        <InlineGrid
          key={row.id}
          columns={{ xs: 1, md: [...props.columns.map(() => "twoThirds" as const), "oneThird" as const] }}
          gap="200"
          alignItems="end"
        >
          {props.columns.map((column) => {
            const name = `${props.prefix}.${row.id}.${column.key}`;
            return (
              <TextInput
                key={column.key}
                name={name}
                label={column.label}
                labelHidden={index > 0}
                initial={row.values[column.key] ?? ""}
                placeholder={column.placeholder}
                error={props.errorOf(name)}
              />
            );
          })}
          <InlineStack>
            <Button
              variant="plain"
              tone="critical"
              onClick={() => setRows(rows.filter((other) => other.id !== row.id))}
              accessibilityLabel={words.removeRow(format.number(index + 1))}
            >
              {words.remove}
            </Button>
          </InlineStack>
        </InlineGrid>
      ))}
      <InlineStack>
        <Button
          onClick={() => {
            setRows([...rows, { id: nextId, values: blank }]);
            setNextId(nextId + 1);
          }}
        >
          {props.addLabel}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

/** A sub-heading inside a card. */
export function FieldGroupTitle({ children }: { children: ReactNode }) {
  return (
    <Text as="h3" variant="headingSm">
      {children}
    </Text>
  );
}
