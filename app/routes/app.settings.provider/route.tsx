// Settings > Provider connection: sandbox or live, the provider's address, and the account the app sends with.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { BlockStack, Card, Layout } from "@shopify/polaris";
import { SelectInput, TextInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { ProviderError } from "~/fulfilment";
import { authenticate } from "~/shopify.server";
import { appProviderOAuth, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import {
  ApiToken,
  checkParkedAnswer,
  finishProviderConnection,
  providerAuthorizationUrl,
  saveApiToken,
} from "~/stores/shops/provider-credentials-connection.server";
import { InvalidOAuthState } from "~/stores/shops/provider-credentials-oauth-state.server";
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

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  const shop = session.shop;
  // The provider's answer, sealed by /provider-oauth/callback, waiting for the staff member who pressed Connect.
  const parked = new URL(request.url).searchParams.get("provider_connection");
  const pendingConnection =
    parked === null ? null : { parked, ...(await checkParkedAnswer(prisma, parked, { shop, user: String(sessionToken.sub) }, env)) };
  return {
    form: (await sectionForm(shop)).form,
    connection: await readCredentialsSummary(prisma, shop),
    oauthAvailable: appProviderOAuth(env) !== null,
    defaultProviderUrl: env.PROVIDER_BASE_URL,
    defaultProviderFitsLive: await defaultProviderFitsLive(),
    justConnected: new URL(request.url).searchParams.get("connected") === "oauth",
    pendingConnection,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, redirect, sessionToken } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  switch (intent) {
    case "save":
      return saveSection("provider", shop, form);
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
        // Out of Shopify's admin frame to the provider's login; it sends the merchant back to /provider-oauth/callback.
        return redirect(await providerAuthorizationUrl(prisma, { shop, user: String(sessionToken.sub) }, appProviderOAuth(env), env), {
          target: "_top",
        });
      } catch (error) {
        if (error instanceof ProviderNotConnected) return refused(intent, error.message);
        throw error;
      }
    }
    case "finishConnect": {
      try {
        await finishProviderConnection(
          prisma,
          String(form.get("parked") ?? ""),
          { shop, user: String(sessionToken.sub) },
          appProviderOAuth(env),
          env,
        );
      } catch (error) {
        if (error instanceof InvalidOAuthState || error instanceof ProviderNotConnected) return refused(intent, error.message);
        // The provider refused the code (used, expired) or could not be reached: its words, never a secret (errors.ts redacts them).
        if (error instanceof ProviderError) return refused(intent, `${error.message} Press Connect again.`);
        throw error;
      }
      // Off the answer's address, so a reload does not offer it again.
      return redirect("/app/settings/provider?connected=oauth");
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
