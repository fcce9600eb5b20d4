/**
 * Credential keys rotate: a new key seals, the old keys still open what they sealed, until the
 * re-encryption job (run here by a real worker on a real database) has moved every row; then the
 * old key can go. Provider credentials and Shopify's session tokens alike, and tokens stored in
 * plain text before sealing existed.
 */
import { randomBytes } from "node:crypto";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { Session } from "@shopify/shopify-api";
import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";
import { queueReencryption, reencryptionHandler } from "~/flows/keys/reencrypt.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { startWorker } from "~/jobs/worker.server";
import type { CredentialsKeys } from "~/env.server";
import { keyIdOf } from "~/stores/shops/envelope.server";
import { readProviderCredentials, saveProviderCredentials } from "~/stores/shops/provider-credentials.server";
import { SealedSessionStorage } from "~/stores/shops/session-storage.server";
import { channelForSending, saveEmailChannel, saveWebhookChannel } from "~/stores/alerts/channels.server";

const { db } = useTestDatabase();

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const only = (key: Buffer): CredentialsKeys => ({ current: key, all: [key] });
const rotated: CredentialsKeys = { current: newKey, all: [newKey, oldKey] };

const shops = ["a.myshopify.com", "b.myshopify.com", "c.myshopify.com"];
const token = (shop: string) => `provider-token-of-${shop}-0123456789`;
const shopifyToken = (shop: string) => `shpat_${shop.split(".")[0]}_0123456789abcdef`;

const sessions = (keys: CredentialsKeys) => new SealedSessionStorage(new PrismaSessionStorage(db), { keys });

const { logger, lines } = recordingJobLogger();
const worker = startWorker({
  kinds: jobPayloadSchemas,
  db,
  handlers: { "keys.reencrypt": reencryptionHandler({ keys: rotated }) },
  pollIntervalMs: 10,
  logger,
});
afterAll(() => worker.stop());

async function storedKeyIds(): Promise<string[]> {
  const credentials = await db.shop.findMany({ select: { providerCredentialsCiphertext: true } });
  const tokens = await db.session.findMany({ select: { accessToken: true, refreshToken: true } });
  const channels = await db.alertChannel.findMany({ select: { secretCiphertext: true } });
  return [
    ...credentials.map((row) => row.providerCredentialsCiphertext),
    ...tokens.flatMap((row) => [row.accessToken, row.refreshToken]),
    ...channels.map((row) => row.secretCiphertext),
  ]
    .flatMap((text) => (text === null ? [] : [text.split(".")[1] ?? "plain"]))
    .sort();
}

