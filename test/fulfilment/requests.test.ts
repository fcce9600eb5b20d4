/**
 * Every field rule of the reference's section 4.3 (and section 8's limits, and DESIGN.md section 6's
 * PackageId rule inside packages), one table per operation. Each row changes one field of the valid
 * example from fixtures.ts and says whether the provider would accept it. A rejection must name the
 * field in the issue path and say what is wrong: that is what a merchant reads next to a held order.
 *
 * Rows under "stricter than the reference" are where the schema rejects what the reference's text
 * would allow, on purpose: an empty key cannot be unique, an empty SKU cannot be stocked, a parcel
 * weighs something. Each row says why.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { operationNames, operations, type OperationSpec } from "~/fulfilment/operations";
import * as example from "../fixtures/provider";
import {
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
  InventoryAgeRequest,
  ModifyInboundBoxesRequest,
  PackageIdPath,
  PriceAllServicesRequest,
  PriceOneServiceRequest,
  SkuPageRequest,
  StatusQueryPath,
  StatusQueryRequest,
  TrackingBatchRequest,
  TrackingNumberPath,
  TrackingQuery,
} from "~/fulfilment/schemas/requests";

// The table machinery ------------------------------------------------------------------------

type Path = readonly (string | number)[];
const MISSING = Symbol("missing");

interface Check {
  readonly name: string;
  readonly path: Path;
  readonly value: unknown;
  /** undefined: accepted; otherwise the message the rejection must carry at `path`. */
  readonly message?: string;
}

const fieldName = (path: Path) => path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");

function shown(value: unknown): string {
  if (value === MISSING) return "missing";
  if (typeof value === "string" && value.length > 12 && new Set(value).size === 1) {
    return `${value.length} × "${value[0]}"`;
  }
  if (typeof value === "string" && value.length > 40) return `${value.length} characters`;
  if (Array.isArray(value)) return `${value.length} item(s)`;
  return JSON.stringify(value);
}

const accepts = (path: Path, value: unknown, why = ""): Check => ({
  name: `${fieldName(path)} = ${shown(value)} → accepted${why && ` (${why})`}`,
  path,
  value,
});

const rejects = (path: Path, value: unknown, message: string): Check => ({
  name: `${fieldName(path)} = ${shown(value)} → rejected: ${message}`,
  path,
  value,
  message,
});

function child(node: unknown, key: string | number): unknown {
  if (typeof node !== "object" || node === null) throw new Error(`no object at ${String(key)}`);
  return Reflect.get(node, key);
}

/** A copy of `base` with the field at `path` set to `value`, or removed for MISSING. */
function withValue(base: unknown, path: Path, value: unknown): unknown {
  const copy: unknown = structuredClone(base);
  const parent = path.slice(0, -1).reduce<unknown>(child, copy);
  const key = path[path.length - 1];
  if (typeof parent !== "object" || parent === null || key === undefined) throw new Error(`bad path ${fieldName(path)}`);
  if (value === MISSING) Reflect.deleteProperty(parent, key);
  else Reflect.set(parent, key, value);
  return copy;
}

function verify(schema: z.ZodType, base: unknown, check: Check) {
  const result = schema.safeParse(withValue(base, check.path, check.value));
  const issues = result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
  if (check.message === undefined) {
    expect(issues).toEqual([]);
    return;
  }
  expect(issues).toContainEqual({ path: check.path, message: check.message });
  // Nothing else of the example is wrong: the rejection is this field's.
  expect(issues.map((issue) => issue.path)).toEqual(issues.map(() => check.path));
}

function operation(title: string, schema: z.ZodType, base: unknown, checks: Check[], decisions: Check[] = []) {
  describe(title, () => {
    it("accepts the example from fixtures.ts", () => {
      expect(schema.safeParse(base).error?.issues ?? []).toEqual([]);
    });
    const rows = (list: Check[]) => list.map((check) => [check.name, check] as const);
    it.each(rows(checks))("%s", (_name, check) => verify(schema, base, check));
    if (decisions.length > 0) it.each(rows(decisions))("stricter than the reference: %s", (_name, check) => verify(schema, base, check));
  });
}

// The rules ------------------------------------------------------------------------------------

