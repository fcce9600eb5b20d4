import { describe, expect, it } from "vitest";
import { TrackingResult } from "~/fulfilment";
import { checkpointKey, checkpointsOf, eventStatusOf, isDelivered } from "./tracking-events";

describe("eventStatusOf", () => {
  it.each([
    ["Processing", "CONFIRMED"],
    ["PickUp", "CARRIER_PICKED_UP"],
    ["InTransit", "IN_TRANSIT"],
    ["OutForDelivery", "OUT_FOR_DELIVERY"],
    ["Delivered", "DELIVERED"],
    ["Exception", "FAILURE"],
    ["DeliveryFailed", "FAILURE"],
    ["Lost", "FAILURE"],
    ["Returned", "FAILURE"],
    ["AttemptFail", "ATTEMPTED_DELIVERY"],
  ])("maps the provider's %s to Shopify's %s", (provider, shopify) => {
    expect(eventStatusOf(provider)).toBe(shopify);
  });

  it("treats a status it does not know, or none, as in transit rather than an error", () => {
    expect(eventStatusOf("CustomsHold")).toBe("IN_TRANSIT");
    expect(eventStatusOf(null)).toBe("IN_TRANSIT");
    expect(eventStatusOf("")).toBe("IN_TRANSIT");
  });
});

const checkpoint = (status: string, at: string, message: string) => ({
  TrackingStatus: status,
  DateTime: at,
  Message: message,
  Location: "Leipzig, DE",
  LocationAddress: { Country: "DE", City: "Leipzig", Postcode: "04109" },
});

const result = (number: string, checkpoints: unknown[], status = "InTransit") =>
  TrackingResult.parse({ TrackingNumber: number, TrackingStatus: status, Checkpoints: checkpoints });

describe("checkpointsOf", () => {
  const newestFirst = [
    checkpoint("InTransit", "2030-01-01T12:00:00.000Z", "Departed sorting centre"),
    checkpoint("PickUp", "2030-01-01T11:00:00.000Z", "Picked up by DHL"),
    checkpoint("Processing", "2030-01-01T10:00:00.000Z", "Shipment information received"),
  ];

  it("lists checkpoints oldest first, with Shopify's status, time and place", () => {
    const list = checkpointsOf(result("SBX1", newestFirst));
    expect(list.map((c) => c.status)).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT"]);
    expect(list[0]).toMatchObject({
      happenedAt: new Date("2030-01-01T10:00:00.000Z"),
      message: "Shipment information received",
      city: "Leipzig",
      country: "DE",
      zip: "04109",
    });
  });

  it("gives a checkpoint the same key whichever tracking number reported it, so it is sent once", () => {
    const underNonFinal = checkpointsOf(result("SBX1", newestFirst)).map((c) => c.key);
    const underFinal = checkpointsOf(result("00340434", newestFirst)).map((c) => c.key);
    expect(underFinal).toEqual(underNonFinal);
    expect(new Set(underFinal).size).toBe(3);
  });

  it("keys differ when anything about the checkpoint differs", () => {
    const a = checkpointKey(checkpoint("InTransit", "2030-01-01T12:00:00.000Z", "Departed sorting centre"));
    const b = checkpointKey(checkpoint("InTransit", "2030-01-01T12:00:00.000Z", "Arrived at destination hub"));
    expect(a).not.toBe(b);
  });

  it("knows a parcel is delivered from the overall status or a Delivered checkpoint", () => {
    const delivered = [checkpoint("Delivered", "2030-01-02T10:00:00.000Z", "Delivered"), ...newestFirst];
    expect(isDelivered(result("X", delivered), checkpointsOf(result("X", delivered)))).toBe(true);
    expect(isDelivered(result("X", newestFirst), checkpointsOf(result("X", newestFirst)))).toBe(false);
  });
});
