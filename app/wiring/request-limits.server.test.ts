import { describe, expect, it } from "vitest";
import { RATE_REQUEST_BODY_LIMIT_BYTES } from "~/flows/checkout-rates/rate-request.server";
import { WEBHOOK_BODY_LIMIT_BYTES } from "~/flows/receive-webhooks/signed-body.server";
import { ADMIN_FORM_BODY_LIMIT_BYTES, bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES } from "./request-limits.server";

describe("body limits", () => {
  it("are tens of KiB unless a route is named, and each named route's own reader keeps the same", () => {
    expect(DEFAULT_BODY_LIMIT_BYTES).toBeLessThanOrEqual(64 * 1024);
    expect(bodyLimitFor("/auth/login")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/orders/1/shipments")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/application")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/webhooks/orders/create")).toBe(WEBHOOK_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/fulfillment-service/fulfillment_order_notification")).toBe(WEBHOOK_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/carrier-service/rates")).toBe(RATE_REQUEST_BODY_LIMIT_BYTES);
    for (const admin of ["/app", "/app.data", "/app/inbound/new", "/app/stock.data"])
      expect(bodyLimitFor(admin)).toBe(ADMIN_FORM_BODY_LIMIT_BYTES);
  });
});