// What a merchant reads for a missing field (rules.ts sets this wording for every schema).
const NOT_TEXT = "is required";
const NOT_LIST = "is required";
const NOT_OBJECT = "is required";
const NOT_NUMBER = "must be a number";
const CODE_CHARACTERS = "may contain only letters, digits, hyphen (-) and underscore (_)";
const DECLARE_NAME_CHARACTERS = "may contain only letters, digits, spaces and _ - ( ) ' & , | (no accents or other symbols)";

const required = (path: Path, message: string = NOT_TEXT) => rejects(path, MISSING, message);
const optional = (path: Path) => accepts(path, MISSING);
const tooLong = (max: number) => `must be at most ${max.toLocaleString("en")} characters`;

/** "length 0-max". */
const length0 = (path: Path, max: number, fill = "x") => [
  accepts(path, ""),
  accepts(path, fill.repeat(max)),
  rejects(path, fill.repeat(max + 1), tooLong(max)),
];

/** "length 1-max". */
const length1 = (path: Path, max: number, fill = "x") => [
  rejects(path, "", "must not be empty"),
  accepts(path, fill),
  accepts(path, fill.repeat(max)),
  rejects(path, fill.repeat(max + 1), tooLong(max)),
];

/** "only letters, digits, hyphen, underscore". */
const codeCharacters = (path: Path) => [
  accepts(path, "A-z_0-9-"),
  rejects(path, "NW 1042", CODE_CHARACTERS),
  rejects(path, "NW.1042", CODE_CHARACTERS),
  rejects(path, "NWé1042", CODE_CHARACTERS),
];

/** DESIGN.md 6: the rule of operations 6, 9 and 10 ("letters, digits, hyphen, underscore only; length 0-50") everywhere. */
const packageId = (path: Path) => [
  required(path),
  ...codeCharacters(path),
  accepts(path, "P".repeat(50)),
  rejects(path, "P".repeat(51), tooLong(50)),
];
// Reference: length 0-50; an empty key cannot be unique per customer, so the schema requires 1-50.
const emptyPackageIdRejected = (path: Path) => rejects(path, "", "must not be empty");

/** The limits as a merchant reads them: "must be at most 2,147,483,647 grams". */
const integerRange = (path: Path, min: number, max: number, [tooSmall, tooLarge]: readonly [string, string]) => [
  accepts(path, min),
  accepts(path, max),
  rejects(path, min - 1, tooSmall),
  rejects(path, max + 1, tooLarge),
  rejects(path, min + 0.5, "must be a whole number"),
  rejects(path, String(min), NOT_NUMBER),
];

/** "decimal with 8 digits and 2 decimals". */
const decimal8 = (path: Path) => [
  accepts(path, 0.01),
  accepts(path, 999999.99),
  rejects(path, 1000000, "must be less than 1,000,000 (at most 6 digits before the decimal point)"),
  rejects(path, 1.234, "must have at most 2 decimal places"),
  rejects(path, -1, "must not be negative"),
];

/** "decimal with 18 digits and 2 decimals". */
const decimal18 = (path: Path) => [
  accepts(path, 0.01),
  accepts(path, 9999999999999998),
  rejects(path, 1e16, "must be less than 10,000,000,000,000,000 (at most 16 digits before the decimal point)"),
  rejects(path, 1.234, "must have at most 2 decimal places"),
  rejects(path, -0.01, "must not be negative"),
];

/** "empty, or 6-50 digits". */
const hsCode = (path: Path) => [
  accepts(path, ""),
  accepts(path, "123456"),
  accepts(path, "1234567890".repeat(5)),
  rejects(path, "12345", "must be empty or 6 to 50 digits"),
  rejects(path, "1234567890".repeat(5) + "1", "must be empty or 6 to 50 digits"),
  rejects(path, "12345a", "must be empty or 6 to 50 digits"),
];

const dateTime = (path: Path) => [
  accepts(path, "2026-11-22T10:00:00Z"),
  accepts(path, "2026-11-22T19:00:00+09:00"),
  rejects(path, "next Tuesday", "must be a date-time such as 2026-11-22T10:00:00Z"),
];

const boolean = (path: Path) => [
  accepts(path, true),
  accepts(path, false),
  rejects(path, "false", "Invalid input: expected boolean, received string"),
];

