/**
 * One valid, realistic example request per operation of the reference (section 4.1), for tests.
 * A merchant ("Northwind Apparel", Portland) ships T-shirts and hoodies to the US, Germany and Japan
 * from the provider's warehouses US01 and DE01.
 *
 * The examples are deeply frozen: a test that needs a variant takes `structuredClone(example)` and
 * changes the copy, so no test can leak an edit into another.
 */
import type { z } from "zod";
import type { OperationName, Operations } from "../operations";
import type {
  AddressWithContact,
  CreateDropshipBatchRequest,
  CreateDropshipRequest,
  CreateDropshipWithBoxesRequest,
  CreateInboundRequest,
  CreateLadingRequest,
  CreateMerchantSkuRequest,
  CreateOutboundBatchRequest,
  CreateOutboundRequest,
  CreateReturnRequest,
  DeclarePackageRequest,
  DropshipPackage,
  InboundContainer,
  InventoryAgeRequest,
  ModifyInboundBoxesRequest,
  OutboundPackage,
  PriceAllServicesRequest,
  PriceOneServiceRequest,
  ShipToAddress,
  SkuPageRequest,
  StatusQueryRequest,
  TrackingBatchRequest,
} from "./index";

function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

// Addresses ------------------------------------------------------------------------------------

export const customerInNewYork: ShipToAddress = frozen({
  Contact: "Jane Doe",
  Phone: "+1 212-555-0143",
  Email: "jane.doe@example.com",
  Country: "US",
  Province: "NY",
  City: "New York",
  Street1: "350 Fifth Avenue",
  Street2: "Apt 4210",
  Postcode: "10118",
});

export const customerInBerlin: ShipToAddress = frozen({
  Contact: "Lukas Schneider",
  Phone: "+49 30 2094 5561",
  Email: "lukas.schneider@example.de",
  Country: "DE",
  Province: "Berlin",
  City: "Berlin",
  Street1: "Friedrichstraße 43",
  Street2: "2. OG links",
  HouseNumber: "43",
  Postcode: "10117",
});

export const customerInTokyo: ShipToAddress = frozen({
  Contact: "Yuki Sato",
  Phone: "+81 3-5555-0178",
  Email: "yuki.sato@example.jp",
  Country: "JP",
  Province: "Tokyo",
  City: "Sumida-ku",
  Street1: "1-1-2 Oshiage",
  Street2: "Room 805",
  Postcode: "131-0045",
  TaxId: "T1234567890123",
});

export const merchantInPortland: AddressWithContact = frozen({
  Contact: "Northwind Apparel Ops",
  Phone: "+1 503-555-0199",
  Email: "ops@northwind-apparel.example",
  Country: "US",
  Province: "OR",
  City: "Portland",
  Street1: "1120 NW Couch St",
  Street2: "Suite 300",
  Postcode: "97209",
});

// Packages -------------------------------------------------------------------------------------

export const dropshipPackageToNewYork: DropshipPackage = frozen({
  PackageId: "NW-FO-5821930123",
  ServiceCode: "US-USPS-GA",
  ShipToAddress: customerInNewYork,
  Sender: merchantInPortland,
  Weight: 340,
  Length: 30,
  Width: 22,
  Height: 4.5,
  Skus: [
    {
      Sku: "TSHIRT-BLK-M",
      Quantity: 2,
      Weight: 160,
      DeclareValue: 12.5,
      DeclareNameEn: "Cotton T-shirt",
      DeclareNameCn: "棉质T恤",
      ProductName: "Classic Tee Black M",
      Price: 24.99,
      HsCode: "610910",
      SaleURL: "https://northwind-apparel.example/products/classic-tee",
      MaterialEN: "100% cotton",
    },
  ],
  SellPrice: 49.98,
  SellPriceCurrency: "USD",
  SalesPlatform: "Shopify",
  Remark: "Order #1042",
});

