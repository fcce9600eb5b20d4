/**
 * The provider's 20 operations as data: method, path, the schemas of what goes in and comes out,
 * and the statuses that mean success. The client, the sandbox and the OpenAPI document are all
 * built from this one table, so they cannot drift apart.
 */
import { z } from "zod";
import * as S from "./schemas";

export type HttpMethod = "GET" | "POST";

export interface OperationSpec {
  /** The operation's number in the reference (section 4.1). */
  readonly number: number;
  readonly method: HttpMethod;
  /** Path under the base URL, with `{name}` placeholders for path parameters. */
  readonly path: string;
  readonly summary: string;
  readonly pathParams?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Schema of a successful answer; undefined where the reference describes no body. */
  readonly response?: z.ZodType;
  /** Statuses that mean success. A 200 where 201 also exists means "already known, nothing changed". */
  readonly success: readonly number[];
  /** Creation keyed by the caller's id: resending is safe (200, nothing changed). */
  readonly idempotentCreation: boolean;
  /** Other statuses the reference names (besides the provider-wide 400/401/429/500). */
  readonly notFound?: boolean;
}

const spec = <T extends OperationSpec>(s: T) => s;

export const operations = {
  createDropshipBatch: spec({
    number: 1,
    method: "POST",
    path: "/v1/directExpressOrders/multiple",
    summary: "Create drop-ship orders in a batch (at most 20); read their status afterwards",
    body: S.CreateDropshipBatchRequest,
    response: S.PackageResults,
    success: [200],
    idempotentCreation: true,
  }),
  createOutboundBatch: spec({
    number: 2,
    method: "POST",
    path: "/v1/outboundOrders/multiple",
    summary: "Create outbound orders of one warehouse in a batch",
    body: S.CreateOutboundBatchRequest,
    response: S.PackageResults,
    success: [201, 200],
    idempotentCreation: true,
  }),
  trackBatch: spec({
    number: 3,
    method: "POST",
    path: "/v1/trackings",
    summary: "Tracking history of up to 20 tracking numbers",
    query: S.TrackingQuery,
    body: S.TrackingBatchRequest,
    response: S.TrackingResults,
    success: [200],
    idempotentCreation: false,
  }),
  createInbound: spec({
    number: 4,
    method: "POST",
    path: "/v1/inboundOrders",
    summary: "Create an inbound shipment of boxes into a warehouse (its SKUs must exist)",
    body: S.CreateInboundRequest,
    response: S.InboundCreated,
    success: [201, 200],
    idempotentCreation: true,
  }),
  modifyInboundBoxes: spec({
    number: 5,
    method: "POST",
    path: "/v1/inboundOrders/modifybox",
    summary: "Replace the boxes of an inbound shipment",
    body: S.ModifyInboundBoxesRequest,
    response: S.ModifyBoxesResult,
    success: [200],
    idempotentCreation: false,
  }),
  createDropshipWithBoxes: spec({
    number: 6,
    method: "POST",
    path: "/v1/directExpressOrdersHaveBox",
    summary: "Create a drop-ship order described box by box",
    body: S.CreateDropshipWithBoxesRequest,
    success: [201, 200],
    idempotentCreation: true,
  }),
  createDropship: spec({
    number: 7,
    method: "POST",
    path: "/v1/directExpressOrders",
    summary: "Create one drop-ship order",
    body: S.CreateDropshipRequest,
    success: [201, 200],
    idempotentCreation: true,
  }),
  dropshipStatuses: spec({
    number: 8,
    method: "POST",
    path: "/v1/directExpressOrders/{idType}",
    summary: "Status of drop-ship orders by PackageId or SvcPackageId",
    pathParams: S.StatusQueryPath,
    body: S.StatusQueryRequest,
    response: S.DropshipStatusRecords,
    success: [200],
    idempotentCreation: false,
    notFound: true,
  }),
  createReturn: spec({
    number: 9,
    method: "POST",
    path: "/v1/returnOrder",
    summary: "Create a return order",
    body: S.CreateReturnRequest,
    response: S.ReturnOrderResult,
    success: [200],
    idempotentCreation: true,
  }),
  declarePackage: spec({
    number: 10,
    method: "POST",
    path: "/v1/directExpressOrders/declare",
    summary: "Declare the customs data of an existing drop-ship package",
    body: S.DeclarePackageRequest,
    success: [200, 201],
    idempotentCreation: false,
    notFound: true,
  }),
  trackOne: spec({
    number: 11,
    method: "GET",
    path: "/v1/trackings/{trackingNumber}",
    summary: "Tracking history of one tracking number",
    pathParams: S.TrackingNumberPath,
    query: S.TrackingQuery,
    response: S.TrackingResult,
    success: [200],
    idempotentCreation: false,
    notFound: true,
  }),
  createOutbound: spec({
    number: 12,
    method: "POST",
    path: "/v1/outboundOrders",
    summary: "Create one outbound order",
    body: S.CreateOutboundRequest,
    success: [201, 200],
    idempotentCreation: true,
  }),
  createLading: spec({
    number: 13,
    method: "POST",
    path: "/v1/ladingOrders",
    summary: "Create a lading order",
    body: S.CreateLadingRequest,
    success: [201, 200],
    idempotentCreation: true,
  }),
  priceAllServices: spec({
    number: 14,
    method: "POST",
    path: "/v1/pricing/all/outbound/skus",
    summary: "Outbound prices of SKUs for every service of a warehouse",
    body: S.PriceAllServicesRequest,
    response: S.PricingResults,
    success: [200],
    idempotentCreation: false,
  }),
  outboundStatuses: spec({
    number: 15,
    method: "POST",
    path: "/v1/outboundOrders/{idType}",
    summary: "Status of outbound orders by PackageId or SvcPackageId",
    pathParams: S.StatusQueryPath,
    body: S.StatusQueryRequest,
    response: S.OutboundStatusRecords,
    success: [200],
    idempotentCreation: false,
    notFound: true,
  }),
  createMerchantSku: spec({
    number: 16,
    method: "POST",
    path: "/v1/merchantSkus",
    summary: "Create a merchant SKU (before it is sent inbound)",
    body: S.CreateMerchantSkuRequest,
    success: [201, 200],
    idempotentCreation: true,
  }),
  dropshipStatus: spec({
    number: 17,
    method: "GET",
    path: "/v1/directExpressOrders/{packageId}/status",
    summary: "Status of one drop-ship order",
    pathParams: S.PackageIdPath,
    response: S.DropshipStatusRecord,
    success: [200],
    idempotentCreation: false,
    notFound: true,
  }),
  priceOneService: spec({
    number: 18,
    method: "POST",
    path: "/v1/pricing/outbound/skus",
    summary: "Outbound price of SKUs for one service",
    body: S.PriceOneServiceRequest,
    response: S.PricingResult,
    success: [200],
    idempotentCreation: false,
  }),
  inventoryAge: spec({
    number: 19,
    method: "POST",
    path: "/v1/inventoryAge",
    summary: "Stock of a warehouse by age bucket, one page",
    body: S.InventoryAgeRequest,
    response: S.InventoryAgePage,
    success: [200],
    idempotentCreation: false,
  }),
  searchSkus: spec({
    number: 20,
    method: "POST",
    path: "/v1/sku/page",
    summary: "The merchant's SKUs as the provider sees them, with approval status",
    body: S.SkuPageRequest,
    response: S.SkuPage,
    success: [200],
    idempotentCreation: false,
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export const operationNames = Object.keys(operations) as OperationName[];

/** The path with its `{placeholders}` filled, each value URI-encoded. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}
