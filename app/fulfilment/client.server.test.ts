/**
 * The client as its callers see it: what goes over the wire for each kind of operation, what comes
 * back, and what is refused before sending. The transport's retries are covered in
 * transport.server.test.ts; here the provider is a fake `fetch`. The type-level checks at the end
 * are enforced by `tsc` (npm run typecheck).
 */
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { staticToken } from "./auth.server";
import {
  createFulfilmentClient,
  type CreationOutcome,
  type FulfilmentClient,
  type OperationInput,
  type OperationResult,
} from "./client.server";
import { ProviderError, ProviderNotFoundError, ProviderResponseError, ProviderValidationError } from "./errors";
import type { CreateOutboundRequest, DropshipStatusRecord, InboundCreated, PackageResult, TrackingResult } from "./schemas";
import type { FetchFunction } from "./transport.server";

interface Sent {
  method: string | undefined;
  url: string;
  body: unknown;
}

/** A provider answering every request with `status` and `body`, recording what it was sent. */
function providerAnswering(status: number, body: unknown = undefined) {
  const sent: Sent[] = [];
  const fetch = vi.fn<FetchFunction>(async (url, init) => {
    sent.push({ method: init.method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
    const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
    return new Response(text, { status });
  });
  const client = createFulfilmentClient({
    baseUrl: "https://provider.example",
    auth: staticToken("tok"),
    fetch,
    sleep: async () => {},
    retry: { maxAttempts: 1 },
  });
  return { client, fetch, sent };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

const address = { Contact: "Ada Lovelace", Country: "GB", City: "London", Street1: "1 Main St", Postcode: "N1 1AA" };
const outbound: CreateOutboundRequest = {
  WarehouseId: "US01",
  Package: { PackageId: "SO1001-1", ServiceCode: "STD", ShipToAddress: address, Skus: [{ Sku: "TEE-RED-M", Quantity: 2 }] },
};
const dropshipRecord = { PackageId: "SO1001-1", Status: "Created", TrackingNumber: "1Z999", IsFinalTrackingNumber: true };

describe("validation before sending", () => {
  it("names every failing field and sends nothing", async () => {
    const { client, fetch } = providerAnswering(200, []);

    const error = await failure(
      client.createDropshipBatch({
        Location: "a handling location far longer than twenty",
        Packages: [
          { PackageId: "SO 1001/1", ShipToAddress: address, Skus: [{ Sku: "TEE", Quantity: 0 }] },
          { PackageId: "SO1002-1", ShipToAddress: address, Skus: [] },
        ],
      }),
    );

    expect(fetch).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error instanceof ProviderValidationError && error.sent).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.errors.map((e) => e.code)).toEqual([
      "Location",
      "Packages[0].PackageId",
      "Packages[0].Skus[0].Quantity",
      "Packages[1].Skus",
    ]);
    expect(error.message).toMatch(/^Not sent to the fulfilment provider: 4 fields need fixing\. Location: must be at most 20 characters;/);
    expect(error.message).toContain("Packages[0].PackageId: may contain only letters, digits, hyphen (-) and underscore (_)");
    expect(error.message).toContain("Packages[0].Skus[0].Quantity: must be at least 1");
    expect(error.message).toContain("Packages[1].Skus: must contain at least one item");
    expect(error.message).toContain("(createDropshipBatch: POST /v1/directExpressOrders/multiple)");
  });

  it("checks path parameters with the body", async () => {
    const { client, fetch } = providerAnswering(200, []);
    const input: unknown = { idType: "OrderNo", Ids: [] };
    // A caller outside TypeScript's reach (a form, a job payload) can still pass anything.
    const error = await failure(Reflect.apply(client.dropshipStatuses, client, [input]));

    expect(fetch).not.toHaveBeenCalled();
    expect(error.errors).toEqual([
      { code: "idType", message: "must be PackageId or SvcPackageId" },
      { code: "Ids", message: "must contain at least one item" },
    ]);
    expect(error.message).toContain("(dropshipStatuses: POST /v1/directExpressOrders/{idType})");
  });

  it("refuses a batch beyond the provider's limit of 20 tracking numbers", async () => {
    const { client, fetch } = providerAnswering(200, []);
    const TrackingNumbers = Array.from({ length: 21 }, (_, i) => `1Z${i}`);
    const error = await failure(client.trackBatch({ TrackingNumbers }));
    expect(fetch).not.toHaveBeenCalled();
    expect(error.message).toContain("TrackingNumbers: must contain at most 20 items");
  });
});

describe("what is sent", () => {
  it("puts path parameters in the path (encoded) and the query in the query, with no body for GET", async () => {
    const { client, sent } = providerAnswering(200, { TrackingNumber: "1Z 999/A" });

    const result = await client.trackOne({ trackingNumber: "1Z 999/A", lang: "en" });

    expect(sent).toEqual([{ method: "GET", url: "https://provider.example/v1/trackings/1Z%20999%2FA?lang=en", body: undefined }]);
    expect(result.TrackingNumber).toBe("1Z 999/A");
    expect(result.Checkpoints).toEqual([]);
  });

  it("keeps query parameters out of the body", async () => {
    const { client, sent } = providerAnswering(200, []);
    await client.trackBatch({ TrackingNumbers: ["1Z1", "1Z2"], lang: "en" });
    expect(sent).toEqual([
      { method: "POST", url: "https://provider.example/v1/trackings?lang=en", body: { TrackingNumbers: ["1Z1", "1Z2"] } },
    ]);
  });

  it("leaves out an optional query that was not given", async () => {
    const { client, sent } = providerAnswering(200, []);
    await client.trackBatch({ TrackingNumbers: ["1Z1"] });
    expect(sent[0]?.url).toBe("https://provider.example/v1/trackings");
  });

  it("keeps path parameters out of the body", async () => {
    const { client, sent } = providerAnswering(200, [dropshipRecord]);

    const records = await client.dropshipStatuses({ idType: "PackageId", Ids: ["SO1001-1"] });

    expect(sent).toEqual([
      { method: "POST", url: "https://provider.example/v1/directExpressOrders/PackageId", body: { Ids: ["SO1001-1"] } },
    ]);
    expect(records).toEqual([expect.objectContaining({ PackageId: "SO1001-1", Status: "Created", TrackingNumber: "1Z999" })]);
  });

  it("asks for one drop-ship package's status by its id", async () => {
    const { client, sent } = providerAnswering(200, dropshipRecord);
    const record = await client.dropshipStatus({ packageId: "SO1001-1" });
    expect(sent[0]?.url).toBe("https://provider.example/v1/directExpressOrders/SO1001-1/status");
    expect(record.IsFinalTrackingNumber).toBe(true);
  });
});

describe("creations", () => {
  it("reports a new order as created", async () => {
    const { client } = providerAnswering(201);
    expect(await client.createOutbound(outbound)).toEqual({ outcome: "created" });
  });

  it("reports a known PackageId as unchanged, so a resend is never a second parcel", async () => {
    const { client } = providerAnswering(200);
    expect(await client.createOutbound(outbound)).toEqual({ outcome: "unchanged" });
  });

  it("returns the provider's answer beside the outcome where there is one", async () => {
    const { client } = providerAnswering(201, { ShipmentId: "IN-1", SvcOrderId: "SVC-9" });
    const created = await client.createInbound({
      ShipmentId: "IN-1",
      WarehouseId: "US01",
      ShippingType: "Sea",
      Containers: [{ Skus: [{ Sku: "TEE-RED-M", Quantity: 100 }] }],
    });
    expect(created).toEqual({ outcome: "created", result: { ShipmentId: "IN-1", SvcOrderId: "SVC-9" } });
  });

  it("says only 'accepted' where the provider answers 200 either way", async () => {
    const { client } = providerAnswering(200, [{ PackageId: "SO1001-1", Success: false, Message: "Unknown service", ErrorCode: "E1" }]);
    const batch = await client.createDropshipBatch({
      Packages: [{ PackageId: "SO1001-1", ShipToAddress: address, Skus: [{ Sku: "TEE", Quantity: 1 }] }],
    });
    expect(batch.outcome).toBe("accepted");
    expect(batch.result).toEqual([{ PackageId: "SO1001-1", Success: false, Message: "Unknown service", ErrorCode: "E1" }]);
  });

  it("returns nothing for an operation without an answer", async () => {
    const { client } = providerAnswering(200);
    const declared = await client.declarePackage({
      PackageId: "SO1001-1",
      Weight: 350,
      Skus: [{ Sku: "TEE", Quantity: 1 }],
      ShipToAddress: address,
    });
    expect(declared).toBeUndefined();
  });
});

describe("answers that are not what the reference describes", () => {
  it("names the field of the answer that does not match", async () => {
    const { client } = providerAnswering(200, [{ Status: "Created" }]);
    const error = await failure(client.dropshipStatuses({ idType: "PackageId", Ids: ["SO1001-1"] }));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error.errors.map((e) => e.code)).toEqual(["[0].PackageId"]);
    expect(error.message).toMatch(/^The fulfilment provider's answer is not in the expected form\. \[0\]\.PackageId: /);
    expect(error.message).toContain("(dropshipStatuses: POST /v1/directExpressOrders/PackageId, HTTP 200)");
  });

  it("refuses an answer that is not JSON", async () => {
    const { client } = providerAnswering(200, "<html>maintenance</html>");
    const error = await failure(client.dropshipStatus({ packageId: "SO1001-1" }));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error.message).toMatch(/^The fulfilment provider's answer is empty or not JSON\./);
  });

  it("refuses a success status the operation does not list", async () => {
    const { client } = providerAnswering(202);
    const error = await failure(client.createOutbound(outbound));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error.message).toContain("does not list as success (201 or 200)");
    expect(error.message).toContain("HTTP 202");
  });

  it("reports an unknown package with its path", async () => {
    const { client } = providerAnswering(404, { Errors: [{ Code: "PackageId", Message: "not found" }], TicketId: "T-404" });
    const error = await failure(client.dropshipStatus({ packageId: "SO404" }));
    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect(error.message).toContain("PackageId: not found");
    expect(error.message).toContain("(dropshipStatus: GET /v1/directExpressOrders/SO404/status, HTTP 404, TicketId T-404)");
  });
});

