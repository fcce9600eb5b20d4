/**
 * The new bulk shipment's own fields: where it leaves from, with which service and on which day, and
 * the one address it goes to. The service follows the warehouse chosen (its first set service).
 */
import { BlockStack, Card, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { TextInput } from "~/components/form-inputs";

export interface LadingWarehouse {
  id: string;
  enabled: boolean;
  services: string[];
}

export function LadingFields(props: {
  reference: string;
  today: string;
  warehouses: readonly LadingWarehouse[];
  errorOf: (field: string) => string | undefined;
}) {
  const { warehouses, today, errorOf } = props;
  const first = warehouses.find((warehouse) => warehouse.enabled) ?? warehouses[0];
  const [warehouseId, setWarehouseId] = useState(first?.id ?? "");
  const [serviceCode, setServiceCode] = useState(first?.services[0] ?? "");
  const [reservationDate, setReservationDate] = useState("");
  const services = warehouses.find((warehouse) => warehouse.id === warehouseId)?.services ?? [];
  return (
    <BlockStack gap="400">
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
            helpText="The provider knows the order by it (its OrderNo)."
          />
          <TextInput
            name="shipmentId"
            label="Consignee's shipment id (optional)"
            initial=""
            error={errorOf("shipmentId")}
            helpText="For example the marketplace's inbound shipment id: letters, digits, - and _."
          />
          <Select
            name="warehouseId"
            label="Leaves from"
            value={warehouseId}
            onChange={(id) => {
              setWarehouseId(id);
              const first = warehouses.find((warehouse) => warehouse.id === id)?.services[0];
              if (first !== undefined) setServiceCode(first);
            }}
            options={warehouses.map((warehouse) => ({
              value: warehouse.id,
              label: warehouse.enabled ? `Warehouse ${warehouse.id}` : `Warehouse ${warehouse.id} (not shipping)`,
            }))}
            error={errorOf("warehouseId")}
          />
          <TextField
            name="serviceCode"
            label="Service"
            value={serviceCode}
            onChange={setServiceCode}
            autoComplete="off"
            error={errorOf("serviceCode")}
            helpText={
              services.length > 0
                ? `Services set for warehouse ${warehouseId}: ${services.join(", ")}.`
                : `The provider's service code, shipping from warehouse ${warehouseId}.`
            }
          />
          <TextField
            name="reservationDate"
            label="Reservation date"
            type="date"
            min={today}
            value={reservationDate}
            onChange={setReservationDate}
            autoComplete="off"
            error={errorOf("reservationDate")}
            helpText="The day the warehouse is booked to hand the packages over."
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Ship to
          </Text>
          <TextInput name="contact" label="Contact name" initial="" error={errorOf("contact")} />
          <TextInput name="company" label="Company (optional)" initial="" error={errorOf("company")} />
          <InlineGrid columns={2} gap="300">
            <TextInput name="phone" label="Phone (optional)" initial="" error={errorOf("phone")} />
            <TextInput name="email" label="Email (optional)" initial="" error={errorOf("email")} />
          </InlineGrid>
          <TextInput name="street1" label="Street" initial="" error={errorOf("street1")} />
          <TextInput name="street2" label="Apartment, suite, dock (optional)" initial="" error={errorOf("street2")} />
          <InlineGrid columns={2} gap="300">
            <TextInput name="city" label="City" initial="" error={errorOf("city")} />
            <TextInput name="postcode" label="Postcode (optional)" initial="" error={errorOf("postcode")} />
          </InlineGrid>
          <InlineGrid columns={2} gap="300">
            <TextInput name="province" label="Province or state (optional)" initial="" error={errorOf("province")} />
            <TextInput name="country" label="Country code" initial="" placeholder="e.g. US" error={errorOf("country")} />
          </InlineGrid>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
