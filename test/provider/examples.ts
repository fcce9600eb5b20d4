/**
 * The client's example requests (test/fixtures/provider.ts) moved into the sandbox's
 * seeded world: its service codes (US01-STD, DE01-EXP, ...) and its registered SKUs
 * (sandbox/README.md, "The seeded world"). Every function returns a fresh copy a test may change.
 */
import type {
  CreateDropshipBatchRequest,
  CreateDropshipRequest,
  CreateDropshipWithBoxesRequest,
  CreateInboundRequest,
  CreateLadingRequest,
  CreateOutboundBatchRequest,
  CreateOutboundRequest,
  CreateReturnRequest,
  DeclarePackageRequest,
  DropshipPackage,
  OutboundPackage,
  PriceAllServicesRequest,
  PriceOneServiceRequest,
} from "../../app/fulfilment";
import * as examples from "../fixtures/provider";

/** Seeded SKUs: stock in US01 240, DE01 180; LAMP has none in DE01. */
export const MUG = "MUG-CER-350-WHT";
export const SOCKS = "SOCKS-WOOL-3P-GRY";
export const LAMP = "LAMP-LED-DESK-WHT";
export const TEA = "TEA-GREEN-100G";

/** Drop-ship to New York with USPS Ground Advantage from US01 (serves US only). */
export function dropshipToNewYork(packageId = examples.dropshipPackageToNewYork.PackageId): DropshipPackage {
  return { ...structuredClone(examples.dropshipPackageToNewYork), PackageId: packageId, ServiceCode: "US01-STD" };
}

/** Drop-ship to Berlin with DHL Paket from DE01 (serves DE and AT). */
export function dropshipToBerlin(packageId = examples.dropshipPackageToBerlin.PackageId): DropshipPackage {
  return { ...structuredClone(examples.dropshipPackageToBerlin), PackageId: packageId, ServiceCode: "DE01-STD" };
}

/** Operation 7: one drop-ship order to Berlin. */
export function createDropship(pkg: DropshipPackage = dropshipToBerlin()): CreateDropshipRequest {
  return { ...structuredClone(examples.createDropship), Package: pkg };
}

/** Operation 1: New York and Berlin in one batch. */
export function createDropshipBatch(packages: DropshipPackage[] = [dropshipToNewYork(), dropshipToBerlin()]): CreateDropshipBatchRequest {
  return { ...structuredClone(examples.createDropshipBatch), Packages: packages };
}

/** Operation 6: three hoodies to Tokyo in one box, UPS Worldwide Expedited from US01. */
export function createDropshipWithBoxes(): CreateDropshipWithBoxesRequest {
  return { ...structuredClone(examples.createDropshipWithBoxes), ServiceCode: "US01-EXP" };
}

/** An outbound package to New York from US01 stock: two mugs, USPS Ground Advantage. */
export function outboundToNewYork(packageId = examples.outboundPackageToNewYork.PackageId): OutboundPackage {
  return {
    ...structuredClone(examples.outboundPackageToNewYork),
    PackageId: packageId,
    ServiceCode: "US01-STD",
    Skus: [{ Sku: MUG, Quantity: 2, ProductName: "Ceramic mug 350 ml, white", Price: 16 }],
  };
}

/** An outbound package to Berlin from DE01 stock: one pack of socks, DHL Paket. */
export function outboundToBerlin(packageId = examples.outboundPackageToBerlin.PackageId): OutboundPackage {
  return {
    ...structuredClone(examples.outboundPackageToBerlin),
    PackageId: packageId,
    ServiceCode: "DE01-STD",
    Skus: [{ Sku: SOCKS, Quantity: 1, ProductName: "Merino wool socks, 3 pairs, grey", Price: 27 }],
  };
}

/** Operation 12: one outbound order; from US01 to New York unless told otherwise. */
export function createOutbound(pkg: OutboundPackage = outboundToNewYork(), warehouseId = "US01"): CreateOutboundRequest {
  return { ...structuredClone(examples.createOutbound), WarehouseId: warehouseId, Package: pkg };
}

/** Operation 2: two outbound packages from US01. */
export function createOutboundBatch(): CreateOutboundBatchRequest {
  return {
    ...structuredClone(examples.createOutboundBatch),
    Packages: [outboundToNewYork("NW-FO-5821930789"), outboundToNewYork("NW-FO-5821930790")],
  };
}

/**
 * Operation 4: the example shipment into DE01. Its first line, TSHIRT-BLK-M, is the example merchant
 * SKU (operation 16); its second, TSHIRT-WHT-L, is registered nowhere unless a test does it.
 */
export function createInbound(): CreateInboundRequest {
  return structuredClone(examples.createInbound);
}

/** Operation 16: the example merchant SKU (TSHIRT-BLK-M). */
export function createMerchantSku() {
  return structuredClone(examples.createMerchantSku);
}

/** The same SKU under another name: registered like the example, to make a shipment all-known. */
export function merchantSkuNamed(sku: string) {
  return { ...createMerchantSku(), Sku: sku, CustomStorageNo: undefined };
}

/** Operation 9: a return from New York to US01 with USPS Ground Advantage. */
export function createReturn(): CreateReturnRequest {
  return { ...structuredClone(examples.createReturn), ServiceCode: "US01-STD", ShipToAddress: undefined };
}

/** Operation 10: the customs declaration of the Berlin drop-ship package. */
export function declarePackage(): DeclarePackageRequest {
  return { ...structuredClone(examples.declarePackage), ServiceCode: "DE01-STD" };
}

/** Operation 13: two cartons of seeded SKUs from US01 to a store in New York. */
export function createLading(): CreateLadingRequest {
  return {
    ...structuredClone(examples.createLading),
    ServiceCode: "US01-STD",
    PackageItems: [
      {
        Skus: [
          { Sku: MUG, Quantity: 48 },
          { Sku: TEA, Quantity: 48 },
        ],
      },
      { Skus: [{ Sku: SOCKS, Quantity: 24 }] },
    ],
  };
}

/** Operation 14: every US01 service for two mugs to New York. */
export function priceAllServices(): PriceAllServicesRequest {
  return { ...structuredClone(examples.priceAllServices), Skus: [{ Sku: MUG, Quantity: 2 }], IncludeUnsuccessful: undefined };
}

/** Operation 18: DHL Paket from DE01 for one pack of socks to Berlin. */
export function priceOneService(): PriceOneServiceRequest {
  return { ...structuredClone(examples.priceOneService), Skus: [{ Sku: SOCKS, Quantity: 1 }], ServiceCode: "DE01-STD" };
}
