/**
 * The reference's shared types (section 2) as they are sent to the provider. Where the reference
 * gives no rule for a nested field, the schema gives its type only; the reference's gaps are listed
 * in section 2.8. Two exceptions: a package's PackageId follows the same rule everywhere (DESIGN.md
 * section 6), and SKU lines need a SKU and a positive quantity (ours: a line of nothing ships nothing).
 */
import { z } from "zod";
import { decimal, grams, integer, INT32_MAX, packageKey, ruleMessage } from "./rules";

const s = () => z.string().optional();
const n = () => z.number().optional();

export const ShipToAddress = z.object({
  TaxId: s(),
  HouseNumber: s(),
  RecipientBirthday: s(),
  IDNumber: s(),
  BankCardLast4digits: s(),
  PaymentType: s(),
  IssuingInstitution: s(),
  Taxfree: s(),
  DutyParagraph: s(),
  Contact: s(),
  Phone: s(),
  Email: s(),
  Country: s(),
  Province: s(),
  City: s(),
  Street1: s(),
  Street2: s(),
  Postcode: s(),
});
export type ShipToAddress = z.infer<typeof ShipToAddress>;

/** Also used as Sender and ShipperInfo. */
export const AddressWithContact = z.object({
  Contact: s(),
  Phone: s(),
  Email: s(),
  Country: s(),
  Province: s(),
  City: s(),
  Street1: s(),
  Street2: s(),
  Postcode: s(),
});
export type AddressWithContact = z.infer<typeof AddressWithContact>;

export const Address = z.object({
  Country: s(),
  Province: s(),
  City: s(),
  Street1: s(),
  Street2: s(),
  Postcode: s(),
});
export type Address = z.infer<typeof Address>;

/** An amount with its currency (NewDeclareValue, ExportsDeclareValue, Duty). */
export const Money = z.object({ Value: z.number(), Currency: z.string() });
export type Money = z.infer<typeof Money>;

/** ExportsInfo and ImportsInfo have the same shape. */
export const TradeParty = z.object({
  EoriCode: s(),
  Country: s(),
  Province: s(),
  City: s(),
  Street1: s(),
  Street2: s(),
  Postcode: s(),
  Contact: s(),
  Company: s(),
  Phone: s(),
  Email: s(),
});
export type TradeParty = z.infer<typeof TradeParty>;

const sku = () => z.string().min(1, { error: ruleMessage("notEmpty") });
const quantity = () => integer(1, INT32_MAX, "units");

/** A line of a drop-ship package (SkuObject in the declare operation). */
export const DropshipSkuLine = z.object({
  Sku: sku(),
  Quantity: quantity(),
  Weight: n(),
  DeclareValue: n(),
  NewDeclareValue: Money.optional(),
  ExportsDeclareValue: Money.optional(),
  DeclareNameEn: s(),
  DeclareNameCn: s(),
  ProductName: s(),
  Price: n(),
  HsCode: s(),
  SaleURL: s(),
  ProductLink: s(),
  ProductDescription: s(),
  ProductCategories: s(),
  MaterialEN: s(),
  DutyTaxRate: n(),
  Duty: Money.optional(),
});
export type DropshipSkuLine = z.infer<typeof DropshipSkuLine>;

/** A parcel shipped directly, with its own declared goods. */
export const DropshipPackage = z.object({
  PackageId: packageKey(),
  ServiceCode: s(),
  ShipToAddress: ShipToAddress,
  Sender: AddressWithContact.optional(),
  Weight: n(),
  Length: n(),
  Width: n(),
  Height: n(),
  Skus: z.array(DropshipSkuLine).min(1, { error: ruleMessage("atLeastOneItem") }),
  ExportsInfo: TradeParty.optional(),
  ImportsInfo: TradeParty.optional(),
  SellPrice: n(),
  SellPriceCurrency: s(),
  SalesPlatform: s(),
  OtherSalesPlatform: s(),
  ImportTrackingNumber: s(),
  Custom: s(),
  Remark: s(),
  VatCode: s(),
  CodAmount: n(),
  CodAmountStr: s(),
  IsCreateNewOrder: z.boolean().optional(),
  DutyTaxRate: n(),
  Duty: Money.optional(),
  GoodsValueType: s(),
});
export type DropshipPackage = z.infer<typeof DropshipPackage>;