describe("types", () => {
  it("derives each method's argument from the table's schemas", () => {
    expectTypeOf<OperationInput<"dropshipStatuses">>().toEqualTypeOf<{
      idType: "PackageId" | "SvcPackageId";
      Ids: string[];
    }>();
    expectTypeOf<OperationInput<"trackOne">>().toEqualTypeOf<{ trackingNumber: string; lang?: string }>();
    expectTypeOf<OperationInput<"trackBatch">>().toEqualTypeOf<{ lang?: string; TrackingNumbers: string[] }>();
    expectTypeOf<OperationInput<"dropshipStatus">>().toEqualTypeOf<{ packageId: string }>();
    expectTypeOf<OperationInput<"createOutbound">>().toEqualTypeOf<CreateOutboundRequest>();
  });

  it("derives each method's result from the response schema and creation flag", () => {
    expectTypeOf<OperationResult<"createOutbound">>().toEqualTypeOf<{ readonly outcome: CreationOutcome }>();
    expectTypeOf<OperationResult<"createInbound">>().toEqualTypeOf<{
      readonly outcome: CreationOutcome;
      readonly result: InboundCreated;
    }>();
    expectTypeOf<OperationResult<"createDropshipBatch">>().toEqualTypeOf<{
      readonly outcome: CreationOutcome;
      readonly result: PackageResult[];
    }>();
    expectTypeOf<OperationResult<"dropshipStatuses">>().toEqualTypeOf<DropshipStatusRecord[]>();
    expectTypeOf<OperationResult<"trackOne">>().toEqualTypeOf<TrackingResult>();
    expectTypeOf<OperationResult<"declarePackage">>().toEqualTypeOf<void>();
    expectTypeOf<FulfilmentClient["trackOne"]>().returns.resolves.toEqualTypeOf<TrackingResult>();
  });

  it("rejects wrong arguments at compile time", () => {
    const { client } = providerAnswering(200, []);
    const neverCalled = () => {
      // @ts-expect-error idType is PackageId or SvcPackageId
      void client.dropshipStatuses({ idType: "OrderNo", Ids: ["x"] });
      // @ts-expect-error the path parameter is required
      void client.dropshipStatus({});
      // @ts-expect-error Package is required
      void client.createOutbound({ WarehouseId: "US01" });
    };
    expect(neverCalled).toBeTypeOf("function");
  });

  it("lets a test fake be checked against the real client", async () => {
    const fake = {
      createOutbound: vi.fn(async () => ({ outcome: "created" as const })),
      dropshipStatus: vi.fn(async ({ packageId }: { packageId: string }) => ({
        PackageId: packageId,
        Status: "Creating",
        Checkpoints: [],
        ShippingCosts: [],
      })),
    } satisfies Partial<FulfilmentClient>;
    expect(await fake.createOutbound()).toEqual({ outcome: "created" });
  });
});
