/**
 * The request of every operation of the reference (section 4.3), with all of its field rules.
 * The client validates with these before sending; the sandbox validates with the same schemas,
 * so the two can never disagree about what the provider accepts.
 */
import { z } from "zod";
import {
  code,
  customStorageNo,
  dateTimeText,
  decimal,
  declareName,
  emptyOrDigits,
  INT32_MAX,
  integer,
  listOf,
  packageKey,
  ruleMessage,
  text,
  textBetween,
} from "./rules";
import {
  AddressWithContact,
  BatchPackageItem,
  dimension,
  DropshipContainer,
  DropshipPackage,
  DropshipSkuLine,
  grams,
  InboundContainer,
  OutboundPackage,
  ReturnSkuObject,
  ShipToAddress,
  SkuInfo,
} from "./types";

/** The most packages one batch creation (operation 1) may carry. */
export const MAX_PACKAGES_PER_BATCH = 20;
/** The most tracking numbers one tracking query (operation 3) may carry. */
export const MAX_TRACKING_NUMBERS_PER_QUERY = 20;
/** The largest page of the inventory age query (operation 19). */
export const MAX_PAGE_SIZE = 100;

/** Operation 1: create drop-ship orders in a batch. */
export const CreateDropshipBatchRequest = z.object({
  Location: text(20).optional(),
  Packages: listOf(DropshipPackage, MAX_PACKAGES_PER_BATCH),
});
export type CreateDropshipBatchRequest = z.infer<typeof CreateDropshipBatchRequest>;

/** Operation 2: create outbound orders in a batch (one warehouse). */
export const CreateOutboundBatchRequest = z.object({
  WarehouseId: text(30),
  Packages: listOf(OutboundPackage),
  Channel: z.string().optional(),
  SubmitLater: z.boolean().optional(),
});
export type CreateOutboundBatchRequest = z.infer<typeof CreateOutboundBatchRequest>;

/** `lang` query parameter of the tracking queries (operations 3 and 11); the provider defaults to zh. */
export const TrackingQuery = z.object({ lang: z.string().min(1).optional() });
export type TrackingQuery = z.infer<typeof TrackingQuery>;

/** Operation 3: tracking history of up to 20 tracking numbers. */
export const TrackingBatchRequest = z.object({
  TrackingNumbers: listOf(z.string().min(1, { error: ruleMessage("notEmpty") }), MAX_TRACKING_NUMBERS_PER_QUERY),
});
export type TrackingBatchRequest = z.infer<typeof TrackingBatchRequest>;

/** Operation 4: an inbound shipment of boxes of SKUs into a warehouse. */
export const CreateInboundRequest = z.object({
  ShipmentId: code(1, 50),
  VatNo: z.string().optional(),
  Location: text(20).optional(),
  WarehouseId: text(30),
  ShippingType: text(30),
  Containers: listOf(InboundContainer),
  PlanArriveDate: dateTimeText().optional(),
  Remark: text(200).optional(),
  SubmitLater: z.boolean().optional(),
});
export type CreateInboundRequest = z.infer<typeof CreateInboundRequest>;

/** Operation 5: replace the boxes of an inbound shipment. */
export const ModifyInboundBoxesRequest = z.object({
  ShipmentId: z.string().min(1, { error: ruleMessage("notEmpty") }),
  Containers: listOf(InboundContainer),
});
export type ModifyInboundBoxesRequest = z.infer<typeof ModifyInboundBoxesRequest>;

/** Operation 6: a drop-ship order described box by box. */
export const CreateDropshipWithBoxesRequest = z.object({
  PackageId: packageKey(),
  Location: text(20),
  ServiceCode: text(30),
  ContainerInfos: listOf(DropshipContainer),
  ShipToAddress: ShipToAddress,
  ShipperInfo: AddressWithContact.optional(),
  Custom: text(1000).optional(),
  VatCode: z.string().optional(),
  Remark: text(1000).optional(),
});
export type CreateDropshipWithBoxesRequest = z.infer<typeof CreateDropshipWithBoxesRequest>;

/** Operation 7: one drop-ship order. */
export const CreateDropshipRequest = z.object({
  Location: text(20).optional(),
  Package: DropshipPackage,
  Remark: text(1000).optional(),
  SubmitLater: z.boolean().optional(),
});
export type CreateDropshipRequest = z.infer<typeof CreateDropshipRequest>;

/** Which identifier the Ids of a status query are. */
export const IdType = z.enum(["PackageId", "SvcPackageId"], {
  error: "must be PackageId or SvcPackageId",
});
export type IdType = z.infer<typeof IdType>;

/** Path parameter of the status queries (operations 8 and 15). */
export const StatusQueryPath = z.object({ idType: IdType });
export type StatusQueryPath = z.infer<typeof StatusQueryPath>;

/** Body of the status queries (operations 8 and 15). */
export const StatusQueryRequest = z.object({
  Ids: listOf(z.string().min(1, { error: ruleMessage("notEmpty") })),
});
export type StatusQueryRequest = z.infer<typeof StatusQueryRequest>;

/** Operation 9: a return order. */
export const CreateReturnRequest = z.object({
  ShipToAddress: AddressWithContact.optional(),
  ReceivingWarehouseCode: text(20).optional(),
  PackageId: packageKey(),
  ServiceCode: text(30),
  Sender: AddressWithContact,
  Weight: grams(),
  Length: dimension().optional(),
  Width: dimension().optional(),
  Height: dimension().optional(),
  Skus: listOf(ReturnSkuObject),
  SalesPlatform: z.string().optional(),
  Custom: text(1000).optional(),
  Remark: text(1000).optional(),
});
export type CreateReturnRequest = z.infer<typeof CreateReturnRequest>;