/** A line of an outbound package, and of a lading order. */
export const OutboundSkuLine = z.object({
  Sku: sku(),
  StorageNo: s(),
  Quantity: quantity(),
  ProductName: s(),
  Price: n(),
  PlatformItemId: s(),
  PlatformTransactionId: s(),
  HsCode: s(),
});
export type OutboundSkuLine = z.infer<typeof OutboundSkuLine>;

/** A package shipped from stock in a provider warehouse. */
export const OutboundPackage = z.object({
  PackageId: packageKey(),
  PreSale: z.boolean().optional(),
  ShipmentId: s(),
  ServiceCode: s(),
  ShipToAddress: ShipToAddress,
  Skus: z.array(OutboundSkuLine).min(1, { error: ruleMessage("atLeastOneItem") }),
  ExportsInfo: TradeParty.optional(),
  ImportsInfo: TradeParty.optional(),
  SellPrice: n(),
  SellPriceCurrency: s(),
  Remark: s(),
  SalesPlatform: s(),
  ImportTrackingNumber: s(),
  VatCode: s(),
  CodAmount: n(),
  ImportLabel: s(),
  IsCreateNewOrder: z.boolean().optional(),
  CarrierName: s(),
  CarrierService: s(),
});
export type OutboundPackage = z.infer<typeof OutboundPackage>;

/** A package of a lading order. */
export const BatchPackageItem = z.object({
  Skus: z.array(OutboundSkuLine).min(1, { error: ruleMessage("atLeastOneItem") }),
});
export type BatchPackageItem = z.infer<typeof BatchPackageItem>;

/** The customs description of goods, shared by inbound product details and drop-ship box lines. */
const declaredGoods = {
  DeclareNameEN: s(),
  DeclareNameCN: s(),
  DeclareValue: n(),
  MaterialEN: s(),
  MaterialCN: s(),
  PurposeEN: s(),
  PurposeCN: s(),
  BrandName: s(),
  Weight: n(),
  Packing: s(),
  HsCode: s(),
};

/** A box's label and size: inbound containers and drop-ship boxes alike. */
const boxFields = {
  CustomContainerNo: s(),
  Weight: n(),
  Length: n(),
  Width: n(),
  Height: n(),
};

export const ProductDetail = z.object({
  ...declaredGoods,
  Quantity: z.number().int().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const InboundSkuLine = z.object({
  Sku: sku(),
  StorageNo: s(),
  Quantity: quantity(),
  HsCode: s(),
  ProductDetails: z.array(ProductDetail).optional(),
});
export type InboundSkuLine = z.infer<typeof InboundSkuLine>;

/** A box of an inbound shipment. */
export const InboundContainer = z.object({
  ...boxFields,
  Skus: z.array(InboundSkuLine).min(1, { error: ruleMessage("atLeastOneItem") }),
});
export type InboundContainer = z.infer<typeof InboundContainer>;

export const BoxSkuLine = z.object({
  Sku: sku(),
  Picture: s(),
  Charged: z.boolean().optional(),
  ASINCode: s(),
  ModelName: s(),
  ...declaredGoods,
  Quantity: quantity(),
});
export type BoxSkuLine = z.infer<typeof BoxSkuLine>;

/** A box of a drop-ship-with-boxes order. */
export const DropshipContainer = z.object({
  ...boxFields,
  SkuInfos: z.array(BoxSkuLine).min(1, { error: ruleMessage("atLeastOneItem") }),
});
export type DropshipContainer = z.infer<typeof DropshipContainer>;

export const ReturnSkuObject = z.object({
  Sku: sku(),
  Quantity: quantity(),
  Weight: n(),
  NewDeclareValue: Money.optional(),
  DeclareNameEn: s(),
  DeclareNameCn: s(),
  ProductName: s(),
  Price: n(),
  HsCode: s(),
  SaleURL: s(),
});
export type ReturnSkuObject = z.infer<typeof ReturnSkuObject>;

/** A SKU and quantity to price. */
export const SkuInfo = z.object({ Sku: sku(), Quantity: quantity() });
export type SkuInfo = z.infer<typeof SkuInfo>;

/** Dimensions in cm with the reference's "8 digits and 2 decimals" rule. */
export const dimension = () => decimal(8, 2);
export { grams };
