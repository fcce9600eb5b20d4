/**
 * A searchable list of the shop's SKUs (the catalogue as last read): type part of a product's name
 * or of its SKU, pick one. The picker keeps no selection: what was picked is the caller's.
 */
import { Autocomplete, Text } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useWords } from "./locale";

export interface SkuChoice {
  sku: string;
  name: string;
}

/** Options shown at once; typing narrows them. */
const MAX_OPTIONS = 30;

export function SkuPicker(props: {
  choices: readonly SkuChoice[];
  exclude?: ReadonlySet<string>;
  onPick: (sku: string) => void;
  label?: string;
  error?: string;
  helpText?: string;
}) {
  const words = useWords().skuLines.picker;
  const [query, setQuery] = useState("");
  // A fresh list after each pick: Polaris's list keeps pointing its field's aria-activedescendant at
  // the option just picked, which is gone once the list closes (an invalid reference to assistive tech).
  const [generation, setGeneration] = useState(0);
  const options = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return props.choices
      .filter(
        (choice) =>
          !props.exclude?.has(choice.sku) &&
          (needle === "" || choice.sku.toLowerCase().includes(needle) || choice.name.toLowerCase().includes(needle)),
      )
      .slice(0, MAX_OPTIONS)
      .map((choice) => ({ value: choice.sku, label: `${choice.name} · ${choice.sku}` }));
  }, [props.choices, props.exclude, query]);

  return (
    <Autocomplete
      key={generation}
      options={options}
      selected={[]}
      onSelect={(selected) => {
        const sku = selected[0];
        if (sku !== undefined) props.onPick(sku);
        setQuery("");
        setGeneration(generation + 1);
      }}
      emptyState={
        <Text as="p" tone="subdued">
          {words.noMatch(query.trim())}
        </Text>
      }
      textField={
        <Autocomplete.TextField
          label={props.label ?? words.addSku}
          value={query}
          onChange={setQuery}
          placeholder={words.search}
          autoComplete="off"
          error={props.error}
          helpText={props.helpText}
        />
      }
    />
  );
}
