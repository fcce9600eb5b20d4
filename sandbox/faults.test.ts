import { afterEach, describe, expect, it } from "vitest";
import { ProviderErrorBody } from "../app/fulfilment/schemas";
import { dropshipPackage, startTestSandbox, type TestSandbox } from "./test-support";

let sb: TestSandbox;
afterEach(() => sb.close());

const track = () => sb.post("/v1/trackings", { TrackingNumbers: ["X1"] });
const plan = (fault: Record<string, unknown>) => sb.call("/__sandbox/faults", { body: fault, token: null });

describe("planned faults", () => {
  it("429 with Retry-After for the next n calls of the operation, then normal answers", async () => {
    sb = await startTestSandbox();
    expect((await plan({ operation: "trackBatch", kind: "429", count: 2, retryAfterSeconds: 7 })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const answer = await track();
      expect(answer.status).toBe(429);
      expect(answer.headers.get("retry-after")).toBe("7");
      expect(ProviderErrorBody.parse(answer.json).Errors[0]?.Code).toBe("TooManyRequests");
    }
    expect((await track()).status).toBe(200);
  });

  it("only the named operation suffers; '*' matches every operation", async () => {
    sb = await startTestSandbox();
    await plan({ operation: "createDropship", kind: "500" });
    expect((await track()).status).toBe(200);
    await plan({ operation: "*", kind: "500" });
    const answer = await track();
    expect(answer.status).toBe(500);
    expect(ProviderErrorBody.parse(answer.json).TicketId).toBeTruthy();
  });

  it("drop closes the connection without an answer", async () => {
    sb = await startTestSandbox();
    await plan({ operation: "trackBatch", kind: "drop" });
    await expect(track()).rejects.toThrow();
    expect((await track()).status).toBe(200);
  });

  it("timeout holds the answer until the client gives up", async () => {
    sb = await startTestSandbox();
    await plan({ operation: "trackBatch", kind: "timeout" });
    const started = Date.now();
    await expect(sb.call("/v1/trackings", { body: { TrackingNumbers: ["X1"] }, signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect((await track()).status).toBe(200);
  });

  it("afterProcessing: the operation runs but its answer is lost, so a resend is 200 already known", async () => {
    sb = await startTestSandbox();
    await plan({ operation: "createDropship", kind: "drop", afterProcessing: true });
    await expect(sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") })).rejects.toThrow();
    expect((await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") })).status).toBe(200);
  });

  it("lists and clears planned faults; refuses unknown operations and kinds", async () => {
    sb = await startTestSandbox();
    await plan({ operation: "trackOne", kind: "500", count: 3 });
    const listed = await sb.call("/__sandbox/faults", { token: null });
    expect(listed.json).toMatchObject({ faults: [{ operation: "trackOne", kind: "500", count: 3 }] });
    expect((await sb.call("/__sandbox/faults", { method: "DELETE", token: null })).status).toBe(200);
    expect((await sb.call("/__sandbox/faults", { token: null })).json).toEqual({ faults: [] });

    const bad = await plan({ operation: "launchRocket", kind: "418" });
    expect(bad.status).toBe(400);
    expect(ProviderErrorBody.parse(bad.json).Errors.map((e) => e.Code)).toEqual(["operation", "kind"]);
  });
});

describe("random faults", () => {
  it("--fault-rate 1 fails every /v1 call with the chosen kinds, never the control routes", async () => {
    sb = await startTestSandbox({ faultRate: 1, faultKinds: ["500"] });
    for (let i = 0; i < 3; i++) expect((await track()).status).toBe(500);
    expect((await sb.call("/__sandbox/health", { token: null })).status).toBe(200);
  });

  it("are reproducible with the same seed", async () => {
    const statuses = async (seed: number) => {
      sb = await startTestSandbox({ seed, faultRate: 0.5, faultKinds: ["429", "500"] });
      const seen: number[] = [];
      for (let i = 0; i < 8; i++) seen.push((await track()).status);
      await sb.close();
      return seen;
    };
    const first = await statuses(7);
    expect(first).toEqual(await statuses(7));
    expect(new Set(first).size).toBeGreaterThan(1);
    sb = await startTestSandbox();
  });
});
