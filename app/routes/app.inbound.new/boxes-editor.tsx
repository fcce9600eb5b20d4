/** The boxes of an inbound shipment as the merchant packs them: each box's label, weight and size, and its SKUs. */
import { InlineGrid, TextField } from "@shopify/polaris";
import { useState } from "react";
import { SkuLinesEditor } from "~/components/sku-lines-editor";
import type { SkuChoice } from "~/components/sku-picker";
import { useFormat, useWords } from "~/components/locale";

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
function Field(props: {
  name: string;
  label: string;
  initial: string;
  error?: string;
  suffix?: string;
  numeric?: boolean;
  autoFocus?: boolean;
}) {
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

/** The boxes, each with its label, weight and size above its SKUs. */
export function BoxesEditor(props: {
  initial: readonly BoxDraft[];
  catalogue: readonly SkuChoice[];
  errorOf: (field: string) => string | undefined;
}) {
  const { errorOf } = props;
  const says = useWords().inbound.box;
  const format = useFormat();
  return (
    <SkuLinesEditor
      noun="box"
      fieldPrefix="boxes"
      initial={props.initial}
      empty={EMPTY_BOX}
      catalogue={props.catalogue}
      errorOf={errorOf}
      parcelFields={({ initial, number: count, field }) => {
        const number = format.number(count);
        return (
          <>
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
              <Field name={field("label")} label={says.label(number)} initial={initial.label} error={errorOf(field("label"))} />
              <Field
                name={field("weight")}
                label={says.weight(number)}
                initial={initial.weight}
                suffix={says.grams}
                numeric
                error={errorOf(field("weight"))}
              />
            </InlineGrid>
            <InlineGrid columns={3} gap="300">
              <Field
                name={field("length")}
                label={says.length(number)}
                initial={initial.length}
                suffix={says.centimetres}
                numeric
                error={errorOf(field("length"))}
              />
              <Field
                name={field("width")}
                label={says.width(number)}
                initial={initial.width}
                suffix={says.centimetres}
                numeric
                error={errorOf(field("width"))}
              />
              <Field
                name={field("height")}
                label={says.height(number)}
                initial={initial.height}
                suffix={says.centimetres}
                numeric
                error={errorOf(field("height"))}
              />
            </InlineGrid>
          </>
        );
      }}
    />
  );
}