describe("key rotation", () => {
  it("seals with the new key, opens with the old one until the job has moved every row, then needs the new key alone", async () => {
    // Everything stored under the old key, and one session from before tokens were sealed.
    for (const shop of shops) {
      await saveProviderCredentials(db, shop, { kind: "staticToken", token: token(shop), savedAt: new Date() }, { key: oldKey });
      await sessions(only(oldKey)).storeSession(
        new Session({
          id: `offline_${shop}`,
          shop,
          state: "",
          isOnline: false,
          accessToken: shopifyToken(shop),
          refreshToken: `refresh-${shop}`,
        }),
      );
    }
    // The alert channels' secrets: an SMTP password and a webhook's address.
    const webhookUrl = "https://hooks.slack.com/services/T000/B000/secret-path-0123";
    await saveEmailChannel(
      db,
      shops[0] ?? "",
      {
        enabled: true,
        schedule: "AT_ONCE",
        settings: {
          host: "smtp.example.com",
          port: 587,
          security: "STARTTLS",
          user: "alerts",
          sender: "a@example.com",
          recipients: ["b@example.com"],
        },
        password: "smtp-password-0123",
      },
      { key: oldKey },
    );
    await saveWebhookChannel(db, shops[1] ?? "", { enabled: true, schedule: "AT_ONCE", url: webhookUrl }, { key: oldKey });
    await db.session.create({
      data: {
        id: "offline_legacy.myshopify.com",
        shop: "legacy.myshopify.com",
        state: "",
        isOnline: false,
        accessToken: "shpat_legacy_plain",
      },
    });
    const stored =
      JSON.stringify(await db.session.findMany()) +
      JSON.stringify(await db.shop.findMany()) +
      JSON.stringify(await db.alertChannel.findMany());
    for (const secret of ["smtp-password-0123", webhookUrl]) expect(stored).not.toContain(secret);
    for (const shop of shops)
      for (const secret of [token(shop), shopifyToken(shop), `refresh-${shop}`]) expect(stored).not.toContain(secret);

    // The new key alone cannot open them yet...
    await expect(readProviderCredentials(db, shops[0] ?? "", { keys: only(newKey) })).rejects.toThrow(/encrypted with another key/);
    // ...the new key with the old one as an old key can, and seals with the new one.
    for (const shop of shops) expect(await readProviderCredentials(db, shop, { keys: rotated })).toMatchObject({ token: token(shop) });
    expect((await sessions(rotated).loadSession(`offline_${shops[0]}`))?.accessToken).toBe(shopifyToken(shops[0] ?? ""));
    await saveProviderCredentials(
      db,
      "c.myshopify.com",
      { kind: "staticToken", token: token("c.myshopify.com"), savedAt: new Date() },
      { keys: rotated },
    );
    expect((await db.shop.findUniqueOrThrow({ where: { domain: "c.myshopify.com" } })).providerCredentialsCiphertext?.split(".")[1]).toBe(
      keyIdOf(newKey),
    );

    // The job moves every row, the plain one included.
    await queueReencryption(db);
    await waitFor(async () => (await db.job.findFirst({ where: { kind: "keys.reencrypt", status: "DONE" } })) ?? undefined, {
      what: "the re-encryption job",
    });
    expect(new Set(await storedKeyIds())).toEqual(new Set([keyIdOf(newKey)]));
    expect(lines.find((line) => line.message.startsWith("Secrets at rest sealed"))?.fields).toMatchObject({
      providerCredentials: { moved: 2, unreadable: 0 },
      sessions: { moved: 4, unreadable: 0 },
      alertChannels: { moved: 2, unreadable: 0 },
    });

    // The old key can go: the new key alone opens everything, the old one nothing.
    for (const shop of shops) {
      expect(await readProviderCredentials(db, shop, { keys: only(newKey) })).toMatchObject({ token: token(shop) });
      expect(await sessions(only(newKey)).loadSession(`offline_${shop}`)).toMatchObject({
        accessToken: shopifyToken(shop),
        refreshToken: `refresh-${shop}`,
      });
    }
    expect((await sessions(only(newKey)).loadSession("offline_legacy.myshopify.com"))?.accessToken).toBe("shpat_legacy_plain");
    expect((await channelForSending(db, shops[0] ?? "", "EMAIL", { keys: only(newKey) }))?.secret).toBe("smtp-password-0123");
    expect((await channelForSending(db, shops[1] ?? "", "WEBHOOK", { keys: only(newKey) }))?.secret).toBe(webhookUrl);
    await expect(readProviderCredentials(db, shops[0] ?? "", { keys: only(oldKey) })).rejects.toThrow(/encrypted with another key/);
  });

  it("treats a session that no configured key opens as absent, so the library asks Shopify for a new token", async () => {
    await sessions(only(randomBytes(32))).storeSession(
      new Session({ id: "offline_lost.myshopify.com", shop: "lost.myshopify.com", state: "", isOnline: false, accessToken: "shpat_lost" }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await sessions(rotated).loadSession("offline_lost.myshopify.com")).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /"sessionId":"offline_lost\.myshopify\.com".*"msg":"A session cannot be opened with the configured keys: treated as absent"/,
      ),
    );
    expect(String(warn.mock.calls)).not.toContain("shpat_lost");
  });
});
