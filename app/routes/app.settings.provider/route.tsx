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
import { languageOf, wordsFor } from "~/lib/words";
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
import { addressRefusalIn } from "~/lib/public-address.server";
import { tokenRefusal, type TokenRefusal } from "~/wiring/provider-checks.server";
import { providerProblem } from "~/connector/provider-problem";
import { useWords } from "~/components/locale";
import type { Words } from "~/lib/words";
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

/** Why the token was not saved, in the admin's words (the provider's own words as it said them). */
function tokenRefusalIn(allWords: Words, refusal: TokenRefusal): string {
  const words = allWords.settingsProvider;
  switch (refusal.kind) {
    case "addressUnusable":
      return words.tokenErrors.addressUnusable(addressRefusalIn(allWords, refusal.why));
    case "refused":
      return words.tokenErrors.refused;
    case "noAnswer":
      return "said" in refusal
        ? words.tokenErrors.noAnswer(refusal.said)
        : words.tokenErrors.notChecked(providerProblem(refusal.failure, allWords.providerProblems));
    case "answered":
      return "said" in refusal
        ? words.tokenErrors.answered(refusal.said)
        : words.tokenErrors.notChecked(providerProblem(refusal.failure, allWords.providerProblems));
  }
}

/** What is wrong with the token as typed (ApiToken's rules), in the admin's words. */
function tokenMistakeIn(words: Words["settingsProvider"], issue: { code: string; maximum?: unknown } | undefined): string {
  if (issue?.code === "too_small") return words.tokenErrors.required;
  if (issue?.code === "too_big") return words.tokenErrors.tooLong(String(issue.maximum));
  return words.tokenErrors.characters;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  const words = wordsFor(localeOf(request)).settingsProvider;
  const shop = session.shop;
  const query = new URL(request.url).searchParams;
  const justConnected = query.get("connected") === "oauth";
  // Back from the provider's login (/provider-oauth/callback): the attempt waiting for the staff member
  // who pressed Connect, asked only of them. After confirming, the address still names it (the
  // library's redirect keeps the page's query): the confirmation's own banner says what happened.
  const attempt = justConnected ? null : query.get("provider_attempt");
  const offer = attempt === null ? null : await connectionOffer(prisma, attempt, { shop, staffMember: String(sessionToken.sub) });
  // Why it can no longer be connected, in the admin's words.
  const pendingConnection = offer === null || offer.ok ? offer : { ...offer, problem: words.problems[offer.reason] };
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
  const allWords = wordsFor(localeOf(request));
  const words = allWords.settingsProvider;
  const tokenNotSaved = (message: string) => refused(intent, words.tokenNotSaved, [{ field: "token", label: words.token, message }]);
  switch (intent) {
    case "save":
      return saveSection("provider", shop, form, allWords);
    case "saveToken": {
      const token = ApiToken.safeParse(form.get("token") ?? "");
      if (!token.success) return tokenNotSaved(tokenMistakeIn(words, token.error.issues[0]));
      // Checked with the provider first: a token it refuses is never saved, and the one in use stays.
      const refusal = await tokenRefusal(shop, token.data);
      if (refusal !== null) return tokenNotSaved(tokenRefusalIn(allWords, refusal));
      await saveApiToken(prisma, shop, token.data);
      return json<SectionAnswer>({ intent, ok: true, message: words.tokenSaved });
    }
    case "disconnect": {
      await forgetProviderCredentials(prisma, shop);
      return json<SectionAnswer>({ intent, ok: true, message: words.disconnected });
    }
    case "connect": {
      try {
        // The top window to the app's own start page (a cookie can be set there, not in this frame),
        // which sends the merchant to the provider's login; it comes back through /provider-oauth/callback.
        const start = new URL(await startProviderConnection(prisma, starter, appProviderOAuth(env), env));
        // The start page is outside the admin: told the admin's language, it refuses in it.
        start.searchParams.set("locale", languageOf(localeOf(request)));
        return topWindowTo(start.toString());
      } catch (error) {
        // The only refusal here: this installation has no OAuth client at the provider.
        if (error instanceof ProviderNotConnected) return refused(intent, words.loginNotSetUp);
        throw error;
      }
    }
    case "confirmConnection": {
      try {
        await confirmProviderConnection(prisma, String(form.get("attempt") ?? ""), starter);
      } catch (error) {
        if (error instanceof ConnectionAttemptRefused) return refused(intent, words.problems[error.problem]);
        throw error;
      }
      return redirect("/app/settings/provider?connected=oauth");
    }
    case "declineConnection": {
      await dropConnectionAttempt(prisma, String(form.get("attempt") ?? ""), starter);
      return json<SectionAnswer>({ intent, ok: true, message: words.declined });
    }
    default:
      return refused(intent, allWords.settings.unknownAction(intent));
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
  const allWords = useWords();
  const words = allWords.settingsProvider;
  return (
    <Card>
      <BlockStack gap="300">
        <SelectInput
          name="mode"
          label={words.mode}
          initial={props.savedMode}
          onChange={setMode}
          error={props.errorOf("mode")}
          options={[
            { label: words.modes.sandbox, value: "sandbox" },
            { label: words.modes.live, value: "live" },
          ]}
        />
        <TextInput
          name="providerBaseUrl"
          label={words.address}
          initial={props.savedAddress}
          // "Leave it empty" only where the mode chosen takes the operator's address (address-help.ts).
          {...providerAddressHelp(mode, props.defaultProviderUrl, props.defaultProviderFitsLive, allWords)}
          error={props.errorOf("providerBaseUrl")}
        />
      </BlockStack>
    </Card>
  );
}

export default function ProviderSettings() {
  const { form, defaultProviderUrl, defaultProviderFitsLive, connection, oauthAvailable, pendingConnection, justConnected } =
    useLoaderData<typeof loader>();
  const words = useWords().settingsProvider;
  return (
    <SectionPage
      section="provider"
      title={words.title}
      subtitle={words.subtitle}
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
        <Section title={words.modeTitle} description={words.modeDescription}>
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
