// Settings > Provider connection: sandbox or live, the provider's address, and the account the app sends with.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { BlockStack, Card, Layout } from "@shopify/polaris";
import { SelectInput, TextInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { ConnectionAttemptRefused, connectionOffer, dropConnectionAttempt } from "~/stores/shops/provider-connection-attempts.server";
import { appProviderOAuth, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import {
  ApiToken,
  confirmProviderConnection,
  saveApiToken,
  startProviderConnection,
} from "~/stores/shops/provider-credentials-connection.server";
import { forgetProviderCredentials, readCredentialsSummary } from "~/stores/shops/provider-credentials.server";
import { providerAddressRefusal } from "~/wiring/provider-address.server";
import { tokenRefusal } from "~/wiring/provider-checks.server";
import { Section, SectionPage, type SectionAnswer } from "../app.settings._index/section-page";
import { CredentialsSection } from "./credentials-section";
import { refused, saveSection, sectionForm } from "../app.settings._index/section.server";
import { providerAddressHelp } from "./address-help";

// Whether live mode would take the operator's own address if the merchant typed it: asked once per process.
let defaultFitsLive: Promise<boolean> | undefined;
const defaultProviderFitsLive = () =>
  (defaultFitsLive ??= providerAddressRefusal(env.PROVIDER_BASE_URL, "live").then(
    (refusal) => refusal === null,
    () => false,
  ));

/**
 * Out of the admin's frame to `url`, as App Bridge does with this header for the library's
 * `redirect(url, { target: "_top" })`. Not that helper: to an address of the app's own origin it
 * copies the request's query (the session token among it) into the link.
 */
const topWindowTo = (url: string) => new Response(null, { status: 401, headers: { "X-Shopify-API-Request-Failure-Reauthorize-Url": url } });

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  const shop = session.shop;
  const query = new URL(request.url).searchParams;
  const justConnected = query.get("connected") === "oauth";
  // Back from the provider's login (/provider-oauth/callback): the attempt waiting for the staff member
  // who pressed Connect, asked only of them. After confirming, the address still names it (the
  // library's redirect keeps the page's query): the confirmation's own banner says what happened.
  const attempt = justConnected ? null : query.get("provider_attempt");
  const pendingConnection =
    attempt === null ? null : await connectionOffer(prisma, attempt, { shop, staffMember: String(sessionToken.sub) });
  return {
    form: (await sectionForm(shop)).form,
    connection: await readCredentialsSummary(prisma, shop),
    oauthAvailable: appProviderOAuth(env) !== null,
    defaultProviderUrl: env.PROVIDER_BASE_URL,
    defaultProviderFitsLive: await defaultProviderFitsLive(),
    justConnected,
    pendingConnection,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, redirect, sessionToken } = await authenticate.admin(request);
  const shop = session.shop;
  const starter = { shop, staffMember: String(sessionToken.sub) };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  switch (intent) {
    case "save":
      return saveSection("provider", shop, form, wordsFor(localeOf(request)));
    case "saveToken": {
      const token = ApiToken.safeParse(form.get("token") ?? "");
      if (!token.success) {
        const message = token.error.issues[0]?.message ?? "is not valid";
        return refused(intent, "The token was not saved.", [{ field: "token", label: "API token", message }]);
      }
      // Checked with the provider first: a token it refuses is never saved, and the one in use stays.
      const refusal = await tokenRefusal(shop, token.data);
      if (refusal !== null) return refused(intent, "The token was not saved.", [{ field: "token", label: "API token", message: refusal }]);
      await saveApiToken(prisma, shop, token.data);
      return json<SectionAnswer>({
        intent,
        ok: true,
        message: "API token saved: the provider accepted it, and live mode sends with it from now on.",
      });
    }
    case "disconnect": {
      await forgetProviderCredentials(prisma, shop);
      return json<SectionAnswer>({ intent, ok: true, message: "Disconnected: the app no longer holds credentials for the provider." });
    }
    case "connect": {
      try {
        // The top window to the app's own start page (a cookie can be set there, not in this frame),
        // which sends the merchant to the provider's login; it comes back through /provider-oauth/callback.
        return topWindowTo(await startProviderConnection(prisma, starter, appProviderOAuth(env), env));
      } catch (error) {
        if (error instanceof ProviderNotConnected) return refused(intent, error.message);
        throw error;
      }
    }
    case "confirmConnection": {
      try {
        await confirmProviderConnection(prisma, String(form.get("attempt") ?? ""), starter);
      } catch (error) {
        if (error instanceof ConnectionAttemptRefused) return refused(intent, error.message);
        throw error;
      }
      return redirect("/app/settings/provider?connected=oauth");
    }
    case "declineConnection": {
      await dropConnectionAttempt(prisma, String(form.get("attempt") ?? ""), starter);
      return json<SectionAnswer>({ intent, ok: true, message: "Nothing was connected: the credentials in use stay as they were." });
    }
    default:
      return refused(intent, `Unknown action: ${intent}`);
  }
}

/** The mode and the address; the address's help follows the mode as it is chosen, before it is saved. */
function ModeAndAddress(props: {
  savedMode: string;
  savedAddress: string;
  defaultProviderUrl: string;
  defaultProviderFitsLive: boolean;
  errorOf: (field: string) => string | undefined;
}) {
  // Mounted with the form: Discard puts it back to the saved mode with the fields.
  const [mode, setMode] = useState(props.savedMode);
  return (
    <Card>
      <BlockStack gap="300">
        <SelectInput
          name="mode"
          label="Mode"
          initial={props.savedMode}
          onChange={setMode}
          error={props.errorOf("mode")}
          options={[
            { label: "Sandbox (no real parcels)", value: "sandbox" },
            { label: "Live", value: "live" },
          ]}
        />
        <TextInput
          name="providerBaseUrl"
          label="Provider address"
          initial={props.savedAddress}
          // "Leave it empty" only where the mode chosen takes the operator's address (address-help.ts).
          {...providerAddressHelp(mode, props.defaultProviderUrl, props.defaultProviderFitsLive)}
          error={props.errorOf("providerBaseUrl")}
        />
      </BlockStack>
    </Card>
  );
}

export default function ProviderSettings() {
  const { form, defaultProviderUrl, defaultProviderFitsLive, connection, oauthAvailable, pendingConnection, justConnected } =
    useLoaderData<typeof loader>();
  return (
    <SectionPage
      section="provider"
      title="Provider connection"
      subtitle="Sandbox tries everything against the provider simulator; live sends real parcels with your provider account."
      after={
        <Layout.Section>
          <Layout>
            <CredentialsSection
              mode={form.mode}
              connection={connection}
              oauthAvailable={oauthAvailable}
              pendingConnection={pendingConnection}
              justConnected={justConnected}
            />
          </Layout>
        </Layout.Section>
      }
    >
      {({ errorOf }) => (
        <Section title="Mode and address" description="Where the app sends packages, and whether they are real.">
          <ModeAndAddress
            savedMode={form.mode}
            savedAddress={form.providerBaseUrl}
            defaultProviderUrl={defaultProviderUrl}
            defaultProviderFitsLive={defaultProviderFitsLive}
            errorOf={errorOf}
          />
        </Section>
      )}
    </SectionPage>
  );
}
