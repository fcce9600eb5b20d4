/** The subscriptions in shopify.app.toml and the intake's topics are one list, each with its own route. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COMPLIANCE_TOPICS, WEBHOOK_TOPICS } from "./topics";

const root = path.resolve(import.meta.dirname, "../../..");
const Toml = z.object({
  webhooks: z.object({
    api_version: z.string(),
    subscriptions: z.array(
      z.object({ topics: z.array(z.string()).optional(), compliance_topics: z.array(z.string()).optional(), uri: z.string() }),
    ),
  }),
});
const toml = Toml.parse(parse(readFileSync(path.join(root, "shopify.app.toml"), "utf8")));

describe("shopify.app.toml", () => {
  it("subscribes to exactly the intake's topics, on API version 2026-10", () => {
    expect(toml.webhooks.api_version).toBe("2026-10");
    const subscribed = toml.webhooks.subscriptions.flatMap((s) => [...(s.topics ?? []), ...(s.compliance_topics ?? [])]);
    expect([...subscribed].sort()).toEqual([...WEBHOOK_TOPICS].sort());
  });

  it("declares the compliance topics as compliance_topics", () => {
    const compliance = toml.webhooks.subscriptions.flatMap((s) => s.compliance_topics ?? []);
    expect([...compliance].sort()).toEqual([...COMPLIANCE_TOPICS].sort());
  });

  it("sends each topic to the route named after it, and that route exists", () => {
    for (const subscription of toml.webhooks.subscriptions) {
      const [topic, ...others] = [...(subscription.topics ?? []), ...(subscription.compliance_topics ?? [])];
      expect(others, `one topic per subscription (${subscription.uri})`).toEqual([]);
      expect(subscription.uri).toBe(`/webhooks/${topic}`);
      const route = path.join(root, "app", "routes", `webhooks.${topic?.replaceAll("/", ".")}.tsx`);
      expect(existsSync(route), route).toBe(true);
    }
  });
});
