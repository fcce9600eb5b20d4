/** The Drop-ship section of Settings > Warehouses and routing: the merchant's own locations that ship through the provider's handling location. */
import { Banner, BlockStack, Card, Text } from "@shopify/polaris";
import { CheckboxInput, RowsInput, TextInput } from "~/components/form-inputs";
import type { SettingsFormValues } from "../app.settings._index/form";
import { Section } from "../app.settings._index/section-page";
import { SERVICE_COLUMNS, ShippingMethodRows } from "./service-rows";

export interface LocationChoice {
  id: string;
  name: string;
  isActive: boolean;
  /** Set for fulfillment services' locations (the app's warehouses among them): not the merchant's own. */
  fulfillmentService: boolean;
}

export interface DropShipSectionProps {
  dropShip: SettingsFormValues["dropShip"];
  locations: readonly LocationChoice[];
  /** Why the locations could not be read, when they could not. */
  locationsProblem: string | null;
  errorOf: (field: string) => string | undefined;
}

export function DropShipSection({ dropShip, locations, locationsProblem, errorOf }: DropShipSectionProps) {
  const locationName = new Map(locations.map((location) => [location.id, location.name]));
  const merchantLocations = locations.filter((location) => !location.fulfillmentService);
  const unknownMapped = dropShip.merchantLocationIds.filter((id) => !merchantLocations.some((location) => location.id === id));
  return (
    <Section
      title="Drop-ship"
      description="Parcels packed at your own locations (a studio, a shop), handed to the provider's handling location, which ships them."
    >
      <Card>
        <BlockStack gap="300">
          <CheckboxInput
            name="dropShip.enabled"
            label="Ship parcels from my own locations through the provider's handling location"
            initial={dropShip.enabled}
          />
          <TextInput
            name="dropShip.handlingLocation"
            label="Handling location"
            initial={dropShip.handlingLocation}
            placeholder="e.g. SZ-HUB"
            helpText="As the provider names it."
            error={errorOf("dropShip.handlingLocation")}
          />
          <BlockStack gap="100">
            <Text as="p">Locations shipped through drop-ship</Text>
            {/* Checkboxes have no field error of their own: the message stands below them. */}
            {locationsProblem && <Banner tone="warning">{locationsProblem}</Banner>}
            {merchantLocations.map((location) => (
              <CheckboxInput
                key={location.id}
                name="dropShip.merchantLocationIds"
                value={location.id}
                label={location.isActive ? location.name : `${location.name} (inactive)`}
                initial={dropShip.merchantLocationIds.includes(location.id)}
              />
            ))}
            {unknownMapped.map((id) => (
              <CheckboxInput
                key={id}
                name="dropShip.merchantLocationIds"
                value={id}
                label={`${locationName.get(id) ?? id} (not one of your own locations)`}
                initial
              />
            ))}
            {errorOf("dropShip.merchantLocationIds") && (
              <Text as="p" tone="critical">
                {errorOf("dropShip.merchantLocationIds")}
              </Text>
            )}
          </BlockStack>
          <TextInput
            name="dropShip.defaultService"
            label="Default service"
            initial={dropShip.defaultService}
            placeholder="e.g. US01-EXP"
            error={errorOf("dropShip.defaultService")}
          />
          <RowsInput
            prefix="dropShip.byCountry"
            columns={SERVICE_COLUMNS}
            initial={dropShip.byCountry}
            errorOf={errorOf}
            addLabel="Add a country"
          />
          <ShippingMethodRows prefix="dropShip" initial={dropShip.byShippingMethod} errorOf={errorOf} />
          <TextInput
            name="dropShip.maxBoxKg"
            label="Pack in boxes of at most (kg)"
            initial={dropShip.maxBoxKg}
            placeholder="e.g. 20"
            helpText="A heavier package is sent to the provider in several boxes of at most this weight. Leave empty to send every package as one parcel."
            error={errorOf("dropShip.maxBoxKg")}
          />
        </BlockStack>
      </Card>
    </Section>
  );
}
