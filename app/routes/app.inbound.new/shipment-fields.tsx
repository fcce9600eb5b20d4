/** The new inbound shipment's own fields (reference, warehouse, transport, arrival, note), beside its boxes. */
import { BlockStack, Card, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { SelectInput, TextInput } from "~/components/form-inputs";
import { SHIPPING_TYPES } from "./form";

export function ShipmentFields(props: {
  reference: string;
  warehouses: readonly { id: string; enabled: boolean }[];
  errorOf: (field: string) => string | undefined;
}) {
  const { warehouses, errorOf } = props;
  const [arrival, setArrival] = useState("");
  const defaultWarehouse = (warehouses.find((warehouse) => warehouse.enabled) ?? warehouses[0])?.id ?? "";
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Shipment
        </Text>
        <TextInput
          name="reference"
          label="Your reference"
          initial={props.reference}
          error={errorOf("reference")}
          helpText="The provider knows the shipment by it: letters, digits, - and _."
        />
        <SelectInput
          name="warehouseId"
          label="Goes to"
          initial={defaultWarehouse}
          options={warehouses.map((warehouse) => ({
            value: warehouse.id,
            label: warehouse.enabled ? `Warehouse ${warehouse.id}` : `Warehouse ${warehouse.id} (not shipping)`,
          }))}
          error={errorOf("warehouseId")}
        />
        <SelectInput
          name="shippingType"
          label="Travels by"
          initial="Sea"
          options={SHIPPING_TYPES.map((type) => ({ ...type }))}
          error={errorOf("shippingType")}
        />
        <TextField
          name="arrival"
          label="Expected arrival (optional)"
          type="date"
          value={arrival}
          onChange={setArrival}
          autoComplete="off"
          error={errorOf("arrival")}
        />
        <TextInput name="remark" label="Note for the warehouse (optional)" initial="" multiline={2} error={errorOf("remark")} />
      </BlockStack>
    </Card>
  );
}