/** A required list: missing and empty are rejected; with a limit, `max` accepted and `max + 1` rejected. */
function list(path: Path, item: unknown, max?: number): Check[] {
  const many = (n: number) => Array.from({ length: n }, () => structuredClone(item));
  const checks = [required(path, NOT_LIST), rejects(path, [], "must contain at least one item")];
  if (max !== undefined) {
    checks.push(accepts(path, many(max)), rejects(path, many(max + 1), `must contain at most ${max} items`));
  }
  return checks;
}

// Operations -----------------------------------------------------------------------------------

const pkg = (...rest: Path) => ["Packages", 0, ...rest];

operation(
  "1. POST /directExpressOrders/multiple",
  CreateDropshipBatchRequest,
  example.createDropshipBatch,
  [
    optional(["Location"]),
    ...length0(["Location"], 20),
    ...list(["Packages"], example.dropshipPackageToNewYork, 20),
    ...packageId(pkg("PackageId")),
    rejects(pkg("Skus", 0, "Quantity"), 1.5, "must be a whole number"),
  ],
  [emptyPackageIdRejected(pkg("PackageId"))],
);

operation(
  "2. POST /outboundOrders/multiple",
  CreateOutboundBatchRequest,
  example.createOutboundBatch,
  [
    required(["WarehouseId"]),
    ...length0(["WarehouseId"], 30),
    ...list(["Packages"], example.outboundPackageToNewYork),
    accepts(
      ["Packages"],
      Array.from({ length: 21 }, () => example.outboundPackageToNewYork),
      "the 20 limit is operation 1's",
    ),
    ...packageId(pkg("PackageId")),
    optional(["Channel"]),
    optional(["SubmitLater"]),
    ...boolean(["SubmitLater"]),
  ],
  [emptyPackageIdRejected(pkg("PackageId"))],
);

operation("3. POST /trackings (body)", TrackingBatchRequest, example.trackBatch, [
  ...list(["TrackingNumbers"], "9400111899223197428490", 20),
]);

operation("3 and 11. ?lang= (query)", TrackingQuery, { lang: "en" }, [optional(["lang"]), accepts(["lang"], "zh")]);

operation("4. POST /inboundOrders", CreateInboundRequest, example.createInbound, [
  required(["ShipmentId"]),
  ...length1(["ShipmentId"], 50, "S"),
  ...codeCharacters(["ShipmentId"]),
  optional(["VatNo"]),
  optional(["Location"]),
  ...length0(["Location"], 20),
  required(["WarehouseId"]),
  ...length0(["WarehouseId"], 30),
  required(["ShippingType"]),
  ...length0(["ShippingType"], 30),
  ...list(["Containers"], example.inboundBox),
  optional(["PlanArriveDate"]),
  ...dateTime(["PlanArriveDate"]),
  optional(["Remark"]),
  ...length0(["Remark"], 200),
  optional(["SubmitLater"]),
  ...boolean(["SubmitLater"]),
]);

operation("5. POST /inboundOrders/modifybox", ModifyInboundBoxesRequest, example.modifyInboundBoxes, [
  required(["ShipmentId"]),
  rejects(["ShipmentId"], "", "must not be empty"),
  ...list(["Containers"], example.inboundBox),
]);

operation(
  "6. POST /directExpressOrdersHaveBox",
  CreateDropshipWithBoxesRequest,
  example.createDropshipWithBoxes,
  [
    ...packageId(["PackageId"]),
    required(["Location"]),
    ...length0(["Location"], 20),
    required(["ServiceCode"]),
    ...length0(["ServiceCode"], 30),
    ...list(["ContainerInfos"], example.createDropshipWithBoxes.ContainerInfos[0]),
    required(["ShipToAddress"], NOT_OBJECT),
    optional(["ShipperInfo"]),
    optional(["Custom"]),
    ...length0(["Custom"], 1000),
    optional(["VatCode"]),
    optional(["Remark"]),
    ...length0(["Remark"], 1000),
  ],
  [emptyPackageIdRejected(["PackageId"])],
);

