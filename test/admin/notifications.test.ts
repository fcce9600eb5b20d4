/**
 * Settings > Notifications' alert channels in the built app, over HTTP as the embedded admin
 * reaches them: each channel is refused field by field (naming the field and what is wrong, a
 * webhook that reaches inside refused as the sender would, in the admin's language), saved with its secrets sealed and
 * never sent back, its password kept when left blank; "Send a test alert" sends one message now to a
 * real SMTP server and a real HTTP receiver on loopback and says so, or says why not; Home says
 * when a channel fails, with a link to the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { markChannelFailing } from "~/stores/alerts/channels.server";
import { channelFailureOf } from "~/flows/alerts/send.server";
import { zhCN } from "~/lib/words/zh-CN";
import {
  mailSubject,
  mailText,
  startHttpReceiver,
  startMailServer,
  webhookAnswered,
  type HttpReceiver,
  type MailServer,
} from "../support/alert-receivers";
import { useStack } from "../support/stack";
import { adminData, adminDocument } from "./support";

const stack = useStack({ worker: false });
const PATH = "/app/settings/notifications";
const ROUTE = "routes/app.settings.notifications";

const Answer = z.object({
  ok: z.boolean(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});

let mail: MailServer;
let hook: HttpReceiver;
beforeAll(async () => {
  mail = await startMailServer();
  hook = await startHttpReceiver();
});
afterAll(async () => {
  await mail.stop();
  await hook.close();
});

/** The page's whole form as its save bar sends it: the customers' checkbox and both channels' fields. */
const pageForm = (fields: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  notifyCustomer: "on",
  "alerts.webhook.url": "",
  "alerts.webhook.schedule": "AT_ONCE",
  "alerts.email.host": "",
  "alerts.email.port": "587",
  "alerts.email.security": "STARTTLS",
  "alerts.email.user": "",
  "alerts.email.password": "",
  "alerts.email.sender": "",
  "alerts.email.recipients": "",
  "alerts.email.schedule": "AT_ONCE",
  ...fields,
});

const save = async (fields: Record<string, string>) => {
  const response = await adminData(stack(), PATH, ROUTE, { form: pageForm(fields) });
  return { status: response.status, answer: Answer.parse(await response.json()) };
};

const channels = () => stack().db.alertChannel.findMany({ where: { shop: stack().shop }, orderBy: { channel: "asc" } });

