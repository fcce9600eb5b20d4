/**
 * The new bulk shipment's own fields: where it leaves from, with which service and on which day, and
 * the one address it goes to. The service follows the warehouse chosen (its first set service).
 */
import { BlockStack, Card, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { TextInput } from "~/components/form-inputs";
import { useWords } from "~/components/locale";

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
  const says = useWords().lading.fields;
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
            {says.shipment}
          </Text>
          <TextInput
            name="reference"
            label={says.reference}
            initial={props.reference}
            error={errorOf("reference")}
            helpText={says.referenceHelp}
          />
          <TextInput name="shipmentId" label={says.shipmentId} initial="" error={errorOf("shipmentId")} helpText={says.shipmentIdHelp} />
          <Select
            name="warehouseId"
            label={says.leavesFrom}
            value={warehouseId}
            onChange={(id) => {
              setWarehouseId(id);
              const first = warehouses.find((warehouse) => warehouse.id === id)?.services[0];
              if (first !== undefined) setServiceCode(first);
            }}
            options={warehouses.map((warehouse) => ({
              value: warehouse.id,
              label: warehouse.enabled ? says.warehouse(warehouse.id) : says.warehouseNotShipping(warehouse.id),
            }))}
            error={errorOf("warehouseId")}
          />
          <TextField
            name="serviceCode"
            label={says.service}
            value={serviceCode}
            onChange={setServiceCode}
            autoComplete="off"
            error={errorOf("serviceCode")}
            helpText={
              services.length > 0 ? says.servicesSet(warehouseId, services.join(says.serviceSeparator)) : says.serviceCodeHelp(warehouseId)
            }
          />
          <TextField
            name="reservationDate"
            label={says.reservationDate}
            type="date"
            min={today}
            value={reservationDate}
            onChange={setReservationDate}
            autoComplete="off"
            error={errorOf("reservationDate")}
            helpText={says.reservationHelp}
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {says.shipTo}
          </Text>
          <TextInput name="contact" label={says.contact} initial="" error={errorOf("contact")} />
          <TextInput name="company" label={says.company} initial="" error={errorOf("company")} />
          <InlineGrid columns={2} gap="300">
            <TextInput name="phone" label={says.phone} initial="" error={errorOf("phone")} />
            <TextInput name="email" label={says.email} initial="" error={errorOf("email")} />
          </InlineGrid>
          <TextInput name="street1" label={says.street1} initial="" error={errorOf("street1")} />
          <TextInput name="street2" label={says.street2} initial="" error={errorOf("street2")} />
          <InlineGrid columns={2} gap="300">
            <TextInput name="city" label={says.city} initial="" error={errorOf("city")} />
            <TextInput name="postcode" label={says.postcode} initial="" error={errorOf("postcode")} />
          </InlineGrid>
          <InlineGrid columns={2} gap="300">
            <TextInput name="province" label={says.province} initial="" error={errorOf("province")} />
            <TextInput name="country" label={says.country} initial="" placeholder={says.countryExample} error={errorOf("country")} />
          </InlineGrid>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
