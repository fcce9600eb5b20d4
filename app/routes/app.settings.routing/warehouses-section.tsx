/**
 * The Warehouses section of Settings > Warehouses and routing: each provider warehouse with its
 * Shopify location, country and services; a new one's ID typed or, once the provider named its
 * warehouses, chosen; removing a saved one says first what becomes of its location and its packages.
 */
import { useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { BlockStack, Box, Button, Card, InlineStack, Modal, Text } from "@shopify/polaris";
import { CheckboxInput, RowsInput, SelectInput, TextInput } from "~/components/form-inputs";
import type { SettingsFormValues } from "../app.settings._index/form";
import { Section } from "../app.settings._index/section-page";
import { useWords } from "~/components/locale";
import { ShippingMethodRows, useServiceColumns } from "./service-rows";

type WarehouseRow = SettingsFormValues["warehouses"][number];

/** A warehouse on the page: its row number in the form (kept when others are removed), and whether it is saved yet. */
export interface WarehouseEntry {
  id: number;
  warehouse: WarehouseRow;
  isNew: boolean;
}

const NEW_WAREHOUSE: WarehouseRow = {
  warehouseId: "",
  shopifyLocationId: null,
  country: "",
  enabled: true,
  defaultService: "",
  byCountry: [],
  byShippingMethod: [],
  handlingDays: "",
};

export interface WarehousesSectionProps {
  warehouses: WarehouseEntry[];
  setWarehouses: Dispatch<SetStateAction<WarehouseEntry[]>>;
  /** Shopify locations' names by ID. */
  locationName: ReadonlyMap<string, string>;
  /** The warehouses the provider said the account has (after it refused one): offered as choices. */
  knownWarehouses: readonly string[];
  /** Bumped when suggested services replace a warehouse's rows: they mount again with them. */
  rowsRevision: Readonly<Record<number, number>>;
  errorOf: (field: string) => string | undefined;
  /** An element inside the form, to find it from outside (suggested services submit it). */
  formHolder: RefObject<HTMLDivElement>;
}

export function WarehousesSection({
  warehouses,
  setWarehouses,
  locationName,
  knownWarehouses,
  rowsRevision,
  errorOf,
  formHolder,
}: WarehousesSectionProps) {
  const [removing, setRemoving] = useState<{ id: number; warehouseId: string; location: string | null } | null>(null);
  const words = useWords().settingsRouting;
  const says = words.warehouses;
  const serviceColumns = useServiceColumns();
  return (
    <Section title={says.title} description={says.description}>
      <div ref={formHolder} />
      <Card>
        <BlockStack gap="400">
          {warehouses.length === 0 && <Text as="p">{says.none}</Text>}
          {warehouses.map(({ id, warehouse, isNew }) => {
            const prefix = `warehouses.${id}`;
            const location = warehouse.shopifyLocationId;
            return (
              <Box key={id} paddingBlockEnd="300" borderBlockEndWidth="025" borderColor="border">
                <BlockStack gap="300">
                  <InlineStack align="space-between" blockAlign="center">
                    {isNew ? (
                      <Text as="p" fontWeight="semibold">
                        {says.newWarehouse}
                      </Text>
                    ) : (
                      <>
                        <input type="hidden" name={`${prefix}.warehouseId`} value={warehouse.warehouseId} />
                        <Text as="p" fontWeight="semibold">
                          {says.warehouse(warehouse.warehouseId)}
                        </Text>
                      </>
                    )}
                    <Button
                      variant="plain"
                      tone="critical"
                      accessibilityLabel={says.removeWarehouse(warehouse.warehouseId)}
                      onClick={() =>
                        isNew
                          ? setWarehouses((all) => all.filter((other) => other.id !== id))
                          : setRemoving({
                              id,
                              warehouseId: warehouse.warehouseId,
                              location: location === null ? null : (locationName.get(location) ?? location),
                            })
                      }
                    >
                      {says.remove}
                    </Button>
                  </InlineStack>
                  {isNew &&
                    (knownWarehouses.length > 0 ? (
                      <SelectInput
                        name={`${prefix}.warehouseId`}
                        label={says.warehouseId}
                        initial=""
                        helpText={says.knownHelp}
                        error={errorOf(`${prefix}.warehouseId`)}
                        options={[
                          { label: says.chooseWarehouse, value: "" },
                          ...knownWarehouses.map((known) => ({ label: known, value: known })),
                        ]}
                      />
                    ) : (
                      <TextInput
                        name={`${prefix}.warehouseId`}
                        label={says.warehouseId}
                        initial=""
                        placeholder={says.warehouseIdPlaceholder}
                        helpText={says.warehouseIdHelp}
                        error={errorOf(`${prefix}.warehouseId`)}
                      />
                    ))}
                  <Text as="p" tone="subdued">
                    {location === null ? says.locationToCome : says.location(locationName.get(location) ?? location)}
                  </Text>
                  <TextInput
                    name={`${prefix}.country`}
                    label={says.country}
                    initial={warehouse.country}
                    placeholder={says.countryPlaceholder}
                    helpText={says.countryHelp}
                    error={errorOf(`${prefix}.country`)}
                  />
                  <CheckboxInput name={`${prefix}.enabled`} label={says.enabled} initial={warehouse.enabled} />
                  <TextInput
                    name={`${prefix}.defaultService`}
                    label={says.defaultService}
                    initial={warehouse.defaultService}
                    placeholder={says.servicePlaceholder}
                    helpText={says.defaultServiceHelp}
                    error={errorOf(`${prefix}.defaultService`)}
                  />
                  <RowsInput
                    key={rowsRevision[id] ?? 0}
                    prefix={`${prefix}.byCountry`}
                    columns={serviceColumns}
                    initial={warehouse.byCountry}
                    errorOf={errorOf}
                    addLabel={words.services.addCountry}
                  />
                  <ShippingMethodRows prefix={prefix} initial={warehouse.byShippingMethod} errorOf={errorOf} />
                  <TextInput
                    name={`${prefix}.handlingDays`}
                    label={says.handlingDays}
                    initial={warehouse.handlingDays}
                    placeholder={says.handlingDaysPlaceholder}
                    helpText={says.handlingDaysHelp}
                    error={errorOf(`${prefix}.handlingDays`)}
                  />
                </BlockStack>
              </Box>
            );
          })}
          <InlineStack>
            <Button
              onClick={() =>
                setWarehouses([
                  ...warehouses,
                  {
                    id: warehouses.length === 0 ? 0 : Math.max(...warehouses.map((w) => w.id)) + 1,
                    isNew: true,
                    warehouse: NEW_WAREHOUSE,
                  },
                ])
              }
            >
              {says.add}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={says.removeTitle(removing?.warehouseId ?? "")}
        primaryAction={{
          content: says.remove,
          destructive: true,
          onAction: () => {
            setWarehouses((all) => all.filter((other) => other.id !== removing?.id));
            setRemoving(null);
          },
        }}
        secondaryActions={[{ content: says.keep, onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">{says.onceSaved}</Text>
            <Text as="p">{removing?.location ? says.locationStays(removing.location) : says.noLocation}</Text>
            <Text as="p">{says.afterRemoval}</Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Section>
  );
}
