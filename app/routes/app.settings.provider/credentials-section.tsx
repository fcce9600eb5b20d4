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
import { useFormat } from "~/components/locale";
import type { Formatter } from "~/lib/format";

/** The connection as the merchant reads it, its dates in the admin's language. */
function connectionText(connection: CredentialsSummary, format: Formatter): string {
  const when = format.dateTime;
  switch (connection.kind) {
    case "none":
      return "Not connected: live mode needs an API token or a connection through the provider's login.";
    case "staticToken":
      return `Connected with an API token since ${when(connection.since)}${connection.tokenEnding === null ? "" : ` (token ending ${connection.tokenEnding})`}.`;
    case "oauth":
      return (
        `Connected through the provider's login since ${when(connection.since)}` +
        (connection.customerId === null ? "" : ` (account ${connection.customerId})`) +
        (connection.renewableUntil === null ? "." : `; renews itself until ${when(connection.renewableUntil)}.`)
      );
    case "unreadable":
      return connection.message;
  }
}

const PENDING: Record<string, string> = {
  saveToken: "Checking the API token with the provider…",
  disconnect: "Disconnecting…",
  connect: "Opening the provider's login…",
  confirmConnection: "Connecting the provider account…",
  declineConnection: "Cancelling…",
};

/** The question, whole, with the account as its one value (a catalogue translates it as it stands). */
const connectQuestion = (account: string | null) =>
  account === null ? "Connect your provider account to this store?" : `Connect provider account ${account} to this store?`;

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
    <Section title="Credentials" description="The account live mode sends with. The sandbox needs none.">
      {pendingConnection && (!answer || (answer.intent !== "confirmConnection" && answer.intent !== "declineConnection")) && (
        <Banner
          tone={pendingConnection.ok ? "info" : "critical"}
          title={pendingConnection.ok ? connectQuestion(pendingConnection.providerAccount) : "The provider was not connected"}
          {...(pendingConnection.ok && {
            action: {
              content: "Connect",
              loading: pendingIntent === "confirmConnection",
              onAction: () => send("confirmConnection", { attempt: pendingConnection.attemptId }),
            },
            secondaryAction: { content: "Cancel", onAction: () => send("declineConnection", { attempt: pendingConnection.attemptId }) },
          })}
        >
          {pendingConnection.ok
            ? "You approved this account at the provider. Nothing changes for this store until you connect it here."
            : pendingConnection.problem}
        </Banner>
      )}
      {justConnected && !answer && <Banner tone="success" title="Connected to the provider." />}
      {typeof pendingIntent === "string" && PENDING[pendingIntent] ? (
        <Banner tone="info" title={PENDING[pendingIntent]} />
      ) : (
        mine && <Banner tone={mine.ok ? "success" : "critical"} title={mine.message} />
      )}
      <Card>
        <BlockStack gap="300">
          <FieldGroupTitle>Your provider account</FieldGroupTitle>
          <Text as="p" tone={connection.kind === "unreadable" ? "critical" : undefined}>
            {connectionText(connection, format)}
          </Text>
          {mode === "live" && connection.kind === "none" && (
            <Banner tone="warning">Shipments cannot reach the provider in live mode until it is connected.</Banner>
          )}
          {/* Write-only: the field is never filled from the server, and nothing sent back contains the token. */}
          <TextField
            label="API token"
            type="password"
            value={token}
            onChange={setToken}
            autoComplete="off"
            error={tokenError}
            helpText="Pasted from the provider's developer settings. Checked with the provider before it is saved; stored encrypted, never shown again."
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
              Check and save the token
            </Button>
            {oauthAvailable && (
              <Button variant="primary" onClick={() => send("connect")}>
                {connection.kind === "oauth" ? "Connect again" : "Connect with the provider's login"}
              </Button>
            )}
            {connection.kind !== "none" && (
              <Button tone="critical" variant="plain" onClick={() => send("disconnect")}>
                Disconnect
              </Button>
            )}
          </InlineStack>
        </BlockStack>
      </Card>
    </Section>
  );
}
