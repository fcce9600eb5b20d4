/**
 * What the provider answers. Tolerant where the reference is incomplete (unknown fields, enumeration
 * values it does not list, null for absent values), strict on what the connector acts on (the
 * package a record belongs to, its creation status, the tracking number a history is for).
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  DropshipStatusRecord,
  DropshipStatusRecords,
  InventoryAgePage,
  MerchantSku,
  OutboundStatusRecord,
  OutboundStatusRecords,
  PackageResults,
  PricingResult,
  ProviderErrorBody,
  ReturnOrderResult,
  TokenResponse,
  TrackingResult,
} from "./responses";

const created = {
  WeightInit: 340,
  PackingInit: { Length: 30, Width: 22, Height: 4.5 },
  Weight: 352,
  Packing: { Length: 30, Width: 22, Height: 5 },
  ChargedWeight: 400,
  ServerSource: "US",
  Country: "US",
  ServiceCode: "US-USPS-GA",
  MailingDate: "2026-11-23T16:20:00Z",
  CodAmount: "0",
  CodAmountCurrency: "USD",
  PackageId: "NW-FO-5821930123",
  SvcPackageId: "DE2611230000123",
  Status: "Created",
  HandleStatus: "Submitted",
  TrackingNumber: "9400111899223197428490",
  IsFinalTrackingNumber: true,
  ShippingProvider: "USPS",
  RetryCount: 0,
  ShippingCosts: [{ Money: 6.85, Currency: "USD", Type: "None", Remark: "Postage" }],
  HasRemoteFee: false,
  CreatedTime: "2026-11-23T09:12:44Z",
};

const shipped = {
  PackageId: "NW-FO-5821931012",
  SvcPackageId: "OB2611220000173",
  Status: "Created",
  HandleStatus: "Shipped",
  RetryCount: 0,
  TrackingNumber: "00340434161094021537",
  IsFinalTrackingNumber: false,
  InternalNumber: "DE01-2611-000173",
  ShippingProvider: "DHL Paket",
  ShippingCosts: [{ Money: 4.9, Currency: "EUR", Type: "None" }],
  Weight: 720,
  HasRemoteFee: false,
  SvcOrderShipOuted: "2026-11-22T15:03:10Z",
  SvcOrderShipOutedStr: "2026-11-22 16:03:10",
};

const tracking = {
  TrackingNumber: "9400111899223197428490",
  PackageId: "NW-FO-5821930123",
  ShippingProvider: "USPS",
  TrackingStatus: "InTransit",
  Country: "US",
  Checkpoints: [
    {
      Location: "PORTLAND, OR 97209",
      Message: "Accepted at USPS Origin Facility",
      DateTime: "2026-11-23T18:02:00",
      TimeZone: "-08:00",
      TrackingStatus: "PickUp",
    },
  ],
};

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map(({ path, code, message }) => ({ path, code, message }));
}

describe("tolerance", () => {
  it("ignores fields the reference does not list, and drops them from the result", () => {
    const record = DropshipStatusRecord.parse({ ...created, LabelUrl: "https://example.com/l.pdf", Extra: { a: 1 } });
    expect(record).not.toHaveProperty("LabelUrl");
    expect(record).not.toHaveProperty("Extra");
    expect(record.TrackingNumber).toBe("9400111899223197428490");
  });

  it.each([
    ["TrackingResult.TrackingStatus", TrackingResult, { ...tracking, TrackingStatus: "OutForDelivery" }, ["TrackingStatus"]],
    [
      "CheckpointDto.TrackingStatus",
      TrackingResult,
      { ...tracking, Checkpoints: [{ Message: "Out for delivery", TrackingStatus: "OutForDelivery" }] },
      ["Checkpoints", 0, "TrackingStatus"],
    ],
    ["DropshipStatusRecord.Status", DropshipStatusRecord, { ...created, Status: "OnHold" }, ["Status"]],
    ["DropshipStatusRecord.HandleStatus", DropshipStatusRecord, { ...created, HandleStatus: "Intercepted" }, ["HandleStatus"]],
    ["OutboundStatusRecord.HandleStatus", OutboundStatusRecord, { ...shipped, HandleStatus: "Picking" }, ["HandleStatus"]],
    [
      "ShippingCost.Type",
      OutboundStatusRecord,
      { ...shipped, ShippingCosts: [{ Money: 1.2, Currency: "EUR", Type: "FuelSurcharge" }] },
      ["ShippingCosts", 0, "Type"],
    ],
    ["MerchantSku.ProductAttribute", MerchantSku, { Sku: "PWRBANK-10K", ProductAttribute: "Battery" }, ["ProductAttribute"]],
  ] as const)("keeps an unknown value of %s as text", (_name, schema, value, path) => {
    const parsed: unknown = schema.parse(value);
    const expected = path.reduce<unknown>((node, key) => Reflect.get(Object(node), key), value);
    expect(path.reduce<unknown>((node, key) => Reflect.get(Object(node), key), parsed)).toBe(expected);
    expect(typeof expected).toBe("string");
  });

  it("accepts null for every optional field of a drop-ship status record, lists becoming empty", () => {
    const nulls = Object.fromEntries(Object.keys(created).map((key) => [key, null]));
    const record = DropshipStatusRecord.parse({ ...nulls, PackageId: "NW-FO-5821930123", Status: "Creating" });
    expect(record.TrackingNumber).toBeNull();
    expect(record.CreateFailedReason).toBeUndefined();
    expect(record.ShippingCosts).toEqual([]);
  });

  it("accepts null for every optional field of an outbound status record", () => {
    const nulls = Object.fromEntries(Object.keys(shipped).map((key) => [key, null]));
    const record = OutboundStatusRecord.parse({ ...nulls, PackageId: "NW-FO-5821931012", Status: "Creating" });
    expect(record.UnShippedReason).toBeUndefined();
    expect(record.ShippingCosts).toEqual([]);
  });

  it("reads a failed creation with its reason (what the merchant is shown)", () => {
    const record = DropshipStatusRecord.parse({
      PackageId: "NW-FO-5821930456",
      Status: "CreateFailed",
      CreateFailedReason: { ReasonCode: "ServiceNotAvailable", ReasonText: "Service does not serve JP", ExtendMessage: null },
    });
    expect(record.CreateFailedReason?.ReasonText).toBe("Service does not serve JP");
  });

  it("accepts a tracking history with null lists and addresses", () => {
    const result = TrackingResult.parse({ ...tracking, Checkpoints: null, Destination: null, TransitPorts: null });
    expect(result.Checkpoints).toEqual([]);
    expect(result.TransitPorts).toEqual([]);
    expect(result.ClientGroupSumList).toEqual([]);
  });

  it("reads the other answers with only their required fields", () => {
    expect(PackageResults.parse([{ PackageId: "NW-FO-5821930123", Success: true, Message: null }])).toHaveLength(1);
    expect(PricingResult.parse({ ServiceCode: "US-USPS-GA", Success: false, Message: "No route" }).ChargeInfo).toBeUndefined();
    expect(ReturnOrderResult.parse({ PackageId: "NW-RMA-2026-0007", ShippingCosts: null }).ShippingCosts).toEqual([]);
    expect(InventoryAgePage.parse({ PageIndex: 1, PageSize: 50, TotalCount: 0, TotalPage: 0, InventoryAges: null }).InventoryAges).toEqual(
      [],
    );
    expect(ProviderErrorBody.parse({ Errors: [{ Code: "PackageId", Message: "Duplicate" }], TicketId: "T-1" }).Errors).toHaveLength(1);
  });
});

describe("strictness", () => {
  it.each([
    ["DropshipStatusRecord without PackageId", DropshipStatusRecord, { ...created, PackageId: undefined }, ["PackageId"]],
    ["DropshipStatusRecord with PackageId null", DropshipStatusRecord, { ...created, PackageId: null }, ["PackageId"]],
    ["OutboundStatusRecord without PackageId", OutboundStatusRecord, { ...shipped, PackageId: undefined }, ["PackageId"]],
    [
      "the second record of a batch without PackageId",
      DropshipStatusRecords,
      [created, { ...created, PackageId: undefined }],
      [1, "PackageId"],
    ],
    ["TrackingResult without TrackingNumber", TrackingResult, { ...tracking, TrackingNumber: undefined }, ["TrackingNumber"]],
    ["PackageResult without PackageId", PackageResults, [{ Success: true }], [0, "PackageId"]],
  ] as const)("rejects a %s, naming the field", (_name, schema, value, path) => {
    expect(issuesOf(schema, value)).toEqual([
      { path, code: "invalid_type", message: expect.stringMatching(/^(is required|Invalid input: expected string, received null)$/) },
    ]);
  });

  it.each([
    ["PackageResult without Success", PackageResults, [{ PackageId: "NW-FO-5821930123" }], [0, "Success"], "is required"],
    ["PricingResult without Success", PricingResult, { ServiceCode: "US-USPS-GA" }, ["Success"], "is required"],
    [
      "InventoryAgePage with TotalCount as text",
      InventoryAgePage,
      { PageIndex: 1, PageSize: 50, TotalCount: "3", TotalPage: 1 },
      ["TotalCount"],
      "Invalid input: expected number, received string",
    ],
    [
      "TokenResponse with an empty AccessToken",
      TokenResponse,
      { AccessToken: "", AccessTokenExpiresIn: 7200 },
      ["AccessToken"],
      "Too small: expected string to have >=1 characters",
    ],
  ] as const)("rejects a %s, naming the field", (_name, schema, value, path, message) => {
    expect(issuesOf(schema, value)).toEqual([{ path, code: expect.any(String), message }]);
  });

  // The creation status decides what the connector does next; a record without one is unusable.
  it.each([
    ["DropshipStatusRecord without Status", DropshipStatusRecord, { ...created, Status: undefined }, ["Status"]],
    ["DropshipStatusRecord with Status null", DropshipStatusRecord, { ...created, Status: null }, ["Status"]],
    ["OutboundStatusRecord without Status", OutboundStatusRecord, { ...shipped, Status: undefined }, ["Status"]],
    ["OutboundStatusRecord with Status 3", OutboundStatusRecord, { ...shipped, Status: 3 }, ["Status"]],
    ["the second record of a batch without Status", OutboundStatusRecords, [shipped, { ...shipped, Status: undefined }], [1, "Status"]],
  ] as const)("rejects a %s, naming the field", (_name, schema, value, path) => {
    expect(issuesOf(schema, value).map((issue) => issue.path)).toEqual([path]);
  });

  // zod words a failed union as just "Invalid input": the log then says "Status: Invalid input".
  // knownOr() says so, rather than zod's bare "Invalid input".
  it("a missing Status says that it is missing, not just 'Invalid input'", () => {
    expect(issuesOf(DropshipStatusRecord, { ...created, Status: undefined })).toEqual([
      { path: ["Status"], code: expect.any(String), message: expect.stringMatching(/missing|required|received undefined/) },
    ]);
  });
});
