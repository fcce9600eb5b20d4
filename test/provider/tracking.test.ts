/**
 * Tracking end to end (operations 3 and 11): a created parcel walks its checkpoints to Delivered,
 * one per tracking step; a provisional (non-final) tracking number is replaced by the carrier's.
 */
import { describe, expect, it } from "vitest";
import { ProviderNotFoundError, ProviderValidationError } from "../../app/fulfilment";
import * as example from "./examples";
import { CREATE_DELAY_MS, failureOf, fieldsNamed, startWorld, TRACKING_STEP_MS, type ProviderWorld } from "./support";

/** Creates an outbound order and waits until it is Created; returns its status record. */
async function createdOutbound(world: ProviderWorld, pkg = example.outboundToNewYork()) {
  await world.client.createOutbound(example.createOutbound(pkg));
  await world.advance(CREATE_DELAY_MS);
  const [record] = await world.client.outboundStatuses({ idType: "PackageId", Ids: [pkg.PackageId] });
  if (record?.TrackingNumber == null) throw new Error(`outbound ${pkg.PackageId} was not created: ${JSON.stringify(record)}`);
  return { ...record, TrackingNumber: record.TrackingNumber };
}

describe("a parcel's tracking (11 and 3)", () => {
  it("walks Processing → PickUp → InTransit → Delivered, one checkpoint per step, newest first", async () => {
    const world = await startWorld();
    const { TrackingNumber, PackageId } = await createdOutbound(world);
    const createdAt = world.now();

    const seen: string[] = [];
    for (let step = 0; step <= 5; step++) {
      const tracking = await world.client.trackOne({ trackingNumber: TrackingNumber, lang: "en" });
      expect(tracking.Checkpoints).toHaveLength(step + 1);
      expect(tracking.Checkpoints[0]?.TrackingStatus).toBe(tracking.TrackingStatus);
      seen.push(String(tracking.TrackingStatus));
      await world.advance(TRACKING_STEP_MS);
    }
    expect(seen).toEqual(["Processing", "PickUp", "InTransit", "InTransit", "InTransit", "Delivered"]);

    const delivered = await world.client.trackOne({ trackingNumber: TrackingNumber, lang: "en" });
    expect(delivered).toMatchObject({
      TrackingNumber,
      PackageId,
      TrackingStatus: "Delivered",
      ShippingProvider: "USPS",
      Country: "US",
      EstimatedDelivery: new Date(createdAt + 5 * TRACKING_STEP_MS).toISOString(),
    });
    expect(delivered.Checkpoints.map((c) => c.Message)).toEqual([
      "Delivered",
      "Out for delivery",
      "Arrived at destination hub",
      "Departed sorting centre",
      "Picked up by USPS",
      "Shipment information received",
    ]);
    const times = delivered.Checkpoints.map((c) => Date.parse(c.DateTime ?? ""));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(delivered.Checkpoints[0]?.Location).toBe("New York, US");
    expect(delivered.CarrierInfo?.Url).toContain(TrackingNumber);
  });

  it("answers several numbers at once (3), leaving out numbers it does not know", async () => {
    const world = await startWorld();
    const first = await createdOutbound(world, example.outboundToNewYork("NW-TRACK-1"));
    const second = await createdOutbound(world, example.outboundToNewYork("NW-TRACK-2"));
    // The first parcel is one create delay older than the second: Delivered while the second is out for delivery.
    await world.advance(5 * TRACKING_STEP_MS - CREATE_DELAY_MS);

    const results = await world.client.trackBatch({
      TrackingNumbers: [first.TrackingNumber, "9400111899223197428490", second.TrackingNumber],
      lang: "en",
    });

    expect(results.map((r) => [r.TrackingNumber, r.PackageId, r.TrackingStatus])).toEqual([
      [first.TrackingNumber, "NW-TRACK-1", "Delivered"],
      [second.TrackingNumber, "NW-TRACK-2", "InTransit"],
    ]);
  });

  it("speaks Chinese unless asked otherwise (the provider's default)", async () => {
    const world = await startWorld();
    const { TrackingNumber } = await createdOutbound(world);

    const [tracking] = await world.client.trackBatch({ TrackingNumbers: [TrackingNumber] });

    expect(tracking?.Checkpoints[0]?.Message).toBe("已接收包裹信息");
    expect(world.operationCalls("/v1/trackings")[0]).not.toContain("lang=");
  });

  it("tells an international parcel's customs clearance in the destination country", async () => {
    const world = await startWorld();
    await world.client.createDropship(example.createDropship()); // Portland → Berlin, DHL Paket
    await world.advance(CREATE_DELAY_MS + 3 * TRACKING_STEP_MS);
    const status = await world.client.dropshipStatus({ packageId: example.dropshipToBerlin().PackageId });

    const tracking = await world.client.trackOne({ trackingNumber: status.TrackingNumber ?? "", lang: "en" });

    expect(tracking.Checkpoints[0]?.Message).toBe("Arrived in Germany, customs cleared");
    expect(tracking.Origin?.Country).toBe("US");
    expect(tracking.Destination?.City).toBe("Berlin");
  });

  it("answers a number it does not know with ProviderNotFoundError (11)", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.trackOne({ trackingNumber: "1Z999AA10123456784" }));

    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect(error).toMatchObject({ status: 404, path: "/v1/trackings/1Z999AA10123456784" });
    expect(fieldsNamed(error)).toEqual(["trackingNumber"]);
  });

  it("refuses 21 numbers, or an empty one, before sending", async () => {
    const world = await startWorld();
    const numbers = Array.from({ length: 21 }, (_, i) => `1ZSBX0000000000${String(i).padStart(3, "0")}`);

    const batch = await failureOf(world.client.trackBatch({ TrackingNumbers: numbers }));
    const one = await failureOf(world.client.trackOne({ trackingNumber: "" }));

    expect(batch).toBeInstanceOf(ProviderValidationError);
    expect(fieldsNamed(batch)).toEqual(["TrackingNumbers"]);
    expect(fieldsNamed(one)).toEqual(["trackingNumber"]);
    expect(world.operationCalls()).toEqual([]);
  });

  it("sends 20 numbers as one request", async () => {
    const world = await startWorld();
    const numbers = Array.from({ length: 20 }, (_, i) => `1ZSBX0000000000${String(i).padStart(3, "0")}`);

    await expect(world.client.trackBatch({ TrackingNumbers: numbers })).resolves.toEqual([]);
    expect(world.operationCalls()).toHaveLength(1);
  });
});

