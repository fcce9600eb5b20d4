import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DropshipStatusRecord, InventoryAgePage, TokenResponse } from "../app/fulfilment/schemas";
import { startSandbox } from "./server";
import { dropshipPackage, outboundPackage, startTestSandbox, type TestSandbox } from "./test-support";

let dir: string;
let statePath: string;
const running: TestSandbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  statePath = join(dir, "state.json");
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start() {
  // A static token: only issued tokens besides it pass, so a token accepted after restart was persisted.
  const sb = await startTestSandbox({ statePath, token: "static", persistDebounceMs: 0 });
  running.push(sb);
  return sb;
}

async function accessToken(sb: TestSandbox): Promise<string> {
  const redirect = "https://app.example.com/cb";
  const query = new URLSearchParams({ client_id: "app", response_type: "code", redirect_uri: redirect });
  const approval = await sb.call(`/oauth2/authorization?${query}`, { token: null, redirect: "manual" });
  const code = new URL(approval.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const body = { grant_type: "authorization_code", code, redirect_uri: redirect, client_id: "app", client_secret: "x" };
  return TokenResponse.parse((await sb.call("/oauth2/token", { body, token: null })).json).AccessToken;
}

describe("--state", () => {
  it("keeps orders, tracking, stock, tokens and the clock across a restart", async () => {
    const first = await start();
    const token = await accessToken(first);
    await first.call("/v1/directExpressOrders", { body: { Package: dropshipPackage("P-1") }, token });
    await first.call("/v1/outboundOrders", { body: { WarehouseId: "US01", Package: outboundPackage("O-1") }, token });
    await first.advance(61_000);
    const before = (await first.call("/v1/directExpressOrders/P-1/status", { token })).json;
    const stockBefore = (await first.call("/v1/inventoryAge", { body: { WarehouseId: "US01", Sku: "MUG-CER-350-WHT" }, token })).json;
    await first.close();

    const second = await start();
    const after = DropshipStatusRecord.parse((await second.call("/v1/directExpressOrders/P-1/status", { token })).json);
    expect(after).toEqual(DropshipStatusRecord.parse(before));
    expect(after.Status).toBe("Created");
    const tracking = await second.call(`/v1/trackings/${after.TrackingNumber}`, { token });
    expect(tracking.status).toBe(200);
    const stockAfter = (await second.call("/v1/inventoryAge", { body: { WarehouseId: "US01", Sku: "MUG-CER-350-WHT" }, token })).json;
    expect(InventoryAgePage.parse(stockAfter)).toEqual(InventoryAgePage.parse(stockBefore));
    expect((await second.call("/__sandbox/clock", { token: null })).json).toMatchObject({ advancedMs: 61_000 });
    // Ids go on from where they were: a new order does not reuse the first one's SvcPackageId.
    await second.call("/v1/directExpressOrders", { body: { Package: dropshipPackage("P-2") }, token });
    const p2 = DropshipStatusRecord.parse((await second.call("/v1/directExpressOrders/P-2/status", { token })).json);
    expect(p2.SvcPackageId).not.toBe(after.SvcPackageId);
  });

  it("writes changes soon after they happen, not only on shutdown", async () => {
    const sb = await start();
    const created = await sb.call("/v1/directExpressOrders", { body: { Package: dropshipPackage("P-1") }, token: "static" });
    expect(created.status).toBe(201);
    await expect.poll(() => readFileSync(statePath, "utf8"), { timeout: 1000, interval: 10 }).toContain('"P-1"');
  });

  it("refuses a file that is not a sandbox state, saying which", async () => {
    writeFileSync(statePath, JSON.stringify({ hello: "world" }));
    await expect(startSandbox({ port: 0, statePath })).rejects.toThrow(/not a sandbox state file/);
  });
});
