/** The connector's domain: fulfillment order → provider package. Pure; no I/O. */
export * from "./fulfillment-order";
export { type HoldReason } from "./hold";
export { boxedRequest, boxesFor, packageGrams } from "./boxes";
export { FIELD_LIMITS } from "./limits";
export { PackageId, packageIdFor } from "./package-id";
export { asNewOrder, decodePackageRequest, encodePackageRequest, type PackageRequest, withPackageId } from "./package-request";
export { isPaidStatus, type PackagePlan, planPackage, type ShipmentKind, type SkipCode, type WaitCode } from "./plan-package";
export { ConnectorSettings, type Route, type SenderAddress, type ServiceRules, type SkuEntry } from "./settings";
