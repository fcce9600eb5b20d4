/**
 * Everything the sandbox remembers, as a zod schema: the same schema types the in-memory state and
 * parses the `--state` file, so a file from an older or foreign program is refused with a reason
 * instead of half-working. Collections keyed by the merchant's ids are Maps in memory (an id such as
 * `__proto__` is a valid PackageId) and arrays in the file.
 */
import { z } from "zod";
import { catalogue, seedLotAges, warehouses } from "./world";

const DAY_MS = 24 * 60 * 60 * 1000;

const keyedBy = <T extends z.ZodObject, K extends keyof z.output<T> & string>(item: T, key: K) =>
  z.array(item).transform((list) => new Map(list.map((entry): [string, z.output<T>] => [String(entry[key]), entry])));

/** A place a parcel leaves from or goes to. Country is an ISO code where the sandbox knows it. */
export const Place = z.object({
  Country: z.string(),
  Province: z.string().optional(),
  City: z.string().optional(),
  Street1: z.string().optional(),
  Postcode: z.string().optional(),
});
export type Place = z.infer<typeof Place>;

export const Reason = z.object({ ReasonCode: z.string(), ReasonText: z.string(), ExtendMessage: z.string() });
export type Reason = z.infer<typeof Reason>;

export const Cost = z.object({ Money: z.number(), Currency: z.string(), Type: z.string(), Remark: z.string() });
export type Cost = z.infer<typeof Cost>;

/** A parcel on its way: what tracking is computed from. Checkpoints follow from `createdAt` alone. */
export const Parcel = z.object({
  serviceCode: z.string(),
  /** When the order became Created; checkpoint n happens at createdAt + n tracking steps. */
  createdAt: z.number(),
  trackingNumber: z.string(),
  /** The provider's non-final number, shown until the carrier's `trackingNumber` replaces it. */
  provisionalTrackingNumber: z.string().optional(),
  origin: Place,
  destination: Place,
  shippingCosts: z.array(Cost),
  /** The package's other parcels (a drop-ship package in several boxes): the provider's ExtraTrackNumber. */
  extraTrackingNumbers: z.array(z.string()).optional(),
  /**
   * The carrier's last word (control route): a final checkpoint with this TrackingStatus at `at`
   * (Returned, Lost, Exception, ...); the parcel walks no further.
   */
  end: z.object({ status: z.string(), message: z.string(), at: z.number() }).optional(),
  /** The carrier went silent at this time (control route): no checkpoint comes after it. */
  silentFrom: z.number().optional(),
});
export type Parcel = z.infer<typeof Parcel>;

export const Outcome = z.discriminatedUnion("status", [
  z.object({ status: z.literal("Creating") }),
  z.object({ status: z.literal("Created"), parcel: Parcel }),
  z.object({ status: z.literal("CreateFailed"), reason: Reason, failedAt: z.number() }),
]);
export type Outcome = z.infer<typeof Outcome>;

const orderTimes = {
  /** Order of arrival; breaks ties between events due at the same moment. */
  seq: z.number(),
  submittedAt: z.number(),
  /** When creation resolves (Created or CreateFailed). */
  dueAt: z.number(),
  submitLater: z.boolean(),
  /** Times the order was created anew after CreateFailed (IsCreateNewOrder). */
  retryCount: z.number(),
  /**
   * The provider's own HandleStatus from now on, set through the control route (Delete, Cancel,
   * Returns, ...), instead of the one computed from the clock. A deleted or cancelled order that
   * is still being created is never created.
   */
  handleStatus: z.string().optional(),
};

