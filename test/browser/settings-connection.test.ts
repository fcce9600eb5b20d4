/**
 * Connecting through the provider's login in a real browser, from end to end (decision 0037):
 * Connect on Settings > Provider connection sends the top window to the app's start page, which
 * gives this browser its __Host- cookie (Secure: Chromium keeps it on http://127.0.0.1, a secure
 * context) and sends it to the provider's login (the sandbox approves at once). The provider's
 * answer, replayed first in another browser, is refused there; in this one it comes back into the
 * admin, where the page asks "Connect provider account X to this store?", and connecting stores it.
 * The address field says what live mode needs as soon as Live is chosen.
 */
import { describe, expect, it } from "vitest";
import { readProviderCredentials } from "~/stores/shops/provider-credentials.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser, waitForHydration } from "./support";

// The app's OAuth client at the provider (the sandbox accepts any); the app processes inherit them.
process.env.PROVIDER_CLIENT_ID = "connector-test-client";
process.env.PROVIDER_CLIENT_SECRET = "connector-test-secret";

const admin = useAdminBrowser({ worker: false });

describe("connecting the provider on the settings page", () => {
  it(
    "connects through the provider's login in this browser: Connect, the provider, the question, and the answer stored",
    async () => {
      const s = admin.stack();
      const settings = await admin.openAdminPage("/app/settings/provider", { name: "/app/settings/provider (connect provider account)" });
      const { page } = settings;
      await expectVisible(page.getByText("Not connected: live mode needs an API token"));

      // The start page's cookie, and the provider's answer as it comes back to this browser's callback.
      const startPage = page.waitForResponse((response) => response.url().startsWith(`${s.appUrl}/provider-oauth/start?`));
      const callback = page.waitForRequest((request) => request.url().startsWith(`${s.appUrl}/provider-oauth/callback?`));
      await page.getByRole("button", { name: "Connect with the provider's login" }).click();
      expect(await (await startPage).headerValue("Set-Cookie")).toMatch(
        /^__Host-provider-connection=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; Secure; HttpOnly; SameSite=Lax$/,
      );
      // The same answer opened in another browser, which never had the cookie: refused there.
      const another = await admin.browser().newContext();
      try {
        const replay = await another.newPage();
        await replay.goto((await callback).url());
        expect(await replay.locator("body").innerText()).toContain("This connection was started in another browser.");
      } finally {
        await another.close();
      }

      // In this browser (the cookie taken over http://127.0.0.1 and sent back): back in the admin, the question.
      await expectVisible(page.getByText(/^Connect provider account C\d{8} to this store\?$/), 30_000);
      await waitForHydration(page);
      expect([...new URL(page.url()).searchParams.keys()]).toContain("provider_attempt");
      expect(page.url()).not.toContain("code=");
      // The callback ended the cookie; nothing is stored until the question is answered.
      expect((await page.context().cookies(s.appUrl)).map((c) => c.name)).not.toContain("__Host-provider-connection");
      expect(await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey })).toBeNull();
      await settings.audit();

      await settings.mainAction(() => page.getByRole("button", { name: "Connect", exact: true }).click());
      await expectVisible(page.getByText("Connected to the provider."));
      await expectVisible(page.getByText("Connected through the provider's login since"));
      expect(await page.getByText(/to this store\?$/).count()).toBe(0);
      expect(await readProviderCredentials(s.db, s.shop, { key: s.credentialsKey })).toMatchObject({ kind: "oauth" });
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "says what the provider address needs as the mode is chosen, before anything is saved",
    async () => {
      const provider = await admin.openAdminPage("/app/settings/provider", { name: "/app/settings/provider (live chosen)" });
      const { page } = provider;
      // The test stack's provider is the sandbox on loopback: sandbox mode may leave the address empty for it.
      await expectVisible(page.getByText(/^Leave empty for http:\/\/127\.0\.0\.1:\d+/));
      await provider.mainAction(() => page.getByLabel("Mode").selectOption("live"));
      await expectVisible(page.getByText("Live mode needs your provider's public https address, for example https://openapi.example.com."));
      expect(await page.getByText(/^Leave empty for /).count()).toBe(0);
      await provider.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
