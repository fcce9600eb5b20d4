import { describe, expect, it } from "vitest";
import { DropshipStatusRecord, OutboundStatusRecord } from "~/fulfilment";
import { otherTrackingNumbersOf, statusOutcomeOf } from "./provider-status";

describe("statusOutcomeOf", () => {
  it("is still creating while the provider says Creating, or Created without a number yet", () => {
    expect(statusOutcomeOf(OutboundStatusRecord.parse({ PackageId: "1001_1", Status: "Creating" })).kind).toBe("creating");
    expect(statusOutcomeOf(OutboundStatusRecord.parse({ PackageId: "1001_1", Status: "Created", TrackingNumber: null })).kind).toBe(
      "creating",
    );
  });

  it("is created with the tracking number, the carrier and whether the number is final", () => {
    const record = DropshipStatusRecord.parse({
      PackageId: "1001_1",
      SvcPackageId: "DX1",
      Status: "Created",
      TrackingNumber: "SBX123",
      IsFinalTrackingNumber: false,
      ShippingProvider: "Sandbox Fulfilment",
    });
    expect(statusOutcomeOf(record)).toEqual({
      kind: "created",
      handleStatus: null,
      created: { trackingNumber: "SBX123", carrier: "Sandbox Fulfilment", isFinal: false, svcPackageId: "DX1", otherNumbers: [] },
    });
  });

  it("lists a drop-ship package's other parcels from ExtraTrackNumber, each once", () => {
    const record = DropshipStatusRecord.parse({
      PackageId: "1001_1",
      Status: "Created",
      TrackingNumber: "1Z1",
      ExtraTrackNumber: "1Z2, 1Z3;1Z2 1Z1",
    });
    const outcome = statusOutcomeOf(record);
    expect(outcome.kind === "created" && outcome.created.otherNumbers).toEqual(["1Z2", "1Z3"]);
    expect(
      otherTrackingNumbersOf(
        DropshipStatusRecord.parse({ PackageId: "1001_1", Status: "Created", TrackingNumber: "1Z1", ExtraTrackNumber: null }),
        "1Z1",
      ),
    ).toEqual([]);
  });

  it("puts a drop-ship CreateFailedReason in the merchant's words, with what to do", () => {
    const record = DropshipStatusRecord.parse({
      PackageId: "1001_1",
      Status: "CreateFailed",
      CreateFailedReason: {
        ReasonCode: "DestinationNotServed",
        ReasonText: "Service US01-STD does not deliver to CA",
        ExtendMessage: "Services that deliver to CA: US01-EXP, US01-INT",
      },
    });
    const outcome = statusOutcomeOf(record);
    expect(outcome.kind === "failed" && outcome.failure).toMatchObject({
      code: "DestinationNotServed",
      message:
        "The provider could not create the package: Service US01-STD does not deliver to CA. Services that deliver to CA: US01-EXP, US01-INT. " +
        "Choose a service that delivers there in Settings > Warehouses and routing, then retry.",
    });
  });

  it("reads an outbound UnShippedReason the same way, and copes with no reason at all", () => {
    const stock = statusOutcomeOf(
      OutboundStatusRecord.parse({
        PackageId: "1001_1",
        Status: "CreateFailed",
        UnShippedReason: { ReasonCode: "InsufficientStock", ReasonText: "SKU LAMP: 1 wanted, 0 in stock at DE01" },
      }),
    );
    expect(stock.kind === "failed" && stock.failure.code).toBe("InsufficientStock");
    const silent = statusOutcomeOf(OutboundStatusRecord.parse({ PackageId: "1001_1", Status: "CreateFailed" }));
    expect(silent.kind === "failed" && silent.failure.message).toMatch(/did not say why/);
  });
});
