/**
 * A lading order's packages as the merchant packs them (store SKUs) and as the provider receives
 * them (its PackageItems, with provider SKUs), and the one address they all go to. Pure; no I/O.
 */
import { z } from "zod";
import type { CreateLadingRequest } from "../fulfilment/schemas/requests";
import type { BatchPackageItem, ShipToAddress } from "../fulfilment/schemas/types";

export const LadingLine = z.object({
  /** The SKU as the shop sells it. */
  sku: z.string(),
  /** The SKU the provider knows it by (the Products page's entry, or the same). */
  providerSku: z.string(),
  quantity: z.number().int(),
});
export type LadingLine = z.infer<typeof LadingLine>;

export const LadingPackage = z.object({ lines: z.array(LadingLine) });
export type LadingPackage = z.infer<typeof LadingPackage>;
export const LadingPackages = z.array(LadingPackage);

/** Where every package of the order goes: a business, a marketplace's warehouse. */
export const LadingAddress = z.object({
  contact: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  province: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
});
export type LadingAddress = z.infer<typeof LadingAddress>;

/** What the merchant sends. */
export interface LadingDraft {
  /** The merchant's reference, sent as the provider's OrderNo. */
  reference: string;
  /** The consignee's or marketplace's shipment id (ShipmentId); "" when none. */
  shipmentId: string;
  warehouseId: string;
  serviceCode: string;
  reservationDate: Date;
  shipTo: LadingAddress;
  packages: LadingPackage[];
}

/** The address as the provider's ShipToAddress: the company, when given, on the first street line's side (Street2). */
export function shipToAddressOf(address: LadingAddress): ShipToAddress {
  const street2 = [address.company, address.street2].filter((part): part is string => part !== null && part !== "").join(", ");
  return {
    Contact: address.contact,
    ...(address.phone === null ? {} : { Phone: address.phone }),
    ...(address.email === null ? {} : { Email: address.email }),
    Country: address.country,
    ...(address.province === null ? {} : { Province: address.province }),
    City: address.city,
    Street1: address.street1,
    ...(street2 === "" ? {} : { Street2: street2 }),
    ...(address.postcode === null ? {} : { Postcode: address.postcode }),
  };
}

export function packageItemsOf(packages: readonly LadingPackage[]): BatchPackageItem[] {
  return packages.map((item) => ({ Skus: item.lines.map((line) => ({ Sku: line.providerSku, Quantity: line.quantity })) }));
}

/** The provider's request for a new lading order (operation 13). */
export function ladingRequestOf(draft: LadingDraft): CreateLadingRequest {
  return {
    OrderNo: draft.reference,
    ShipmentId: draft.shipmentId,
    ReservationDate: draft.reservationDate.toISOString(),
    WarehouseId: draft.warehouseId,
    ServiceCode: draft.serviceCode,
    ShipToAddress: shipToAddressOf(draft.shipTo),
    PackageItems: packageItemsOf(draft.packages),
  };
}

export const totalLadingUnits = (packages: readonly LadingPackage[]) =>
  packages.reduce((sum, item) => sum + item.lines.reduce((inPackage, line) => inPackage + line.quantity, 0), 0);

/** ACCEPTED once the provider took it: no operation reads a lading order back. */
export type LadingState = "ACCEPTED";