export const dropshipPackageToBerlin: DropshipPackage = frozen({
  PackageId: "NW-FO-5821930456",
  ServiceCode: "DE-DHL-PAKET",
  ShipToAddress: customerInBerlin,
  Sender: merchantInPortland,
  Weight: 720,
  Length: 35,
  Width: 25,
  Height: 8,
  Skus: [
    {
      Sku: "HOODIE-GRY-XL",
      Quantity: 1,
      Weight: 560,
      DeclareValue: 29.9,
      NewDeclareValue: { Value: 29.9, Currency: "EUR" },
      DeclareNameEn: "Cotton hoodie",
      ProductName: "Fleece Hoodie Grey XL",
      Price: 59,
      HsCode: "611020",
    },
    { Sku: "TSHIRT-WHT-L", Quantity: 1, Weight: 160, DeclareValue: 12.5, DeclareNameEn: "Cotton T-shirt", HsCode: "610910" },
  ],
  SellPrice: 89,
  SellPriceCurrency: "EUR",
  SalesPlatform: "Shopify",
  VatCode: "DE123456789",
});

export const outboundPackageToNewYork: OutboundPackage = frozen({
  PackageId: "NW-FO-5821930789",
  ServiceCode: "US-UPS-GROUND",
  ShipToAddress: customerInNewYork,
  Skus: [
    { Sku: "TSHIRT-BLK-M", Quantity: 1, ProductName: "Classic Tee Black M", Price: 24.99, PlatformItemId: "gid://shopify/LineItem/13690000001" },
    { Sku: "MUG-CER-350", Quantity: 2, ProductName: "Ceramic Mug 350 ml", Price: 14 },
  ],
  SellPrice: 52.99,
  SellPriceCurrency: "USD",
  SalesPlatform: "Shopify",
});

export const outboundPackageToBerlin: OutboundPackage = frozen({
  PackageId: "NW-FO-5821931012",
  ServiceCode: "DE-DHL-PAKET",
  ShipToAddress: customerInBerlin,
  Skus: [{ Sku: "HOODIE-GRY-XL", Quantity: 1, ProductName: "Fleece Hoodie Grey XL", Price: 59 }],
  SellPrice: 59,
  SellPriceCurrency: "EUR",
  VatCode: "DE123456789",
});

export const inboundBox: InboundContainer = frozen({
  CustomContainerNo: "NW-INB42-BOX-01",
  Weight: 12400,
  Length: 60,
  Width: 40,
  Height: 40,
  Skus: [
    {
      Sku: "TSHIRT-BLK-M",
      Quantity: 60,
      HsCode: "610910",
      ProductDetails: [
        {
          DeclareNameEN: "Cotton T-shirt",
          DeclareNameCN: "棉质T恤",
          Quantity: 60,
          DeclareValue: 4.2,
          MaterialEN: "Cotton",
          PurposeEN: "Clothing",
          BrandName: "Northwind",
          Weight: 160,
          HsCode: "610910",
        },
      ],
    },
    { Sku: "TSHIRT-WHT-L", Quantity: 12, HsCode: "610910" },
  ],
});

// One request per operation --------------------------------------------------------------------

/** 1. Drop-ship orders in a batch. */
export const createDropshipBatch: CreateDropshipBatchRequest = frozen({
  Location: "PDX-HANDLING",
  Packages: [dropshipPackageToNewYork, dropshipPackageToBerlin],
});

/** 2. Outbound orders of one warehouse in a batch. */
export const createOutboundBatch: CreateOutboundBatchRequest = frozen({
  WarehouseId: "US01",
  Packages: [outboundPackageToNewYork, { ...outboundPackageToNewYork, PackageId: "NW-FO-5821930790" }],
  Channel: "Shopify",
  SubmitLater: false,
});

/** 3. Tracking history of several tracking numbers. */
export const trackBatch: TrackingBatchRequest = frozen({
  TrackingNumbers: ["9400111899223197428490", "1Z999AA10123456784", "JD014600006281234567"],
});

/** 4. An inbound shipment of boxes into DE01. */
export const createInbound: CreateInboundRequest = frozen({
  ShipmentId: "NW-INB-2026-0042",
  VatNo: "DE123456789",
  Location: "HAM",
  WarehouseId: "DE01",
  ShippingType: "Sea",
  Containers: [inboundBox],
  PlanArriveDate: "2026-11-22T10:00:00Z",
  Remark: "Two pallets, tail-lift needed",
  SubmitLater: false,
});

/** 5. Replace the boxes of that shipment. */
export const modifyInboundBoxes: ModifyInboundBoxesRequest = frozen({
  ShipmentId: "NW-INB-2026-0042",
  Containers: [inboundBox, { ...inboundBox, CustomContainerNo: "NW-INB42-BOX-02", Weight: 9800 }],
});