operation(
  "7. POST /directExpressOrders",
  CreateDropshipRequest,
  example.createDropship,
  [
    optional(["Location"]),
    ...length0(["Location"], 20),
    required(["Package"], NOT_OBJECT),
    ...packageId(["Package", "PackageId"]),
    optional(["Remark"]),
    ...length0(["Remark"], 1000),
    optional(["SubmitLater"]),
    ...boolean(["SubmitLater"]),
  ],
  [emptyPackageIdRejected(["Package", "PackageId"])],
);

operation("8 and 15. {idType} (path)", StatusQueryPath, { idType: "PackageId" }, [
  accepts(["idType"], "PackageId"),
  accepts(["idType"], "SvcPackageId"),
  rejects(["idType"], "packageId", "must be PackageId or SvcPackageId"),
  rejects(["idType"], "TrackingNumber", "must be PackageId or SvcPackageId"),
  required(["idType"], "must be PackageId or SvcPackageId"),
]);

operation("8 and 15. Ids (body)", StatusQueryRequest, example.statusQuery, [...list(["Ids"], "NW-FO-5821930123")]);

operation(
  "9. POST /returnOrder",
  CreateReturnRequest,
  example.createReturn,
  [
    optional(["ShipToAddress"]),
    optional(["ReceivingWarehouseCode"]),
    ...length0(["ReceivingWarehouseCode"], 20),
    ...packageId(["PackageId"]),
    required(["ServiceCode"]),
    ...length0(["ServiceCode"], 30),
    required(["Sender"], NOT_OBJECT),
    required(["Weight"]),
    accepts(["Weight"], 1),
    accepts(["Weight"], 350.5),
    rejects(["Weight"], "350", NOT_NUMBER),
    ...(["Length", "Width", "Height"] as const).flatMap((field) => [optional([field]), ...decimal8([field])]),
    ...list(["Skus"], example.createReturn.Skus[0]),
    optional(["SalesPlatform"]),
    optional(["Custom"]),
    ...length0(["Custom"], 1000),
    optional(["Remark"]),
    ...length0(["Remark"], 1000),
  ],
  [emptyPackageIdRejected(["PackageId"]), rejects(["Weight"], 0, "must be more than 0 grams")],
);

operation(
  "10. POST /directExpressOrders/declare",
  DeclarePackageRequest,
  example.declarePackage,
  [
    ...packageId(["PackageId"]),
    optional(["ServiceCode"]),
    optional(["TrackingNumber"]),
    required(["Weight"]),
    accepts(["Weight"], 1),
    rejects(["Weight"], "720", NOT_NUMBER),
    ...(["Length", "Width", "Height"] as const).flatMap((field) => [optional([field]), ...decimal8([field])]),
    ...list(["Skus"], example.dropshipPackageToBerlin.Skus[0]),
    optional(["VatCode"]),
    optional(["IOSS"]),
    required(["ShipToAddress"], NOT_OBJECT),
    optional(["Sender"]),
  ],
  [emptyPackageIdRejected(["PackageId"]), rejects(["Weight"], 0, "must be more than 0 grams")],
);

operation("11. {trackingNumber} (path)", TrackingNumberPath, { trackingNumber: "9400111899223197428490" }, [
  required(["trackingNumber"]),
  rejects(["trackingNumber"], "", "must not be empty"),
]);

operation(
  "12. POST /outboundOrders",
  CreateOutboundRequest,
  example.createOutbound,
  [
    required(["WarehouseId"]),
    ...length0(["WarehouseId"], 30),
    required(["Package"], NOT_OBJECT),
    ...packageId(["Package", "PackageId"]),
    optional(["Remark"]),
    ...length0(["Remark"], 200),
    optional(["Channel"]),
    optional(["SubmitLater"]),
    ...boolean(["SubmitLater"]),
  ],
  [emptyPackageIdRejected(["Package", "PackageId"])],
);

operation("13. POST /ladingOrders", CreateLadingRequest, example.createLading, [
  required(["OrderNo"]),
  ...length0(["OrderNo"], 30),
  required(["ShipmentId"]),
  ...length0(["ShipmentId"], 50, "S"),
  ...codeCharacters(["ShipmentId"]),
  optional(["ReservationDate"]),
  ...dateTime(["ReservationDate"]),
  required(["WarehouseId"]),
  ...length0(["WarehouseId"], 30),
  required(["ServiceCode"]),
  ...length0(["ServiceCode"], 30),
  required(["ShipToAddress"], NOT_OBJECT),
  ...list(["PackageItems"], example.createLading.PackageItems[0]),
  optional(["ImportLabel"]),
]);

