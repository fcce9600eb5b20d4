/**
 * The app's own Shopify code reaches the emulator through the transport redirect
 * (SHOPIFY_ADMIN_API_ORIGIN), unchanged: in the built app served by server/serve.mjs, and in a process
 * that runs the app's modules directly, as the worker does.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PROJECT_ROOT } from "../../dev/stack/build";
import { openSessionToken } from "~/stores/shops/session-storage.server";
import { sessionToken } from "../admin/support";
import { useStack } from "../support/stack";

const stack = useStack({ worker: false });

describe("the Admin API transport redirect", () => {
  it("lets the built app exchange a session token at the emulator when the shop has no session yet", async () => {
    const { appUrl, shop, apiKey, apiSecret, accessToken, db } = stack();
    await db.session.deleteMany({ where: { shop } });

    // authenticate.admin in the app's layout route: no stored session, so it asks
    // https://<shop>/admin/oauth/access_token, which only the redirect makes reachable.
    const response = await fetch(`${appUrl}/app?_data=routes%2Fapp`, {
      headers: {
        Authorization: `Bearer ${sessionToken(shop, apiKey, apiSecret)}`,
        // The library answers requests from bots (Node's own user agent counts as one) with 410.
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      },
    });

    expect(response.status, stack().logs()).toBe(200);
    // The app's page data: App Bridge's key, the admin's language (none named here: English), and
    // the shop's time zone, read from Shopify with the token just exchanged.
    expect(await response.json()).toEqual({ apiKey, locale: "en", timeZone: stack().shopify.state.shops.get(shop)?.ianaTimezone });
    const stored = await db.session.findUnique({ where: { id: `offline_${shop}` } });
    // Stored sealed (stores/shops/session-storage.server.ts): the token itself is not in the row.
    expect(stored?.accessToken).not.toContain(accessToken);
    expect(openSessionToken(`offline_${shop}`, "accessToken", stored?.accessToken ?? "", { key: stack().credentialsKey })).toBe(
      accessToken,
    );
  });

  // A process that loads the app's modules through tsx: seconds alone, past the default 15 s beside a second test run.
  it("lets unauthenticated.admin(shop) query the emulator from a process running the app's modules", { timeout: 120_000 }, async () => {
    const { shop, appEnv } = stack();
    await stack().installOfflineSession();

    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "dev/stack/admin-probe.ts", shop], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...appEnv },
    });

    // The library logs its own lines on stdout first; the probe's answer is the last line.
    const answer = stdout.trim().split("\n").at(-1) ?? "";
    expect(z.object({ shop: z.string(), name: z.string() }).parse(JSON.parse(answer))).toEqual({ shop, name: "Northfield Goods" });
  });
});
