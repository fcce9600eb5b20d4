/**
 * The Credentials section of Settings > Provider connection: the account live mode sends with (an
 * API token, checked with the provider before it is stored and never shown again, or a connection
 * through the provider's login), each with its own button and answer.
 */
import { useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { FieldGroupTitle } from "~/components/form-inputs";
import type { ConnectionOffer } from "~/stores/shops/provider-connection-attempts.server";
import type { CredentialsSummary } from "~/stores/shops/provider-credentials.server";
import { Section, type SectionAnswer } from "../app.settings._index/section-page";
import { useFormat, useWords } from "~/components/locale";
import type { Formatter } from "~/lib/format";
import type { Words } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";

/** The connection as the merchant reads it, its dates in the admin's language. */
function connectionText(connection: CredentialsSummary, format: Formatter, allWords: Words): string {
  const words = allWords.settingsProvider;
  const when = format.dateTime;
  switch (connection.kind) {
    case "none":
      return words.notConnected;
    case "staticToken":
      return words.connectedWithToken(when(connection.since), connection.tokenEnding);
    case "oauth":
      return words.connectedWithLogin(
        when(connection.since),
        connection.customerId,
        connection.renewableUntil === null ? null : when(connection.renewableUntil),
      );
    case "unreadable":
      return words.unreadable(textIn(allWords.jobErrors, connection));
  }
}

/** What each button's request is doing while it is on its way. */
const isPending = (words: Words["settingsProvider"], intent: unknown): intent is keyof typeof words.pending =>
  typeof intent === "string" && Object.hasOwn(words.pending, intent);

export interface CredentialsSectionProps {
  mode: "sandbox" | "live";
  connection: CredentialsSummary;
  /** The app has an OAuth client at the provider: "Connect with the provider's login" is offered. */
  oauthAvailable: boolean;
  /** Back from the provider's login: the account waiting for this staff member's confirmation (or why it no longer can be). */
  pendingConnection: ConnectionOffer | null;
  justConnected: boolean;
}

export function CredentialsSection({ mode, connection, oauthAvailable, pendingConnection, justConnected }: CredentialsSectionProps) {
  const format = useFormat();
  const allWords = useWords();
  const words = allWords.settingsProvider;
  const answer = useActionData<SectionAnswer>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [token, setToken] = useState("");
  const pendingIntent = navigation.formData?.get("intent");
  const send = (intent: string, extra: Record<string, string> = {}) => submit({ intent, ...extra }, { method: "post" });
  const tokenError =
    answer && !answer.ok && answer.intent === "saveToken" ? answer.errors.find((e) => e.field === "token")?.message : undefined;
  const mine = answer && answer.intent !== "save" ? answer : undefined;
  return (
    <Section title={words.credentialsTitle} description={words.credentialsDescription}>
      {pendingConnection && (!answer || (answer.intent !== "confirmConnection" && answer.intent !== "declineConnection")) && (
        <Banner
          tone={pendingConnection.ok ? "info" : "critical"}
          title={pendingConnection.ok ? words.connectQuestion(pendingConnection.providerAccount) : words.notConnectedTitle}
          {...(pendingConnection.ok && {
            action: {
              content: words.connect,
              loading: pendingIntent === "confirmConnection",
              onAction: () => send("confirmConnection", { attempt: pendingConnection.attemptId }),
            },
            secondaryAction: { content: words.cancel, onAction: () => send("declineConnection", { attempt: pendingConnection.attemptId }) },
          })}
        >
          {pendingConnection.ok ? words.connectExplained : pendingConnection.problem}
        </Banner>
      )}
      {justConnected && !answer && <Banner tone="success" title={words.connected} />}
      {isPending(words, pendingIntent) ? (
        <Banner tone="info" title={words.pending[pendingIntent]} />
      ) : (
        mine && <Banner tone={mine.ok ? "success" : "critical"} title={mine.message} />
      )}
      <Card>
        <BlockStack gap="300">
          <FieldGroupTitle>{words.account}</FieldGroupTitle>
          <Text as="p" tone={connection.kind === "unreadable" ? "critical" : undefined}>
            {connectionText(connection, format, allWords)}
          </Text>
          {mode === "live" && connection.kind === "none" && <Banner tone="warning">{words.liveNeedsConnection}</Banner>}
          {/* Write-only: the field is never filled from the server, and nothing sent back contains the token. */}
          <TextField
            label={words.token}
            type="password"
            value={token}
            onChange={setToken}
            autoComplete="off"
            error={tokenError}
            helpText={words.tokenHelp}
          />
          <InlineStack gap="200">
            <Button
              onClick={() => {
                send("saveToken", { token });
                setToken("");
              }}
              disabled={token.trim() === ""}
              loading={pendingIntent === "saveToken"}
            >
              {words.saveToken}
            </Button>
            {oauthAvailable && (
              <Button variant="primary" onClick={() => send("connect")}>
                {connection.kind === "oauth" ? words.connectAgain : words.connectWithLogin}
              </Button>
            )}
            {connection.kind !== "none" && (
              <Button tone="critical" variant="plain" onClick={() => send("disconnect")}>
                {words.disconnect}
              </Button>
            )}
          </InlineStack>
        </BlockStack>
      </Card>
    </Section>
  );
}
