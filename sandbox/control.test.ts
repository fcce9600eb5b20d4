import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { fillPath, operationNames, operations } from "../app/fulfilment/operations";
import { ProviderErrorBody } from "../app/fulfilment/schemas";
import { dropshipPackage, START, startTestSandbox, type TestSandbox } from "./test-support";

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startTestSandbox();
});
afterEach(() => sb.close());

const StateSummary = z.object({
  now: z.string(),
  dropships: z.array(z.object({ PackageId: z.string(), Status: z.string() })),
  stock: z.record(z.string(), z.record(z.string(), z.number())),
});

describe("control routes", () => {
  it("serves every operation of the table", async () => {
    for (const name of operationNames) {
      const op = operations[name];
      const path = fillPath(op.path, { idType: "PackageId", trackingNumber: "T1", packageId: "P1" });
      const answer = await sb.call(path, { method: op.method, body: op.method === "POST" ? {} : undefined });
      const codes = answer.status === 404 ? ProviderErrorBody.parse(answer.json).Errors.map((e) => e.Code) : [];
      expect(codes, `${name} ${op.method} ${path}`).not.toContain("Route");
    }
  });

  it("moves the clock forward only", async () => {
    const moved = await sb.call("/__sandbox/clock", { body: { advanceMs: 90_000 }, token: null });
    expect(moved.json).toEqual({ now: new Date(START + 90_000).toISOString(), advancedMs: 90_000 });
    const back = await sb.call("/__sandbox/clock", { body: { advanceMs: -1 }, token: null });
    expect(back.status).toBe(400);
    expect(ProviderErrorBody.parse(back.json).Errors[0]?.Code).toBe("advanceMs");
  });

  it("summarises the world, and reset brings back the seeded one", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") });
    await sb.post("/v1/outboundOrders", {
      WarehouseId: "US01",
      Package: {
        PackageId: "O-1",
        ServiceCode: "US01-STD",
        ShipToAddress: { Country: "US" },
        Skus: [{ Sku: "TEA-GREEN-100G", Quantity: 5 }],
      },
    });
    await sb.advance(1000);
    const state = StateSummary.parse((await sb.call("/__sandbox/state", { token: null })).json);
    expect(state.dropships).toEqual([expect.objectContaining({ PackageId: "P-1", Status: "Created" })]);
    expect(state.stock.US01?.["TEA-GREEN-100G"]).toBe(175);

    expect((await sb.call("/__sandbox/reset", { method: "POST", token: null })).status).toBe(200);
    const fresh = StateSummary.parse((await sb.call("/__sandbox/state", { token: null })).json);
    expect(fresh.dropships).toEqual([]);
    expect(fresh.stock.US01?.["TEA-GREEN-100G"]).toBe(180);
    expect(fresh.now).toBe(new Date(START + 1000).toISOString());
  });

  it("an unknown control route is a 404", async () => {
    expect((await sb.call("/__sandbox/nothing", { token: null })).status).toBe(404);
  });
});
