/**
 * Live mode on the app's own wiring (the worker process with the production dependencies), against
 * a sandbox that accepts only the merchant's API token (--token): without saved credentials the
 * push stops with words that send the merchant to the settings, in the admin's language on the
 * stopped jobs list and in the alert channel's; with the token saved on the Settings page, the
 * parcels reach the provider and are created.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { composeMessage } from "~/flows/alerts/compose";
import { saveWebhookChannel } from "~/stores/alerts/channels.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { waitFor } from "../support/jobs";
import { useStack } from "../support/stack";
import { adminData } from "./support";
import { zhCN } from "~/lib/words/zh-CN";
import { placeOrderAt, studioLocationId } from "../support/studio";

const PROVIDER_TOKEN = "live-token-5e2b8c1f0d9a4e7b";
const stack = useStack({ sandbox: { token: PROVIDER_TOKEN, createDelayMs: 200 } });

const DeadJobs = z.object({ deadJobs: z.array(z.object({ id: z.string(), reason: z.string() })) });

async function placeStudioOrder(): Promise<string> {
  return (await placeOrderAt(stack())).orderId;
}

describe("live mode", () => {
  it("stops for want of credentials, saying where to add them, then sends with the merchant's token", async () => {
    const s = stack();
    const studio = { id: await studioLocationId(s) };
    await saveShopSettings(s.db, s.shop, {
      mode: "live",
      dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [studio.id], services: { defaultService: "US01-EXP" } },
    });
    // A channel whose alerts wait for the day's digest: the stopped job's alert is recorded, not sent.
    await saveWebhookChannel(
      s.db,
      s.shop,
      { enabled: true, schedule: "DAILY", language: "zh-CN", url: "https://alerts.north-ridge.example/hook" },
      { key: s.credentialsKey },
    );

    // No credentials: the push gives up at once (nothing a retry could fix) with the way out.
    const first = await placeStudioOrder();
    const dead = await waitFor(
      async () => (await s.db.job.findFirst({ where: { shop: s.shop, kind: "push.batch", status: "DEAD" } })) ?? undefined,
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: `a push job stopped for want of credentials\n${s.logs().slice(-3_000)}`,
      },
    );
    const english = `Live mode needs a connection to the provider, and none is saved for ${s.shop}: connect the provider or enter its API token in Settings > Provider connection, then retry.`;
    expect(dead.lastError).toBe(english);
    expect(dead.attempts).toBe(1);

    // The stopped jobs list says why in the admin's language: Chinese for a Chinese admin, else English.
    const reasonOn = async (path: string) =>
      DeadJobs.parse(await (await adminData(s, path, "routes/app.shipments._index")).json()).deadJobs.find((job) => job.id === dead.id)
        ?.reason;
    const chinese = `正式模式需要连接服务商，但 ${s.shop} 尚未保存任何连接：请在“设置 > 服务商连接”中连接服务商或输入其 API 令牌，然后重试。`;
    expect(await reasonOn("/app/shipments?locale=zh-CN")).toBe(chinese);
    expect(await reasonOn("/app/shipments?locale=en")).toBe(english);
    expect(await reasonOn("/app/shipments")).toBe(english);
    // So does the alert it raised, in its channel's language.
    const alert = await s.db.alert.findFirstOrThrow({ where: { shop: s.shop, kind: "JOB_DEAD" } });
    const links = { shop: s.shop, appHandle: s.apiKey };
    expect(composeMessage([alert], links, "zh-CN").text).toContain(`向服务商发送包裹：${chinese}`);
    expect(composeMessage([alert], links, "en").text).toContain(`Sending packages to the provider: ${english}`);
    expect(await s.db.shipment.findFirst({ where: { shop: s.shop, orderId: first } })).toMatchObject({ state: "READY" });
    expect(s.sandbox.state().dropships.size).toBe(0);

    // The merchant pastes the token on the Settings page; the next order's push sends both parcels with it.
    // The provider unreachable as it is checked (the connection dropped): said in the admin's
    // language, not the client's English message.
    await fetch(`${s.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operation: "searchSkus", kind: "drop" }),
    });
    const unchecked = await adminData(s, "/app/settings/provider?locale=zh-CN", "routes/app.settings.provider", {
      form: { intent: "saveToken", token: PROVIDER_TOKEN },
    });
    expect(unchecked.status).toBe(400);
    const [uncheckedToken] = ((await unchecked.json()) as { errors: { field: string; message: string }[] }).errors;
    expect(uncheckedToken).toMatchObject({
      field: "token",
      message: `无法验证。${zhCN.providerProblems.unreachable}`,
    });
    expect(await s.db.shop.findUniqueOrThrow({ where: { domain: s.shop } })).toMatchObject({ providerCredentialsCiphertext: null });
    // A wrong token is checked with the provider first: refused at the field, and nothing saved.
    const wrong = await adminData(s, "/app/settings/provider", "routes/app.settings.provider", {
      form: { intent: "saveToken", token: "not-the-token-0123456789" },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: unknown[] }).errors).toEqual([
      {
        field: "token",
        label: "API token",
        message: "was refused by the provider: check it in the provider's developer settings and paste it again",
      },
    ]);
    expect(await s.db.shop.findUniqueOrThrow({ where: { domain: s.shop } })).toMatchObject({ providerCredentialsCiphertext: null });
    const saved = await adminData(s, "/app/settings/provider", "routes/app.settings.provider", {
      form: { intent: "saveToken", token: PROVIDER_TOKEN },
    });
    expect(saved.status, s.logs().slice(-3_000)).toBe(200);
    const second = await placeStudioOrder();
    const created = await waitFor(
      async () => {
        const shipments = await s.db.shipment.findMany({ where: { shop: s.shop, orderId: { in: [first, second] } } });
        return shipments.length === 2 && shipments.every((shipment) => ["CREATED", "FULFILLED", "DELIVERED"].includes(shipment.state))
          ? shipments
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: `both shipments created by the provider\n${s.logs().slice(-3_000)}` },
    );
    expect(created.map((shipment) => shipment.trackingNumber)).toEqual([expect.any(String), expect.any(String)]);
    expect(s.sandbox.state().dropships.size).toBe(2);
  }, 120_000);
});
