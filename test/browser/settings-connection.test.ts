/**
 * Connecting through the provider's login, as the merchant sees its last step: back from the
 * provider, Settings > Provider connection offers to finish the connection; finishing it stores it and says so.
 * The address field says what live mode needs as soon as Live is chosen.
 */
import { describe, expect, it } from "vitest";
import { createProviderOAuth } from "~/fulfilment";
import { parkProviderAnswer } from "~/stores/shops/provider-credentials-connection.server";
import { createOAuthState } from "~/stores/shops/provider-credentials-oauth-state.server";
import { readProviderCredentials } from "~/stores/shops/provider-credentials.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

// The app's OAuth client at the provider (the sandbox accepts any); the app processes inherit them.
process.env.PROVIDER_CLIENT_ID = "connector-test-client";
process.env.PROVIDER_CLIENT_SECRET = "connector-test-secret";

const admin = useAdminBrowser({ worker: false });

describe("finishing a provider connection on the settings page", () => {
  it(
    "offers to finish what the merchant approved at the provider, and stores it when pressed",
    async () => {
      const s = admin.stack();
      // What the callback leaves after the provider approved a Connect pressed by the page's own user ("42").
      const oauth = createProviderOAuth({
        baseUrl: s.sandboxUrl,
        clientId: "connector-test-client",
        clientSecret: "connector-test-secret",
        redirectUri: `${s.appUrl}/provider-oauth/callback`,
      });
      const state = createOAuthState({ shop: s.shop, user: "42", secret: s.apiSecret, currentCiphertext: null });
      const approved = await fetch(oauth.authorizationUrl({ state }), { redirect: "manual" });
      const code = new URL(approved.headers.get("Location") ?? "").searchParams.get("code") ?? "";
      const { parked } = await parkProviderAnswer(s.db, { code, state }, { SHOPIFY_API_SECRET: s.apiSecret }, { key: s.credentialsKey });

      const settings = await admin.openAdminPage(`/app/settings/provider?provider_connection=${encodeURIComponent(parked)}`, {
        name: "/app/settings/provider (finish connecting)",
      });
      const { page } = settings;
      await expectVisible(page.getByText("Finish connecting to the provider"));
      await expectVisible(page.getByText("Not connected: live mode needs an API token"));
      await settings.audit();

      await settings.mainAction(() => page.getByRole("button", { name: "Finish connecting" }).click());
      await expectVisible(page.getByText("Connected to the provider."));
      await expectVisible(page.getByText("Connected through the provider's login since"));
      expect(await page.getByText("Finish connecting to the provider").count()).toBe(0);
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
