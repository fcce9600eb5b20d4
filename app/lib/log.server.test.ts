import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { createLogger, GATHER_MS, gathered } from "./log.server";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", name: "test", destination }) };
}

describe("the structured log", () => {
  it("writes one JSON line per event with its level, message and fields", () => {
    const { lines, logger } = capture();
    logger.info({ requestId: "r-1", shop: "a.myshopify.com", durationMs: 12 }, "request");
    logger.debug({}, "below the level");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: "info",
      msg: "request",
      requestId: "r-1",
      shop: "a.myshopify.com",
      durationMs: 12,
      name: "test",
    });
  });

  it("writes a Response thrown as an error (Shopify's library refusing a token) by its status", () => {
    const { lines, logger } = capture();
    logger.warn({ shop: "a.myshopify.com", err: new Response("refused", { status: 401 }) }, "refused");
    logger.warn({ err: new Error("boom") }, "failed");
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ msg: "refused", err: { type: "Response", status: 401 } });
    expect(JSON.parse(lines[1] ?? "")).toMatchObject({ msg: "failed", err: { type: "Error", message: "boom" } });
  });

  it("never writes a token, a session, a webhook body or an address, wherever in the fields it sits", () => {
    const { lines, logger } = capture();
    logger.warn(
      {
        accessToken: "shpat_secret",
        session: { id: "offline_a", accessToken: "shpat_secret" },
        headers: { authorization: "Bearer provider-secret" },
        request: { payload: '{"shipping_address":{"address1":"1 Secret Street"}}' },
        order: { shippingAddress: { address1: "1 Secret Street" }, email: "someone@example.com" },
        job: { requestSent: { Address1: "1 Secret Street" } },
        kept: "visible",
      },
      "something happened",
    );
    const text = lines.join("\n");
    for (const secret of ["shpat_secret", "provider-secret", "1 Secret Street", "someone@example.com", "offline_a"])
      expect(text).not.toContain(secret);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ accessToken: "[redacted]", session: "[redacted]", kept: "visible" });
  });
});

describe("access lines gathered for a few milliseconds", () => {
  it("hands the lines on in one write, in their order, and at once past 64 KB", async () => {
    const writes: string[] = [];
    const logger = createLogger({
      level: "info",
      name: "test",
      destination: gathered({ write: (text: string) => void writes.push(text) }),
    });
    logger.info({ path: "/webhooks/orders/create" }, "request");
    logger.info({ path: "/webhooks/orders/updated" }, "request");
    expect(writes).toEqual([]);
    await vi.waitFor(() => expect(writes).toHaveLength(1), { timeout: 10_000, interval: GATHER_MS });
    expect(
      writes[0]
        ?.split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { path: string }).path),
    ).toEqual(["/webhooks/orders/create", "/webhooks/orders/updated"]);
    logger.info({ path: "/app", note: "x".repeat(70_000) }, "request");
    expect(writes).toHaveLength(2);
  });
});