/** Operation 10: the customs declaration of an existing drop-ship package. */
export const DeclarePackageRequest = z.object({
  PackageId: packageKey(),
  ServiceCode: z.string().optional(),
  TrackingNumber: z.string().optional(),
  Weight: grams(),
  Length: dimension().optional(),
  Width: dimension().optional(),
  Height: dimension().optional(),
  Skus: listOf(DropshipSkuLine),
  VatCode: z.string().optional(),
  IOSS: z.string().optional(),
  ShipToAddress: ShipToAddress,
  Sender: AddressWithContact.optional(),
});
export type DeclarePackageRequest = z.infer<typeof DeclarePackageRequest>;

/** Path parameter of operation 11. */
export const TrackingNumberPath = z.object({
  trackingNumber: z.string().min(1, { error: ruleMessage("notEmpty") }),
});
export type TrackingNumberPath = z.infer<typeof TrackingNumberPath>;

/** Operation 12: one outbound order. */
export const CreateOutboundRequest = z.object({
  WarehouseId: text(30),
  Package: OutboundPackage,
  Remark: text(200).optional(),
  Channel: z.string().optional(),
  SubmitLater: z.boolean().optional(),
});
export type CreateOutboundRequest = z.infer<typeof CreateOutboundRequest>;

/** Operation 13: a lading order (a batch of packages shipped together). */
export const CreateLadingRequest = z.object({
  OrderNo: text(30),
  ShipmentId: code(0, 50),
  ReservationDate: dateTimeText().optional(),
  WarehouseId: text(30),
  ServiceCode: text(30),
  ShipToAddress: ShipToAddress,
  PackageItems: listOf(BatchPackageItem),
  ImportLabel: z.string().optional(),
});
export type CreateLadingRequest = z.infer<typeof CreateLadingRequest>;

const pricingFields = {
  Skus: listOf(SkuInfo),
  WarehouseId: code(1, 10),
  Country: text(100),
  Postcode: text(50).optional(),
  Address: text(200).optional(),
  City: text(100).optional(),
  Province: text(100).optional(),
};

/** Operation 14: prices of every service of a warehouse. */
export const PriceAllServicesRequest = z.object({
  ...pricingFields,
  ServiceCode: code(0, 30).optional(),
  IncludeUnsuccessful: z.boolean().optional(),
});
export type PriceAllServicesRequest = z.infer<typeof PriceAllServicesRequest>;

/** Operation 18: the price of one service. */
export const PriceOneServiceRequest = z.object({
  ...pricingFields,
  ServiceCode: code(1, 30),
});
export type PriceOneServiceRequest = z.infer<typeof PriceOneServiceRequest>;

/** Operation 16: a merchant SKU, which must exist before it is sent in an inbound shipment. */
export const CreateMerchantSkuRequest = z.object({
  Sku: textBetween(1, 100),
  CustomStorageNo: customStorageNo().optional(),
  ProductName: textBetween(1, 100),
  HsCode: emptyOrDigits(6, 50).optional(),
  ProductDescription: textBetween(1, 2000),
  Weight: integer(1, INT32_MAX, "grams"),
  Length: dimension(),
  Width: dimension(),
  Height: dimension(),
  DeclareName: declareName(),
  DeclareNameCn: text(100).optional(),
  DeclareValue: decimal(18, 2),
  ProductFlag: z.string().min(1, { error: ruleMessage("notEmpty") }),
  ProductAttribute: z.string().min(1, { error: ruleMessage("notEmpty") }),
  ProductModel: text(100).optional(),
  ProductAmountWarn: integer(0, INT32_MAX, "units").optional(),
  ProductCategory: text(50).optional(),
  Brand: z.string().optional(),
  Material: text(50).optional(),
  MaterialCN: text(50).optional(),
  ImportHsCode: emptyOrDigits(6, 50).optional(),
  ProductRemark: text(255).optional(),
  ProductImage: z.string().optional(),
  Suffix: z.string().optional(),
  ProductSize: z.string().optional(),
});
export type CreateMerchantSkuRequest = z.infer<typeof CreateMerchantSkuRequest>;

/** Path parameter of operation 17. */
export const PackageIdPath = z.object({ packageId: z.string().min(1, { error: ruleMessage("notEmpty") }) });
export type PackageIdPath = z.infer<typeof PackageIdPath>;

/** Operation 19: inventory by age, one page of one warehouse. */
export const InventoryAgeRequest = z.object({
  WarehouseId: text(30),
  Sku: z.string().optional(),
  DateRangeCovered: dateTimeText().optional(),
  PageIndex: integer(0, INT32_MAX).optional(),
  PageSize: integer(0, MAX_PAGE_SIZE).optional(),
});
export type InventoryAgeRequest = z.infer<typeof InventoryAgeRequest>;

/** Operation 20: the merchant's SKUs as the provider sees them. No field is required. */
export const SkuPageRequest = z.object({
  CreateTimeFrom: integer(0, Number.MAX_SAFE_INTEGER).optional(),
  CreateTimeTo: integer(0, Number.MAX_SAFE_INTEGER).optional(),
  PageSize: integer(0, INT32_MAX).optional(),
  PageIndex: integer(0, INT32_MAX).optional(),
  SkuList: z.array(z.string()).optional(),
});
export type SkuPageRequest = z.infer<typeof SkuPageRequest>;
