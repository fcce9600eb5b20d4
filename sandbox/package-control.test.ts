import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DropshipStatusRecord, OutboundStatusRecords, ProviderErrorBody, TrackingResult } from "../app/fulfilment/schemas";
import { dropshipPackage, outboundPackage, startTestSandbox, type TestSandbox } from "./test-support";

const STEP = 60_000;
let sb: TestSandbox;
beforeEach(async () => {
  sb = await startTestSandbox({ createDelayMs: 1000, trackingStepMs: STEP });
});
afterEach(() => sb.close());

const change = (packageId: string, body: unknown) => sb.call(`/__sandbox/packages/${packageId}`, { body, token: null });
const dropshipStatus = async (packageId: string) =>
  DropshipStatusRecord.parse((await sb.call(`/v1/directExpressOrders/${packageId}/status`)).json);
const outboundStatus = async (packageId: string) =>
  OutboundStatusRecords.parse((await sb.post("/v1/outboundOrders/PackageId", { Ids: [packageId] })).json)[0];
const track = async (number: string) => TrackingResult.parse((await sb.call(`/v1/trackings/${number}?lang=en`)).json);
const errorCodes = (json: unknown) => ProviderErrorBody.parse(json).Errors.map((e) => e.Code);

describe("POST /__sandbox/packages/:packageId", () => {
  it("sets the HandleStatus a status query shows, and null gives back the clock's", async () => {
    await sb.post("/v1/outboundOrders", { WarehouseId: "US01", Package: outboundPackage("O-1") });
    await sb.advance(1000);
    expect((await outboundStatus("O-1"))?.HandleStatus).toBe("Examined");
    expect((await change("O-1", { handleStatus: "Returns" })).status).toBe(200);
    expect(await outboundStatus("O-1")).toMatchObject({ Status: "Created", HandleStatus: "Returns" });
    await change("O-1", { handleStatus: null });
    expect((await outboundStatus("O-1"))?.HandleStatus).toBe("Examined");
  });

  it("a package deleted while being created is never created", async () => {
    await sb.post("/v1/outboundOrders", { WarehouseId: "US01", Package: outboundPackage("O-2") });
    await change("O-2", { handleStatus: "Delete" });
    await sb.advance(5000);
    expect(await outboundStatus("O-2")).toMatchObject({ Status: "Creating", HandleStatus: "Delete", TrackingNumber: null });
  });

  it("refuses a HandleStatus the provider does not have for that kind of package", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") });
    const answer = await change("P-1", { handleStatus: "Returns" });
    expect(answer.status).toBe(400);
    expect(errorCodes(answer.json)).toEqual(["handleStatus"]);
    expect((await change("P-1", { handleStatus: "Return" })).status).toBe(200);
  });

  it("gives the carrier's last word: a final checkpoint, and nothing after it", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-2") });
    await sb.advance(1000 + 2 * STEP);
    const number = (await dropshipStatus("P-2")).TrackingNumber ?? "";
    expect((await change("P-2", { trackingStatus: "Returned" })).status).toBe(200);
    await sb.advance(10 * STEP);
    const result = await track(number);
    expect(result.TrackingStatus).toBe("Returned");
    expect(result.Checkpoints.map((c) => c.TrackingStatus)).toEqual(["Returned", "InTransit", "PickUp", "Processing"]);
    expect(result.Checkpoints[0]?.Message).toBe("Returned to sender");
  });

  it("a silent carrier reports nothing more, however long one waits", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-3") });
    await sb.advance(1000 + STEP);
    const number = (await dropshipStatus("P-3")).TrackingNumber ?? "";
    await change("P-3", { silent: true });
    await sb.advance(30 * STEP);
    expect((await track(number)).Checkpoints).toHaveLength(2);
  });

  it("a drop-ship package in several parcels lists the others in ExtraTrackNumber, each trackable", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-4") });
    await sb.advance(1000);
    expect((await change("P-4", { extraParcels: 2 })).status).toBe(200);
    const record = await dropshipStatus("P-4");
    const extra = (record.ExtraTrackNumber ?? "").split(",");
    expect(extra).toHaveLength(2);
    expect(new Set([record.TrackingNumber, ...extra]).size).toBe(3);
    const other = await track(extra[1] ?? "");
    expect(other.PackageId).toBe("P-4");
    expect(other.CarrierInfo?.Url).toContain(extra[1]);
  });

  it("needs a parcel for tracking changes, and a known package", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-5") });
    expect(errorCodes((await change("P-5", { trackingStatus: "Lost" })).json)).toEqual(["packageId"]);
    const unknown = await change("NOPE", { handleStatus: "Cancel" });
    expect(unknown.status).toBe(404);
    await sb.post("/v1/outboundOrders", { WarehouseId: "US01", Package: outboundPackage("O-3") });
    await sb.advance(1000);
    expect(errorCodes((await change("O-3", { extraParcels: 1 })).json)).toEqual(["extraParcels"]);
  });
});