export const DropshipOrder = z.object({
  packageId: z.string(),
  svcPackageId: z.string(),
  serviceCode: z.string(),
  location: z.string().optional(),
  /** Which operation created it: 1 and 7 (package) or 6 (boxes). */
  source: z.enum(["package", "boxes"]),
  origin: Place.optional(),
  destination: Place,
  weightGrams: z.number(),
  packing: z.object({ Length: z.number(), Width: z.number(), Height: z.number() }).optional(),
  codAmount: z.number().optional(),
  codCurrency: z.string().optional(),
  /** The importer's company as the package named it (ImportsInfo.Company): a B2B buyer. */
  importerCompany: z.string().optional(),
  /** Duties paid at checkout that the package carries (Duty: Value and Currency), kept to show what arrived. */
  duty: z.object({ Value: z.number(), Currency: z.string() }).optional(),
  /** The package's remark to the provider (duties not collected say so there). */
  remark: z.string().optional(),
  /** The latest customs declaration (operation 10), as sent. */
  declaration: z.unknown().optional(),
  outcome: Outcome,
  ...orderTimes,
});
export type DropshipOrder = z.infer<typeof DropshipOrder>;

export const SkuQuantity = z.object({ sku: z.string(), quantity: z.number() });
export type SkuQuantity = z.infer<typeof SkuQuantity>;

export const OutboundOrder = z.object({
  packageId: z.string(),
  svcPackageId: z.string(),
  warehouseId: z.string(),
  serviceCode: z.string(),
  destination: Place,
  skus: z.array(SkuQuantity),
  /** The importer's company as the package named it (ImportsInfo.Company): a B2B buyer. */
  importerCompany: z.string().optional(),
  outcome: Outcome,
  ...orderTimes,
});
export type OutboundOrder = z.infer<typeof OutboundOrder>;

export const InboundShipment = z.object({
  shipmentId: z.string(),
  svcOrderId: z.string(),
  warehouseId: z.string(),
  shippingType: z.string(),
  boxes: z.array(z.object({ customContainerNo: z.string().optional(), skus: z.array(SkuQuantity) })),
  seq: z.number(),
  submittedAt: z.number(),
  /** When the warehouse receives it and its stock becomes available. */
  dueAt: z.number(),
  receivedAt: z.number().optional(),
});
export type InboundShipment = z.infer<typeof InboundShipment>;

export const ReturnOrder = z.object({
  packageId: z.string(),
  svcPackageId: z.string(),
  serviceCode: z.string(),
  warehouseId: z.string().optional(),
  outcome: Outcome,
  submittedAt: z.number(),
  /** The registered SKUs it brings back: stock of the receiving warehouse once delivered there. */
  skus: z.array(SkuQuantity).default([]),
  receivedAt: z.number().optional(),
});
export type ReturnOrder = z.infer<typeof ReturnOrder>;

export const LadingOrder = z.object({
  orderNo: z.string(),
  shipmentId: z.string(),
  warehouseId: z.string(),
  serviceCode: z.string(),
  packageCount: z.number(),
  submittedAt: z.number(),
});
export type LadingOrder = z.infer<typeof LadingOrder>;

