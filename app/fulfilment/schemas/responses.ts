/**
 * What the provider answers. Tolerant where tolerance is safe (unknown fields are ignored, absent
 * optional fields may be null, enumeration values we have not seen are kept as text) and strict on
 * what the connector relies on (ids, statuses, tracking numbers).
 */
import { z } from "zod";
import { knownOr } from "./rules";

const s = () => z.string().nullish();
const n = () => z.number().nullish();
const b = () => z.boolean().nullish();
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

export const CreateStatus = knownOr(["Creating", "Created", "CreateFailed"]);
export const DirectExpressOrderStatus = knownOr([
  "Initial",
  "Submitted",
  "Examined",
  "Shipped",
  "WaitingForWeightConfirm",
  "WeightConfirm",
  "Return",
  "Cancel",
]);
export const OutboundOrderStatus = knownOr([
  "Delete",
  "Initial",
  "Submitted",
  "Examined",
  "Shipped",
  "Consignment",
  "Receive",
  "Finished",
  "UnShipped",
  "Returns",
  "ReturnApply",
  "ReturnFinished",
]);
/** Unknown tracking statuses mean "in transit" to the connector, never an error. */
export const TrackingStatus = knownOr(["Processing", "PickUp", "InTransit", "Delivered"]);

export const MoneyResult = z.object({ Value: n(), Currency: s() });
export const AddressResult = z.object({
  Country: s(),
  Province: s(),
  City: s(),
  Street1: s(),
  Street2: s(),
  Postcode: s(),
});

/** The per-package answer of batch creation (operations 1 and 2). */
export const PackageResult = z.object({
  PackageId: z.string(),
  Success: z.boolean(),
  Message: s(),
  ErrorCode: s(),
});
export type PackageResult = z.infer<typeof PackageResult>;
export const PackageResults = z.array(PackageResult);

/** Why a creation failed (CreateFailedReason) or an outbound order was not shipped (UnShippedReason). */
export const FailureReason = z.object({ ReasonCode: s(), ReasonText: s(), ExtendMessage: s() });
export type FailureReason = z.infer<typeof FailureReason>;

export const ShippingCost = z.object({
  Money: n(),
  Currency: s(),
  Type: knownOr(["None"]).nullish(),
  Remark: s(),
});
export type ShippingCost = z.infer<typeof ShippingCost>;

export const Packing = z.object({ Length: n(), Width: n(), Height: n() });

export const CheckpointDto = z.object({
  LocationAddress: AddressResult.nullish(),
  Location: s(),
  Message: s(),
  DateTime: s(),
  TimeZone: s(),
  TrackingId: s(),
  Extended: s(),
  Carrier: s(),
  TrackingStatus: TrackingStatus.nullish(),
});
export type CheckpointDto = z.infer<typeof CheckpointDto>;

export const Carrier = z.object({ Company: s(), Url: s(), Phone: s() });
export const TransitPort = z.object({ Code: s(), ETA: s(), ETD: s(), STA: s(), STD: s() });
export const ClientGroupSum = z.object({
  SumType: s(),
  CalWeightKg: n(),
  WeightKg: n(),
  DimWeightKg: n(),
  PackageCount: n(),
});

/** Tracking history of one tracking number (operations 3 and 11). */
export const TrackingResult = z.object({
  TrackingNumber: z.string(),
  PackageId: s(),
  ProviderTrackingNumber: s(),
  ShippingProvider: s(),
  TrackingStatus: TrackingStatus.nullish(),
  Checkpoints: listOf(CheckpointDto),
  Country: s(),
  EstimatedDelivery: s(),
  Destination: AddressResult.nullish(),
  Origin: AddressResult.nullish(),
  CarrierInfo: Carrier.nullish(),
  PlateType: s(),
  TransitPorts: listOf(TransitPort),
  ClientGroupSumList: listOf(ClientGroupSum),
});
export type TrackingResult = z.infer<typeof TrackingResult>;
export const TrackingResults = z.array(TrackingResult);

/** Operation 4's answer. */
export const InboundCreated = z.object({ ShipmentId: z.string(), SvcOrderId: s() });
export type InboundCreated = z.infer<typeof InboundCreated>;

/** Operation 5's answer: Success false carries the error in the body, not the status. */
export const ModifyBoxesResult = z.object({ Success: z.boolean(), ErrorCode: s(), ErrorMessage: s() });
export type ModifyBoxesResult = z.infer<typeof ModifyBoxesResult>;

/** Status of a drop-ship order (operations 8 and 17). */
export const DropshipStatusRecord = z.object({
  WeightInit: n(),
  PackingInit: Packing.nullish(),
  Weight: n(),
  Packing: Packing.nullish(),
  ChargedWeight: n(),
  ServerSource: s(),
  Country: s(),
  ServiceCode: s(),
  MailingDate: s(),
  CodAmount: s(),
  CodAmountCurrency: s(),
  PackageId: z.string(),
  SvcPackageId: s(),
  Status: CreateStatus,
  HandleStatus: DirectExpressOrderStatus.nullish(),
  TrackingNumber: s(),
  ExtraTrackNumber: s(),
  IsFinalTrackingNumber: b(),
  ShippingProvider: s(),
  RetryCount: n(),
  CreateFailedReason: FailureReason.nullish(),
  ShippingCosts: listOf(ShippingCost),
  HasRemoteFee: b(),
  WarehouseReceivedTime: s(),
  WarehouseDepartedTime: s(),
  CreatedTime: s(),
});
export type DropshipStatusRecord = z.infer<typeof DropshipStatusRecord>;
export const DropshipStatusRecords = z.array(DropshipStatusRecord);