/** 6. A drop-ship order to Tokyo described box by box. */
export const createDropshipWithBoxes: CreateDropshipWithBoxesRequest = frozen({
  PackageId: "NW-FO-5821932001",
  Location: "PDX-HANDLING",
  ServiceCode: "JP-EMS",
  ContainerInfos: [
    {
      CustomContainerNo: "NW-5821932001-1",
      Weight: 1850,
      Length: 40,
      Width: 30,
      Height: 20,
      SkuInfos: [
        {
          Sku: "HOODIE-GRY-XL",
          Charged: true,
          ModelName: "Fleece Hoodie",
          DeclareNameEN: "Cotton hoodie",
          DeclareNameCN: "棉质连帽衫",
          Quantity: 3,
          DeclareValue: 29.9,
          MaterialEN: "Cotton",
          PurposeEN: "Clothing",
          BrandName: "Northwind",
          Weight: 560,
          HsCode: "611020",
        },
      ],
    },
  ],
  ShipToAddress: customerInTokyo,
  ShipperInfo: merchantInPortland,
  Custom: "ORDER 1043",
  Remark: "Gift, no invoice in the box",
});

/** 7. One drop-ship order to Berlin. */
export const createDropship: CreateDropshipRequest = frozen({
  Location: "PDX-HANDLING",
  Package: dropshipPackageToBerlin,
  Remark: "Order #1044",
  SubmitLater: false,
});

/** 8 and 15. Status queries by PackageId. */
export const statusQuery: StatusQueryRequest = frozen({ Ids: ["NW-FO-5821930123", "NW-FO-5821930456"] });

/** 9. A return from a customer in New York to US01. */
export const createReturn: CreateReturnRequest = frozen({
  ShipToAddress: merchantInPortland,
  ReceivingWarehouseCode: "US01",
  PackageId: "NW-RMA-2026-0007",
  ServiceCode: "US-RETURN-GA",
  Sender: { ...customerInNewYork },
  Weight: 350,
  Length: 30,
  Width: 22,
  Height: 4.5,
  Skus: [
    {
      Sku: "TSHIRT-BLK-M",
      Quantity: 1,
      Weight: 160,
      NewDeclareValue: { Value: 24.99, Currency: "USD" },
      DeclareNameEn: "Cotton T-shirt",
      ProductName: "Classic Tee Black M",
      Price: 24.99,
      HsCode: "610910",
    },
  ],
  SalesPlatform: "Shopify",
  Custom: "RMA 7",
  Remark: "Wrong size, customer wants L",
});

/** 10. The customs declaration of the Berlin drop-ship package. */
export const declarePackage: DeclarePackageRequest = frozen({
  PackageId: "NW-FO-5821930456",
  ServiceCode: "DE-DHL-PAKET",
  TrackingNumber: "JD014600006281234567",
  Weight: 720,
  Length: 35,
  Width: 25,
  Height: 8,
  Skus: dropshipPackageToBerlin.Skus,
  VatCode: "DE123456789",
  IOSS: "IM2760000742",
  ShipToAddress: customerInBerlin,
  Sender: merchantInPortland,
});

/** 12. One outbound order from DE01 to Berlin. */
export const createOutbound: CreateOutboundRequest = frozen({
  WarehouseId: "DE01",
  Package: outboundPackageToBerlin,
  Remark: "Order #1045",
  Channel: "Shopify",
  SubmitLater: false,
});

/** 13. A lading order: two cartons to a retail partner in New York. */
export const createLading: CreateLadingRequest = frozen({
  OrderNo: "NW-LAD-2026-0003",
  ShipmentId: "NW_LAD_2026_0003",
  ReservationDate: "2026-12-01T09:00:00-05:00",
  WarehouseId: "US01",
  ServiceCode: "US-LTL",
  ShipToAddress: { ...customerInNewYork, Contact: "Receiving Dock, Fifth Ave Store" },
  PackageItems: [
    { Skus: [{ Sku: "TSHIRT-BLK-M", Quantity: 48 }, { Sku: "TSHIRT-WHT-L", Quantity: 48 }] },
    { Skus: [{ Sku: "HOODIE-GRY-XL", Quantity: 24, StorageNo: "US01-A-12-03" }] },
  ],
  ImportLabel: "https://northwind-apparel.example/labels/lad-0003.pdf",
});

/** 14. Prices of every service of US01 for two T-shirts to New York. */
export const priceAllServices: PriceAllServicesRequest = frozen({
  Skus: [{ Sku: "TSHIRT-BLK-M", Quantity: 2 }],
  WarehouseId: "US01",
  Country: "US",
  Postcode: "10118",
  Address: "350 Fifth Avenue",
  City: "New York",
  Province: "NY",
  IncludeUnsuccessful: true,
});

