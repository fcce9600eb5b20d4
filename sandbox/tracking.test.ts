import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DropshipStatusRecord, TrackingResult, TrackingResults } from "../app/fulfilment/schemas";
import { dropshipPackage, startTestSandbox, type TestSandbox } from "./test-support";

const STEP = 60_000;
let sb: TestSandbox;
beforeEach(async () => {
  sb = await startTestSandbox({ createDelayMs: 1000, trackingStepMs: STEP });
});
afterEach(() => sb.close());

async function created(packageId: string, overrides: Record<string, unknown> = {}) {
  expect((await sb.post("/v1/directExpressOrders", { Package: dropshipPackage(packageId, overrides) })).status).toBe(201);
  await sb.advance(1000);
  return status(packageId);
}

async function status(packageId: string) {
  return DropshipStatusRecord.parse((await sb.call(`/v1/directExpressOrders/${packageId}/status`)).json);
}

async function track(trackingNumber: string, lang = "en") {
  const answer = await sb.call(`/v1/trackings/${trackingNumber}?lang=${lang}`);
  expect(answer.status).toBe(200);
  return TrackingResult.parse(answer.json);
}

describe("tracking", () => {
  it("walks Processing → PickUp → InTransit ×3 → Delivered, one step per tracking step, newest first", async () => {
    const record = await created("P-1");
    const number = record.TrackingNumber ?? "";
    const first = await track(number);
    expect(first.TrackingStatus).toBe("Processing");
    expect(first.Checkpoints).toHaveLength(1);
    expect(first.CarrierInfo).toMatchObject({ Company: "UPS", Url: expect.stringContaining(number) });
    expect(first.Origin?.Country).toBe("US");
    expect(first.Destination).toMatchObject({ Country: "CA", City: "Montreal" });

    await sb.advance(5 * STEP);
    const delivered = await track(number);
    expect(delivered.TrackingStatus).toBe("Delivered");
    expect(delivered.Checkpoints.map((c) => c.TrackingStatus)).toEqual([
      "Delivered",
      "InTransit",
      "InTransit",
      "InTransit",
      "PickUp",
      "Processing",
    ]);
    const transitPlaces = delivered.Checkpoints.filter((c) => c.TrackingStatus === "InTransit").map((c) => c.Location);
    expect(new Set(transitPlaces).size).toBe(3);
    expect(delivered.Checkpoints[0]?.Message).toBe("Delivered");
    expect((await status("P-1")).HandleStatus).toBe("Shipped");

    await sb.advance(10 * STEP);
    expect((await track(number)).Checkpoints).toHaveLength(6);
  });

  it("answers in Chinese by default and in English on request", async () => {
    const { TrackingNumber } = await created("P-1");
    expect((await track(TrackingNumber ?? "", "zh")).Checkpoints[0]?.Message).toBe("已接收包裹信息");
    const byDefault = TrackingResult.parse((await sb.call(`/v1/trackings/${TrackingNumber}`)).json);
    expect(byDefault.Checkpoints[0]?.Message).toBe("已接收包裹信息");
    expect((await track(TrackingNumber ?? "", "en")).Checkpoints[0]?.Message).toBe("Shipment information received");
  });

  it("replaces a non-final tracking number with the final one after the first step", async () => {
    const provisional = await created("P-ECO", { ServiceCode: "US01-ECO", ShipToAddress: { Country: "US", City: "Austin" } });
    expect(provisional).toMatchObject({ Status: "Created", IsFinalTrackingNumber: false, ShippingProvider: "Sandbox Fulfilment" });
    const provisionalNumber = provisional.TrackingNumber ?? "";
    expect(provisionalNumber).toMatch(/^SBX/);

    await sb.advance(STEP);
    const final = await status("P-ECO");
    expect(final).toMatchObject({ IsFinalTrackingNumber: true, ShippingProvider: "USPS" });
    expect(final.TrackingNumber).not.toBe(provisionalNumber);
    expect(final.TrackingNumber).toMatch(/^9400/);
    // Both numbers track the same parcel.
    expect((await track(final.TrackingNumber ?? "")).Checkpoints).toHaveLength(2);
    expect((await track(provisionalNumber)).PackageId).toBe("P-ECO");
  });

  it("a final number is unknown until it is issued", async () => {
    await created("P-ECO", { ServiceCode: "US01-ECO", ShipToAddress: { Country: "US" } });
    const order = sb.sandbox.state().dropships.get("P-ECO");
    const finalNumber = order?.outcome.status === "Created" ? order.outcome.parcel.trackingNumber : "";
    expect((await sb.call(`/v1/trackings/${finalNumber}`)).status).toBe(404);
  });

  it("unknown numbers: 404 for one, left out of a batch", async () => {
    const { TrackingNumber } = await created("P-1");
    expect((await sb.call("/v1/trackings/NOPE123")).status).toBe(404);
    const batch = await sb.post("/v1/trackings?lang=en", { TrackingNumbers: ["NOPE123", TrackingNumber] });
    expect(TrackingResults.parse(batch.json).map((r) => r.TrackingNumber)).toEqual([TrackingNumber]);
  });
});
