/** The new inbound shipment's own fields (reference, warehouse, transport, arrival, note), beside its boxes. */
import { BlockStack, Card, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { SelectInput, TextInput } from "~/components/form-inputs";
import { useWords } from "~/components/locale";
import { SHIPPING_TYPES } from "./form";

export function ShipmentFields(props: {
  reference: string;
  warehouses: readonly { id: string; enabled: boolean }[];
  errorOf: (field: string) => string | undefined;
}) {
  const { warehouses, errorOf } = props;
  const words = useWords().inbound;
  const says = words.fields;
  const [arrival, setArrival] = useState("");
  const defaultWarehouse = (warehouses.find((warehouse) => warehouse.enabled) ?? warehouses[0])?.id ?? "";
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {says.shipment}
        </Text>
        <TextInput
          name="reference"
          label={says.reference}
          initial={props.reference}
          error={errorOf("reference")}
          helpText={says.referenceHelp}
        />
        <SelectInput
          name="warehouseId"
          label={says.goesTo}
          initial={defaultWarehouse}
          options={warehouses.map((warehouse) => ({
            value: warehouse.id,
            label: warehouse.enabled ? says.warehouse(warehouse.id) : says.warehouseNotShipping(warehouse.id),
          }))}
          error={errorOf("warehouseId")}
        />
        <SelectInput
          name="shippingType"
          label={says.travelsBy}
          initial="Sea"
          options={SHIPPING_TYPES.map((type) => ({ value: type, label: words.shippingTypes[type] }))}
          error={errorOf("shippingType")}
        />
        <TextField
          name="arrival"
          label={says.arrival}
          type="date"
          value={arrival}
          onChange={setArrival}
          autoComplete="off"
          error={errorOf("arrival")}
        />
        <TextInput name="remark" label={says.remark} initial="" multiline={2} error={errorOf("remark")} />
      </BlockStack>
    </Card>
  );
}
