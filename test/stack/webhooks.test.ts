/**
 * Webhooks over real HTTP: the emulator signs and delivers them as Shopify does, and the app's real
 * `authenticate.webhook` (in the built app, in its own process) decides.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useStack } from "../support/stack";

const stack = useStack({ worker: false });

function hmac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

describe("webhooks from the emulator to the app", () => {
  it("delivers app/uninstalled signed with the app's secret to the route the TOML names, and the app answers 200", async () => {
    const { appUrl, apiSecret } = stack();

    const [delivery] = await stack().deliverWebhook("app/uninstalled");

    expect(delivery?.url).toBe(`${appUrl}/webhooks/app/uninstalled`);
    expect(delivery?.headers["X-Shopify-Hmac-Sha256"]).toBe(hmac(apiSecret, delivery?.body ?? ""));
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([200]);
    expect(delivery?.state).toBe("delivered");
    // Uninstalling drops the shop's session; the next test's deliveries should find the shop installed.
    await stack().installOfflineSession();
  });

  it("answers 401 to a delivery whose body no longer matches its HMAC, or that is signed with another secret", async () => {
    const [delivery] = await stack().deliverWebhook("app/scopes_update");
    if (!delivery) throw new Error("The emulator made no delivery");
    const post = (body: string, headers: Record<string, string>) =>
      fetch(delivery.url, { method: "POST", headers: { ...delivery.headers, ...headers }, body });

    const tampered = delivery.body.replace(/"/, '"tampered_');
    expect((await post(tampered, {})).status).toBe(401);
    expect((await post(delivery.body, { "X-Shopify-Hmac-Sha256": hmac("not-the-app-secret", delivery.body) })).status).toBe(401);
    // The untouched delivery, sent again, is still accepted: the 401s were the tampering's doing.
    expect((await post(delivery.body, {})).status).toBe(200);
  });
});