describe("a non-final tracking number", () => {
  it("is replaced by the carrier's final number at pickup; both then track the parcel", async () => {
    const world = await startWorld();
    const pkg = { ...example.outboundToNewYork(), ServiceCode: "US01-ECO" };

    const provisional = await createdOutbound(world, pkg);
    expect(provisional).toMatchObject({ IsFinalTrackingNumber: false, ShippingProvider: "Sandbox Fulfilment" });
    expect(provisional.TrackingNumber).toMatch(/^SBX\d{12}$/);
    const early = await world.client.trackOne({ trackingNumber: provisional.TrackingNumber, lang: "en" });
    expect(early).toMatchObject({ TrackingStatus: "Processing", ShippingProvider: "Sandbox Fulfilment" });

    await world.advance(TRACKING_STEP_MS);
    const [final] = await world.client.outboundStatuses({ idType: "PackageId", Ids: [pkg.PackageId] });
    expect(final).toMatchObject({ IsFinalTrackingNumber: true, ShippingProvider: "USPS", HandleStatus: "Shipped" });
    expect(final?.TrackingNumber).toMatch(/^9400\d{18}$/);

    const byFinal = await world.client.trackOne({ trackingNumber: final?.TrackingNumber ?? "", lang: "en" });
    const byProvisional = await world.client.trackOne({ trackingNumber: provisional.TrackingNumber, lang: "en" });
    for (const tracking of [byFinal, byProvisional]) {
      expect(tracking).toMatchObject({
        PackageId: pkg.PackageId,
        TrackingStatus: "PickUp",
        ShippingProvider: "USPS",
        ProviderTrackingNumber: provisional.TrackingNumber,
      });
    }
  });

  it("is the only number known before pickup: the final one is not found yet", async () => {
    const world = await startWorld();
    const pkg = { ...example.outboundToNewYork(), ServiceCode: "US01-ECO" };
    await createdOutbound(world, pkg);
    const order = world.sandbox.state().outbounds.get(pkg.PackageId);
    const finalNumber = order?.outcome.status === "Created" ? order.outcome.parcel.trackingNumber : "";

    const error = await failureOf(world.client.trackOne({ trackingNumber: finalNumber }));

    expect(error).toBeInstanceOf(ProviderNotFoundError);
  });

  it("of a drop-ship order is replaced the same way (DE01-ECO, DPD)", async () => {
    const world = await startWorld();
    const pkg = { ...example.dropshipToBerlin(), ServiceCode: "DE01-ECO" };
    await world.client.createDropship(example.createDropship(pkg));
    await world.advance(CREATE_DELAY_MS);

    const before = await world.client.dropshipStatus({ packageId: pkg.PackageId });
    await world.advance(TRACKING_STEP_MS);
    const after = await world.client.dropshipStatus({ packageId: pkg.PackageId });

    expect(before).toMatchObject({ IsFinalTrackingNumber: false, HandleStatus: "Submitted" });
    expect(before.TrackingNumber).toMatch(/^SBX/);
    expect(after).toMatchObject({ IsFinalTrackingNumber: true, ShippingProvider: "DPD", HandleStatus: "Shipped" });
    expect(after.TrackingNumber).toMatch(/^0150\d{10}$/);
  });
});