describe("Settings > Notifications: alerts", () => {
  it("refuses each channel's wrong fields, naming the field and what is wrong, and saves nothing", async () => {
    const webhook = await save({
      "alerts.webhook.enabled": "on",
      "alerts.webhook.url": "not an address",
      "alerts.email.enabled": "on",
      "alerts.email.host": "smtp example",
      "alerts.email.port": "70000",
      "alerts.email.sender": "alerts",
      "alerts.email.recipients": "ops@example.com, nobody",
      "alerts.email.language": "fr",
    });
    expect(webhook.status).toBe(400);
    expect(webhook.answer).toMatchObject({ ok: false, message: "The settings were not saved: correct the fields below." });
    expect(webhook.answer.errors).toEqual(
      expect.arrayContaining([
        { field: "alerts.webhook.url", label: "Webhook address", message: expect.stringContaining("must be a web address") },
        { field: "alerts.email.host", label: "Mail server", message: "must be a server name such as smtp.example.com" },
        { field: "alerts.email.port", label: "Port", message: "must be a whole number from 1 to 65535" },
        { field: "alerts.email.sender", label: "Sender", message: "must be an e-mail address such as alerts@example.com" },
        {
          field: "alerts.email.recipients",
          label: "Recipients",
          message: "must be e-mail addresses separated by commas: “nobody” is not one",
        },
        { field: "alerts.email.language", label: "Language (e-mail)", message: "must be English or Simplified Chinese" },
      ]),
    );
    expect(webhook.answer.errors).toHaveLength(6);

    // Addresses inside the network: refused as the sender would refuse them, once the fields themselves are right.
    const inside = await save({
      "alerts.webhook.url": "https://10.0.0.8/hooks/alerts",
      "alerts.email.enabled": "on",
      "alerts.email.host": "169.254.169.254",
      "alerts.email.sender": "alerts@example.com",
      "alerts.email.recipients": "ops@example.com",
    });
    expect(inside.status).toBe(400);
    expect(inside.answer.errors).toEqual([
      { field: "alerts.webhook.url", label: "Webhook address", message: "10.0.0.8 is not a public internet address" },
      { field: "alerts.email.host", label: "Mail server", message: "169.254.169.254 is not a public internet address" },
    ]);
    // In the admin's language (Shopify's `locale`): the refusal said in Chinese, the address quoted as typed.
    const inChinese = await adminData(stack(), `${PATH}?locale=zh-CN`, ROUTE, {
      form: pageForm({ "alerts.webhook.url": "https://10.0.0.9/hooks/alerts" }),
    });
    expect(inChinese.status).toBe(400);
    expect(Answer.parse(await inChinese.json()).errors).toEqual([
      { field: "alerts.webhook.url", label: "Webhook 地址", message: "10.0.0.9 不是公网地址" },
    ]);
    // An e-mail channel turned on with its server alone, a webhook turned on with no address saved.
    const missing = await save({ "alerts.email.enabled": "on", "alerts.email.host": "smtp.example.com" });
    expect(missing.answer.errors).toEqual([
      { field: "alerts.email.sender", label: "Sender", message: "is required to send alerts by e-mail" },
      { field: "alerts.email.recipients", label: "Recipients", message: "is required to send alerts by e-mail" },
    ]);
    const none = await save({ "alerts.webhook.enabled": "on" });
    expect(none.answer.errors).toEqual([
      { field: "alerts.webhook.url", label: "Webhook address", message: "is required to send alerts to a webhook" },
    ]);
    expect(await channels()).toEqual([]);
  });

  it("saves both channels, seals their secrets, keeps the password when left blank, and sends a test alert to each", async () => {
    const s = stack();
    const saved = await save({
      "alerts.webhook.enabled": "on",
      "alerts.webhook.url": hook.url,
      "alerts.webhook.schedule": "HOURLY",
      "alerts.webhook.language": "en",
      "alerts.email.enabled": "on",
      "alerts.email.host": "127.0.0.1",
      "alerts.email.port": String(mail.port),
      "alerts.email.security": "NONE",
      "alerts.email.user": "alerts",
      "alerts.email.password": "s3cret-pass",
      "alerts.email.sender": "alerts@example.com",
      "alerts.email.recipients": "ops@example.com\nowner@example.com",
      "alerts.email.schedule": "DAILY",
    });
    expect(saved, s.logs().slice(-3_000)).toMatchObject({ status: 200, answer: { ok: true, message: "Settings saved." } });
    const rows = await channels();
    expect(rows.map((row) => [row.channel, row.enabled, row.schedule])).toEqual([
      ["EMAIL", true, "DAILY"],
      ["WEBHOOK", true, "HOURLY"],
    ]);
    for (const row of rows) {
      expect(row.secretCiphertext).not.toBeNull();
      expect(row.secretCiphertext).not.toContain("s3cret-pass");
      expect(row.settings).not.toContain("/hooks/alerts");
    }

    // The page shows where the webhook goes and that a password is saved, never either secret.
    const page = await adminData(s, PATH, ROUTE);
    const data = JSON.stringify(await page.json());
    expect(data).toContain("127.0.0.1");
    expect(data).toContain('"hasPassword":true');
    expect(data).not.toContain("/hooks/alerts");
    expect(data).not.toContain("s3cret-pass");

    // Saved again with the password and the address left blank: both kept (the test alerts log in and
    // arrive); the e-mail now in Chinese, the webhook's language left out of the form and kept.
    const again = await save({
      "alerts.webhook.enabled": "on",
      "alerts.webhook.schedule": "HOURLY",
      "alerts.email.enabled": "on",
      "alerts.email.host": "127.0.0.1",
      "alerts.email.port": String(mail.port),
      "alerts.email.security": "NONE",
      "alerts.email.user": "alerts",
      "alerts.email.sender": "alerts@example.com",
      "alerts.email.recipients": "ops@example.com, owner@example.com",
      "alerts.email.schedule": "DAILY",
      "alerts.email.language": "zh-CN",
    });
    expect(again.status).toBe(200);
    expect((await channels()).map((row) => [row.channel, row.language])).toEqual([
      ["EMAIL", "zh-CN"],
      ["WEBHOOK", "en"],
    ]);

    const toWebhook = await adminData(s, PATH, ROUTE, { form: { intent: "testAlert", channel: "WEBHOOK" } });
    expect(Answer.parse(await toWebhook.json())).toMatchObject({ ok: true, message: expect.stringContaining("sent to the webhook") });
    expect(hook.posts).toHaveLength(1);
    const text = z.object({ text: z.string() }).parse(hook.posts[0]?.body).text;
    expect(text).toContain("Test alert");
    expect(text).toContain(`/apps/${s.apiKey}/app/settings/notifications`);

    const byEmail = await adminData(s, PATH, ROUTE, { form: { intent: "testAlert", channel: "EMAIL" } });
    expect(Answer.parse(await byEmail.json())).toMatchObject({ ok: true, message: expect.stringContaining("sent by e-mail") });
    expect(mail.mails).toHaveLength(1);
    expect(mail.mails[0]?.to).toEqual(["ops@example.com", "owner@example.com"]);
    expect(mail.mails[0]?.user).toBe("alerts");
    expect(mailSubject(mail.mails[0]!)).toBe(`[${s.shop.replace(".myshopify.com", "")}] 测试提醒`);
    expect(mailText(mail.mails[0]!)).toContain("这是来自履约连接器的测试提醒");
    expect(mailText(mail.mails[0]!)).toContain("/app/settings/notifications");

    // A receiver that refuses: the answer says so in words, and nothing was kept to send later.
    hook.status = 503;
    const refused = await adminData(s, PATH, ROUTE, { form: { intent: "testAlert", channel: "WEBHOOK" } });
    expect(refused.status).toBe(400);
    expect(Answer.parse(await refused.json())).toMatchObject({
      ok: false,
      message: expect.stringContaining("the webhook answered 503"),
    });
    const refusedInChinese = await adminData(s, `${PATH}?locale=zh-CN`, ROUTE, { form: { intent: "testAlert", channel: "WEBHOOK" } });
    expect(Answer.parse(await refusedInChinese.json())).toMatchObject({
      ok: false,
      message: zhCN.notifications.testFailed.WEBHOOK(zhCN.channelRefusals.webhookAnswered("503")),
    });
    hook.status = 200;
    expect(await s.db.alertMessage.count({ where: { shop: s.shop } })).toBe(0);
  });

  it("says on Home when a channel fails, with a link to Settings > Notifications", async () => {
    const s = stack();
    const before = await adminDocument(s, "/app");
    expect(before.text).not.toContain("not getting through");
    await markChannelFailing(s.db, s.shop, "WEBHOOK", webhookAnswered(503), new Date());
    const home = await adminDocument(s, "/app");
    expect(home.text).toContain("Alerts to your webhook are not getting through");
    expect(home.text).toContain("the webhook answered 503");
    expect(home.html).toContain('href="/app/settings/notifications"');
    // The app's own refusal is said in the admin's language, on Home and on Settings > Notifications.
    const chinese = await adminDocument(s, "/app?locale=zh-CN");
    expect(chinese.text).toContain(zhCN.channelRefusals.webhookAnswered("503"));
    expect(chinese.text).not.toContain("the webhook answered");
    const settings = await adminDocument(s, `${PATH}?locale=zh-CN`);
    expect(settings.text).toContain(zhCN.channelRefusals.webhookAnswered("503"));
    // What a server said itself is shown as it said it, in any language.
    await markChannelFailing(s.db, s.shop, "WEBHOOK", channelFailureOf(new Error("connect ECONNREFUSED 203.0.113.9:443")), new Date());
    expect((await adminDocument(s, "/app?locale=zh-CN")).text).toContain("connect ECONNREFUSED 203.0.113.9:443");
  });
});