/** 16. The merchant SKU of the black T-shirt in M. */
export const createMerchantSku: CreateMerchantSkuRequest = frozen({
  Sku: "TSHIRT-BLK-M",
  CustomStorageNo: "NW-TSHIRT-BLK-M",
  ProductName: "Classic Tee Black M",
  HsCode: "610910",
  ProductDescription: "Crew-neck T-shirt, 180 g/m² combed cotton, black, size M",
  Weight: 160,
  Length: 30,
  Width: 22,
  Height: 2,
  DeclareName: "Cotton T-shirt (men's)",
  DeclareNameCn: "棉质T恤",
  DeclareValue: 4.2,
  ProductFlag: "Simple",
  ProductAttribute: "GeneralCargo",
  ProductModel: "CT-180",
  ProductAmountWarn: 10,
  ProductCategory: "Apparel",
  Brand: "Northwind",
  Material: "Cotton",
  MaterialCN: "棉",
  ImportHsCode: "6109100010",
  ProductRemark: "Fold, do not hang",
  ProductImage: "https://cdn.shopify.com/s/files/1/0000/0001/products/tee-black.jpg",
  Suffix: "jpg",
  ProductSize: "M",
});

/** 18. The price of one service of DE01 for a hoodie to Berlin. */
export const priceOneService: PriceOneServiceRequest = frozen({
  Skus: [{ Sku: "HOODIE-GRY-XL", Quantity: 1 }],
  ServiceCode: "DE-DHL-PAKET",
  WarehouseId: "DE01",
  Country: "DE",
  Postcode: "10117",
  Address: "Friedrichstraße 43",
  City: "Berlin",
  Province: "Berlin",
});

/** 19. The first page of inventory age of US01. */
export const inventoryAge: InventoryAgeRequest = frozen({
  WarehouseId: "US01",
  Sku: "TSHIRT-BLK-M",
  DateRangeCovered: "2026-11-01T00:00:00Z",
  PageIndex: 0, // pages count from 0 ("PageIndex 0 to 2147483647")
  PageSize: 50,
});

/** 20. The merchant's SKUs created in November 2026 (Unix milliseconds, as the sandbox reads them). */
export const searchSkus: SkuPageRequest = frozen({
  CreateTimeFrom: 1793491200000,
  CreateTimeTo: 1796083199999,
  PageSize: 50,
  PageIndex: 1,
  SkuList: ["TSHIRT-BLK-M", "HOODIE-GRY-XL"],
});

// By operation ---------------------------------------------------------------------------------

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call of operation K sends: its path parameters, query and body, as the operation declares. */
export type OperationExample<K extends OperationName> = {
  [P in "pathParams" | "query" | "body" as P extends keyof Operations[K] ? P : never]: Input<
    Operations[K][P & keyof Operations[K]]
  >;
};

/** One valid request of every operation, keyed like `operations`. */
export const requestExamples: { readonly [K in OperationName]: OperationExample<K> } = frozen({
  createDropshipBatch: { body: createDropshipBatch },
  createOutboundBatch: { body: createOutboundBatch },
  trackBatch: { query: { lang: "en" }, body: trackBatch },
  createInbound: { body: createInbound },
  modifyInboundBoxes: { body: modifyInboundBoxes },
  createDropshipWithBoxes: { body: createDropshipWithBoxes },
  createDropship: { body: createDropship },
  dropshipStatuses: { pathParams: { idType: "PackageId" }, body: statusQuery },
  createReturn: { body: createReturn },
  declarePackage: { body: declarePackage },
  trackOne: { pathParams: { trackingNumber: "9400111899223197428490" }, query: { lang: "en" } },
  createOutbound: { body: createOutbound },
  createLading: { body: createLading },
  priceAllServices: { body: priceAllServices },
  outboundStatuses: { pathParams: { idType: "SvcPackageId" }, body: { Ids: ["OB2611220000173", "OB2611220000174"] } },
  createMerchantSku: { body: createMerchantSku },
  dropshipStatus: { pathParams: { packageId: "NW-FO-5821930123" } },
  priceOneService: { body: priceOneService },
  inventoryAge: { body: inventoryAge },
  searchSkus: { body: searchSkus },
});
