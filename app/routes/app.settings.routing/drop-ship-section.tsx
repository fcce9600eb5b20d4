/** The Drop-ship section of Settings > Warehouses and routing: the merchant's own locations that ship through the provider's handling location. */
import { Banner, BlockStack, Card, Text } from "@shopify/polaris";
import { CheckboxInput, RowsInput, TextInput } from "~/components/form-inputs";
import type { SettingsFormValues } from "../app.settings._index/form";
import { Section } from "../app.settings._index/section-page";
import { ShippingMethodRows, useServiceColumns } from "./service-rows";
import { useWords } from "~/components/locale";

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
  const words = useWords().settingsRouting;
  const says = words.dropShip;
  const serviceColumns = useServiceColumns();
  return (
    <Section title={says.title} description={says.description}>
      <Card>
        <BlockStack gap="300">
          <CheckboxInput name="dropShip.enabled" label={says.enabled} initial={dropShip.enabled} />
          <TextInput
            name="dropShip.handlingLocation"
            label={says.handlingLocation}
            initial={dropShip.handlingLocation}
            placeholder={says.handlingLocationPlaceholder}
            helpText={says.handlingLocationHelp}
            error={errorOf("dropShip.handlingLocation")}
          />
          <BlockStack gap="100">
            <Text as="p">{says.locations}</Text>
            {/* Checkboxes have no field error of their own: the message stands below them. */}
            {locationsProblem && <Banner tone="warning">{locationsProblem}</Banner>}
            {merchantLocations.map((location) => (
              <CheckboxInput
                key={location.id}
                name="dropShip.merchantLocationIds"
                value={location.id}
                label={location.isActive ? location.name : says.inactive(location.name)}
                initial={dropShip.merchantLocationIds.includes(location.id)}
              />
            ))}
            {unknownMapped.map((id) => (
              <CheckboxInput
                key={id}
                name="dropShip.merchantLocationIds"
                value={id}
                label={says.notOwn(locationName.get(id) ?? id)}
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
            label={says.defaultService}
            initial={dropShip.defaultService}
            placeholder={words.services.servicePlaceholder}
            error={errorOf("dropShip.defaultService")}
          />
          <RowsInput
            prefix="dropShip.byCountry"
            columns={serviceColumns}
            initial={dropShip.byCountry}
            errorOf={errorOf}
            addLabel={words.services.addCountry}
          />
          <ShippingMethodRows prefix="dropShip" initial={dropShip.byShippingMethod} errorOf={errorOf} />
          <TextInput
            name="dropShip.maxBoxKg"
            label={says.maxBoxKg}
            initial={dropShip.maxBoxKg}
            placeholder={says.maxBoxKgPlaceholder}
            helpText={says.maxBoxKgHelp}
            error={errorOf("dropShip.maxBoxKg")}
          />
        </BlockStack>
      </Card>
    </Section>
  );
}
