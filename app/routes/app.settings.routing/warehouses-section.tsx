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
import { SERVICE_COLUMNS, ShippingMethodRows } from "./service-rows";

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
  return (
    <Section
      title="Warehouses"
      description="The provider's warehouses that hold your stock. Each gets a Shopify location, where its stock is sold. A parcel's service: by the shipping method the customer paid for, else by the country, else the default; with none, the parcel waits for you."
    >
      <div ref={formHolder} />
      <Card>
        <BlockStack gap="400">
          {warehouses.length === 0 && (
            <Text as="p">No warehouse yet: add the provider&apos;s warehouse ID (for example US01) to ship the stock you keep there.</Text>
          )}
          {warehouses.map(({ id, warehouse, isNew }) => {
            const prefix = `warehouses.${id}`;
            const location = warehouse.shopifyLocationId;
            return (
              <Box key={id} paddingBlockEnd="300" borderBlockEndWidth="025" borderColor="border">
                <BlockStack gap="300">
                  <InlineStack align="space-between" blockAlign="center">
                    {isNew ? (
                      <Text as="p" fontWeight="semibold">
                        New warehouse
                      </Text>
                    ) : (
                      <>
                        <input type="hidden" name={`${prefix}.warehouseId`} value={warehouse.warehouseId} />
                        <Text as="p" fontWeight="semibold">
                          Warehouse {warehouse.warehouseId}
                        </Text>
                      </>
                    )}
                    <Button
                      variant="plain"
                      tone="critical"
                      accessibilityLabel={`Remove warehouse ${warehouse.warehouseId || "(new)"}`}
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
                      Remove
                    </Button>
                  </InlineStack>
                  {isNew &&
                    (knownWarehouses.length > 0 ? (
                      <SelectInput
                        name={`${prefix}.warehouseId`}
                        label="Warehouse ID"
                        initial=""
                        helpText="The warehouses of your provider account."
                        error={errorOf(`${prefix}.warehouseId`)}
                        options={[
                          { label: "Choose a warehouse", value: "" },
                          ...knownWarehouses.map((known) => ({ label: known, value: known })),
                        ]}
                      />
                    ) : (
                      <TextInput
                        name={`${prefix}.warehouseId`}
                        label="Warehouse ID"
                        initial=""
                        placeholder="e.g. US01"
                        helpText="As your provider names it. Checked with the provider when you save."
                        error={errorOf(`${prefix}.warehouseId`)}
                      />
                    ))}
                  <Text as="p" tone="subdued">
                    {location === null
                      ? "Shopify location: created by the app after you save with the warehouse enabled."
                      : `Shopify location: ${locationName.get(location) ?? location}`}
                  </Text>
                  <TextInput
                    name={`${prefix}.country`}
                    label="Country of the warehouse"
                    initial={warehouse.country}
                    placeholder="e.g. US"
                    helpText="Two letters. Its Shopify location is put there, which decides customs for its parcels."
                    error={errorOf(`${prefix}.country`)}
                  />
                  <CheckboxInput name={`${prefix}.enabled`} label="Ship from this warehouse" initial={warehouse.enabled} />
                  <TextInput
                    name={`${prefix}.defaultService`}
                    label="Default service"
                    initial={warehouse.defaultService}
                    placeholder="e.g. US01-EXP"
                    helpText="Checked with the provider when you save: it must be one this warehouse offers."
                    error={errorOf(`${prefix}.defaultService`)}
                  />
                  <RowsInput
                    key={rowsRevision[id] ?? 0}
                    prefix={`${prefix}.byCountry`}
                    columns={SERVICE_COLUMNS}
                    initial={warehouse.byCountry}
                    errorOf={errorOf}
                    addLabel="Add a country"
                  />
                  <ShippingMethodRows prefix={prefix} initial={warehouse.byShippingMethod} errorOf={errorOf} />
                  <TextInput
                    name={`${prefix}.handlingDays`}
                    label="Handling time (working days)"
                    initial={warehouse.handlingDays}
                    placeholder="e.g. 1"
                    helpText="How long the warehouse takes to ship an order it accepted, as agreed with the provider. Shopify then shows when each order should ship. Blank: not said."
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
              Add a warehouse
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove warehouse ${removing?.warehouseId ?? ""}?`}
        primaryAction={{
          content: "Remove",
          destructive: true,
          onAction: () => {
            setWarehouses((all) => all.filter((other) => other.id !== removing?.id));
            setRemoving(null);
          },
        }}
        secondaryActions={[{ content: "Keep it", onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">Once you save:</Text>
            <Text as="p">
              {removing?.location
                ? `Its Shopify location "${removing.location}" stays in Shopify with its stock: deactivate it there if Shopify should stop sending orders to it.`
                : "It has no Shopify location yet."}
            </Text>
            <Text as="p">
              New orders Shopify sends to it are refused with the reason, so you can fulfil them elsewhere; its stock is no longer synced.
              Packages already sent are followed to the end, and their tracking written to Shopify as usual: nothing is lost.
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Section>
  );
}