/** Status of an outbound order (operation 15). */
export const OutboundStatusRecord = z.object({
  PackageId: z.string(),
  SvcPackageId: s(),
  Status: CreateStatus,
  HandleStatus: OutboundOrderStatus.nullish(),
  RetryCount: n(),
  UnShippedReason: FailureReason.nullish(),
  TrackingNumber: s(),
  IsFinalTrackingNumber: b(),
  InternalNumber: s(),
  ShippingProvider: s(),
  ShippingCosts: listOf(ShippingCost),
  Weight: n(),
  HasRemoteFee: b(),
  SvcOrderShipOuted: s(),
  SvcOrderShipOutedStr: s(),
});
export type OutboundStatusRecord = z.infer<typeof OutboundStatusRecord>;
export const OutboundStatusRecords = z.array(OutboundStatusRecord);

/** Operation 9's answer. */
export const ReturnOrderResult = z.object({
  PackageId: z.string(),
  SvcPackageId: s(),
  HandleStatus: DirectExpressOrderStatus.nullish(),
  TrackingNumber: s(),
  IsFinalTrackingNumber: b(),
  ShippingProvider: s(),
  CreateFailedReason: FailureReason.nullish(),
  ShippingCosts: listOf(ShippingCost),
  HasRemoteFee: b(),
});
export type ReturnOrderResult = z.infer<typeof ReturnOrderResult>;

export const ChargeInfo = z.object({
  Summary: listOf(z.object({ Currency: s(), Amount: n() })),
  Detail: listOf(z.object({ Currency: s(), Amount: n(), ChargeName: s(), Remark: s() })),
});

/** The price of one service (operations 14 and 18). */
export const PricingResult = z.object({
  ServiceCode: z.string(),
  ServiceName: s(),
  Success: z.boolean(),
  Message: s(),
  ChargeInfo: ChargeInfo.nullish(),
  LogisticsTimes: z.object({ Min: n(), Max: n() }).nullish(),
});
export type PricingResult = z.infer<typeof PricingResult>;
export const PricingResults = z.array(PricingResult);

export const InventoryAgeInfo = z.object({
  Sku: z.string(),
  StorageNo: s(),
  TotalStockQty: z.number(),
  To30Days: n(),
  To60Days: n(),
  To90Days: n(),
  To120Days: n(),
  To150Days: n(),
  To180Days: n(),
  To210Days: n(),
  To240Days: n(),
  To270Days: n(),
  To300Days: n(),
  To330Days: n(),
  MoreThan330Days: n(),
});
export type InventoryAgeInfo = z.infer<typeof InventoryAgeInfo>;

/** Operation 19's answer: one page of inventory by age. */
export const InventoryAgePage = z.object({
  PageIndex: z.number(),
  PageSize: z.number(),
  TotalCount: z.number(),
  TotalPage: z.number(),
  DateRangeCovered: s(),
  WarehouseId: s(),
  InventoryAges: listOf(InventoryAgeInfo),
});
export type InventoryAgePage = z.infer<typeof InventoryAgePage>;

/** A merchant SKU as the provider sees it (operation 20). */
export const MerchantSku = z.object({
  Sku: z.string(),
  CustomStorageNo: s(),
  HsCode: s(),
  ProductDescription: s(),
  DeclareName: s(),
  DeclareValue: n(),
  ProductAttribute: knownOr(["GeneralCargo"]).nullish(),
  ImportHsCode: s(),
  Brand: s(),
  Material: s(),
  MaterialCN: s(),
  ApprovalStatus: s(),
  Weight: n(),
  Length: n(),
  Width: n(),
  Height: n(),
});
export type MerchantSku = z.infer<typeof MerchantSku>;

/** Operation 20's answer. */
export const SkuPage = z.object({ TotalCount: z.number(), SkuInfoList: listOf(MerchantSku) });
export type SkuPage = z.infer<typeof SkuPage>;

/** The body of every 400/401/404/412/500 (DESIGN.md section 6). A validation error's Code names the field. */
export const ProviderErrorBody = z.object({
  Errors: listOf(z.object({ Code: z.string().nullish(), Message: z.string().nullish() })),
  TicketId: s(),
  UtcDateTime: s(),
  RequestUri: s(),
});
export type ProviderErrorBody = z.infer<typeof ProviderErrorBody>;

/** `POST /oauth2/token`'s answer. Expiries are in seconds. */
export const TokenResponse = z.object({
  AccessToken: z.string().min(1),
  AccessTokenExpiresIn: z.number(),
  RefreshToken: s(),
  RefreshTokenExpiresIn: n(),
  CustomerId: z.union([z.string(), z.number()]).nullish(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