/** Fields shared by operations 14 and 18. */
const pricingChecks = (item: unknown) => [
  ...list(["Skus"], item),
  rejects(["Skus", 0, "Quantity"], 1.5, "must be a whole number"),
  required(["WarehouseId"]),
  ...length1(["WarehouseId"], 10, "W"),
  ...codeCharacters(["WarehouseId"]),
  required(["Country"]),
  ...length0(["Country"], 100),
  optional(["Postcode"]),
  ...length0(["Postcode"], 50),
  optional(["Address"]),
  ...length0(["Address"], 200),
  optional(["City"]),
  ...length0(["City"], 100),
  optional(["Province"]),
  ...length0(["Province"], 100),
];

operation("14. POST /pricing/all/outbound/skus", PriceAllServicesRequest, example.priceAllServices, [
  ...pricingChecks(example.priceAllServices.Skus[0]),
  optional(["ServiceCode"]),
  ...length0(["ServiceCode"], 30, "C"),
  ...codeCharacters(["ServiceCode"]),
  optional(["IncludeUnsuccessful"]),
  ...boolean(["IncludeUnsuccessful"]),
]);

operation("18. POST /pricing/outbound/skus", PriceOneServiceRequest, example.priceOneService, [
  ...pricingChecks(example.priceOneService.Skus[0]),
  required(["ServiceCode"]),
  ...length1(["ServiceCode"], 30, "C"),
  ...codeCharacters(["ServiceCode"]),
]);

describe("18. POST /pricing/outbound/skus: IncludeUnsuccessful", () => {
  it("is not a field of operation 18 and is not sent", () => {
    const parsed = PriceOneServiceRequest.parse({ ...example.priceOneService, IncludeUnsuccessful: true });
    expect(parsed).not.toHaveProperty("IncludeUnsuccessful");
  });
});

operation(
  "16. POST /merchantSkus",
  CreateMerchantSkuRequest,
  example.createMerchantSku,
  [
    required(["Sku"]),
    accepts(["Sku"], "S".repeat(100)),
    rejects(["Sku"], "S".repeat(101), tooLong(100)),
    optional(["CustomStorageNo"]),
    rejects(["CustomStorageNo"], "A0", "must be at least 3 characters"),
    accepts(["CustomStorageNo"], "A01"),
    accepts(["CustomStorageNo"], "C".repeat(25)),
    rejects(["CustomStorageNo"], "C".repeat(26), tooLong(25)),
    rejects(["CustomStorageNo"], "Lager-Ä1", "must contain only ASCII characters"),
    required(["ProductName"]),
    accepts(["ProductName"], "N".repeat(100)),
    rejects(["ProductName"], "N".repeat(101), tooLong(100)),
    optional(["HsCode"]),
    ...hsCode(["HsCode"]),
    required(["ProductDescription"]),
    accepts(["ProductDescription"], "D".repeat(2000)),
    rejects(["ProductDescription"], "D".repeat(2001), tooLong(2000)),
    required(["Weight"]),
    ...integerRange(["Weight"], 1, 2147483647, ["must be at least 1 gram", "must be at most 2,147,483,647 grams"]),
    ...(["Length", "Width", "Height"] as const).flatMap((field) => [required([field]), ...decimal8([field])]),
    required(["DeclareName"]),
    rejects(["DeclareName"], "", "must not be empty"),
    accepts(["DeclareName"], "T".repeat(100)),
    rejects(["DeclareName"], "T".repeat(101), tooLong(100)),
    accepts(["DeclareName"], "Cotton T-shirt (men's) & co, L|XL"),
    accepts(["DeclareName"], "Tee_Black\t2 pcs"),
    rejects(["DeclareName"], "Café mug", DECLARE_NAME_CHARACTERS),
    rejects(["DeclareName"], "T-shirt/Top", DECLARE_NAME_CHARACTERS),
    rejects(["DeclareName"], "T-shirt.", DECLARE_NAME_CHARACTERS),
    rejects(["DeclareName"], "T-shirt #1", DECLARE_NAME_CHARACTERS),
    rejects(["DeclareName"], "123 456", "must not consist only of digits and spaces"),
    optional(["DeclareNameCn"]),
    ...length0(["DeclareNameCn"], 100, "棉"),
    required(["DeclareValue"]),
    ...decimal18(["DeclareValue"]),
    required(["ProductFlag"]),
    accepts(["ProductFlag"], "Simple"),
    rejects(["ProductFlag"], "", "must not be empty"),
    required(["ProductAttribute"]),
    accepts(["ProductAttribute"], "GeneralCargo"),
    rejects(["ProductAttribute"], "", "must not be empty"),
    optional(["ProductModel"]),
    ...length0(["ProductModel"], 100),
    optional(["ProductAmountWarn"]),
    ...integerRange(["ProductAmountWarn"], 0, 2147483647, ["must be at least 0 units", "must be at most 2,147,483,647 units"]),
    optional(["ProductCategory"]),
    ...length0(["ProductCategory"], 50),
    optional(["Brand"]),
    optional(["Material"]),
    ...length0(["Material"], 50),
    optional(["MaterialCN"]),
    ...length0(["MaterialCN"], 50, "棉"),
    optional(["ImportHsCode"]),
    ...hsCode(["ImportHsCode"]),
    optional(["ProductRemark"]),
    ...length0(["ProductRemark"], 255),
    optional(["ProductImage"]),
    optional(["Suffix"]),
    optional(["ProductSize"]),
  ],
  [
    rejects(["Sku"], "", "must not be empty"),
    rejects(["ProductName"], "", "must not be empty"),
    rejects(["ProductDescription"], "", "must not be empty"),
  ],
);