export const MerchantSkuRecord = z.object({
  sku: z.string(),
  productName: z.string(),
  description: z.string(),
  declareName: z.string(),
  declareNameCn: z.string().optional(),
  declareValue: z.number(),
  hsCode: z.string().optional(),
  importHsCode: z.string().optional(),
  customStorageNo: z.string().optional(),
  productAttribute: z.string(),
  brand: z.string().optional(),
  material: z.string().optional(),
  materialCn: z.string().optional(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: z.number(),
  seq: z.number(),
  /** Pending until this time, then Approved; absent for SKUs approved from the start. */
  approvesAt: z.number().optional(),
});
export type MerchantSkuRecord = z.infer<typeof MerchantSkuRecord>;

/** Units of one SKU that arrived in a warehouse together; their age is what operation 19 reports. */
export const StockLot = z.object({
  warehouseId: z.string(),
  sku: z.string(),
  quantity: z.number(),
  receivedAt: z.number(),
});
export type StockLot = z.infer<typeof StockLot>;

const Grant = z.object({ token: z.string(), clientId: z.string(), expiresAt: z.number() });
export type Grant = z.infer<typeof Grant>;
/** `codeChallenge`: the S256 PKCE challenge the authorization request carried, if any. */
const AuthorizationCode = Grant.extend({ redirectUri: z.string(), codeChallenge: z.string().optional() });
export type AuthorizationCode = z.infer<typeof AuthorizationCode>;

export const SandboxState = z.object({
  format: z.literal("fulfilment-sandbox-state/1"),
  /** How far the control route has moved the clock forward; persisted so time never goes back. */
  clockAdvancedMs: z.number(),
  /** Source of every id the sandbox issues, so ids stay unique across restarts. */
  sequence: z.number(),
  dropships: keyedBy(DropshipOrder, "packageId"),
  outbounds: keyedBy(OutboundOrder, "packageId"),
  inbounds: keyedBy(InboundShipment, "shipmentId"),
  returns: keyedBy(ReturnOrder, "packageId"),
  ladings: keyedBy(LadingOrder, "orderNo"),
  skus: keyedBy(MerchantSkuRecord, "sku"),
  stock: z.array(StockLot),
  oauth: z.object({
    codes: keyedBy(AuthorizationCode, "token"),
    accessTokens: keyedBy(Grant, "token"),
    refreshTokens: keyedBy(Grant, "token"),
  }),
});
export type SandboxState = z.output<typeof SandboxState>;
export type SandboxStateFile = z.input<typeof SandboxState>;

/** The next number of the persisted sequence, from which every id the sandbox issues is derived. */
export function nextSequence(state: SandboxState): number {
  state.sequence += 1;
  return state.sequence;
}

/** The state as written to the `--state` file. */
export function stateToFile(state: SandboxState): SandboxStateFile {
  return {
    ...state,
    dropships: [...state.dropships.values()],
    outbounds: [...state.outbounds.values()],
    inbounds: [...state.inbounds.values()],
    returns: [...state.returns.values()],
    ladings: [...state.ladings.values()],
    skus: [...state.skus.values()],
    oauth: {
      codes: [...state.oauth.codes.values()],
      accessTokens: [...state.oauth.accessTokens.values()],
      refreshTokens: [...state.oauth.refreshTokens.values()],
    },
  };
}

/** A new world at `now`: the catalogue registered and approved, its stock in lots of several ages. */
export function seededState(now: number, clockAdvancedMs = 0): SandboxState {
  const skus = new Map<string, MerchantSkuRecord>();
  const stock: StockLot[] = [];
  catalogue.forEach((item, index) => {
    skus.set(item.sku, {
      sku: item.sku,
      productName: item.productName,
      description: item.description,
      declareName: item.declareName,
      declareNameCn: item.declareNameCn,
      declareValue: item.declareValue,
      hsCode: item.hsCode,
      customStorageNo: item.customStorageNo,
      productAttribute: "GeneralCargo",
      brand: item.brand,
      material: item.material,
      materialCn: item.materialCn,
      weight: item.weight,
      length: item.length,
      width: item.width,
      height: item.height,
      createdAt: now - 420 * DAY_MS,
      seq: index,
    });
    for (const warehouse of warehouses) {
      const total = item.stock[warehouse.id];
      let left = total;
      seedLotAges.forEach(({ days, share }, lotIndex) => {
        const last = lotIndex === seedLotAges.length - 1;
        const quantity = last ? left : Math.floor(total * share);
        left -= quantity;
        // A zero lot still records that the warehouse carries the SKU (operation 19 lists it).
        if (quantity > 0 || (total === 0 && last)) {
          stock.push({ warehouseId: warehouse.id, sku: item.sku, quantity, receivedAt: now - days * DAY_MS });
        }
      });
    }
  });
  return {
    format: "fulfilment-sandbox-state/1",
    clockAdvancedMs,
    sequence: catalogue.length,
    dropships: new Map(),
    outbounds: new Map(),
    inbounds: new Map(),
    returns: new Map(),
    ladings: new Map(),
    skus,
    stock,
    oauth: { codes: new Map(), accessTokens: new Map(), refreshTokens: new Map() },
  };
}