operation("17. {packageId} (path)", PackageIdPath, { packageId: "NW-FO-5821930123" }, [
  required(["packageId"]),
  rejects(["packageId"], "", "must not be empty"),
]);

operation("19. POST /inventoryAge", InventoryAgeRequest, example.inventoryAge, [
  required(["WarehouseId"]),
  ...length0(["WarehouseId"], 30),
  optional(["Sku"]),
  optional(["DateRangeCovered"]),
  ...dateTime(["DateRangeCovered"]),
  optional(["PageIndex"]),
  ...integerRange(["PageIndex"], 0, 2147483647, ["must be at least 0", "must be at most 2,147,483,647"]),
  optional(["PageSize"]),
  ...integerRange(["PageSize"], 0, 100, ["must be at least 0", "must be at most 100"]),
]);

operation("20. POST /sku/page", SkuPageRequest, example.searchSkus, [
  ...(["CreateTimeFrom", "CreateTimeTo", "PageSize", "PageIndex"] as const).flatMap((field) => [
    optional([field]),
    accepts([field], 0),
    rejects([field], 1.5, "must be a whole number"),
  ]),
  optional(["SkuList"]),
  accepts(["SkuList"], []),
  rejects(["SkuList", 0], 42, "Invalid input: expected string, received number"),
]);

describe("20. POST /sku/page: no field is marked required", () => {
  it("accepts an empty body", () => {
    expect(SkuPageRequest.safeParse({}).success).toBe(true);
  });
});

// The examples themselves ----------------------------------------------------------------------

describe("fixtures.ts", () => {
  const parts = ["pathParams", "query", "body"] as const;

  it.each(operationNames)("has a valid example of %s with exactly the parts the operation takes", (name) => {
    const spec: OperationSpec = operations[name];
    const request: Partial<Record<(typeof parts)[number], unknown>> = example.requestExamples[name];
    for (const part of parts) {
      const schema = spec[part];
      expect(part in request, `${name}.${part}`).toBe(schema !== undefined);
      if (schema !== undefined) expect(schema.safeParse(request[part]).error?.issues ?? [], `${name}.${part}`).toEqual([]);
    }
  });

  it("cannot be changed by a test (every example is frozen, deeply)", () => {
    expect(Object.isFrozen(example.createDropshipBatch)).toBe(true);
    expect(Object.isFrozen(example.createDropshipBatch.Packages[0]?.Skus[0])).toBe(true);
    expect(Object.isFrozen(example.requestExamples.trackOne.pathParams)).toBe(true);
  });
});
