/**
 * The alert channels' cards on Settings > Notifications: the webhook and the e-mail, their fields in
 * the page's settings form (saved from the save bar), each with its state (failing since, last sent)
 * and its own "Send a test alert" button, which posts apart from the form and answers in its card.
 */
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { CheckboxInput, SelectInput, TextInput } from "~/components/form-inputs";
import { useFormat, useWords } from "~/components/locale";
import { languageOf, type Words } from "~/lib/words";
import type { AlertChannelsView, AlertChannelView } from "./alerts-form";

type ErrorOf = (field: string) => string | undefined;
type Choices = Readonly<Record<string, string>>;
/** A select's options in the catalogue's order, each value named in the admin's words. */
const options = (names: Choices) => Object.entries(names).map(([value, label]) => ({ value, label }));
const SENDER_EXAMPLE = "alerts@example.com";

function useAlertWords() {
  const words: Words["notifications"] = useWords().notifications;
  const labels: Choices = words.labels;
  return { words, label: (field: string) => labels[field] ?? field };
}

interface TestAnswer {
  ok: boolean;
  message: string;
}

/** The channel's state as saved, and its test button (only once saved: there is nothing to send with before). */
function ChannelState({ channel, name }: { channel: AlertChannelView | null; name: "WEBHOOK" | "EMAIL" }) {
  const format = useFormat();
  const { words } = useAlertWords();
  const fetcher = useFetcher<TestAnswer>();
  if (channel === null) return null;
  return (
    <BlockStack gap="200">
      {channel.failingSince !== null && (
        <Banner tone="critical">{words.failing(format.dateTime(channel.failingSince), channel.lastError ?? "")}</Banner>
      )}
      {channel.failingSince === null && channel.lastSentAt !== null && (
        <Text as="p" tone="subdued">
          {words.lastSent(format.dateTime(channel.lastSentAt))}
        </Text>
      )}
      {fetcher.state === "idle" && fetcher.data && <Banner tone={fetcher.data.ok ? "success" : "critical"}>{fetcher.data.message}</Banner>}
      <InlineStack gap="200" blockAlign="center">
        <Button
          loading={fetcher.state !== "idle"}
          onClick={() => fetcher.submit({ intent: "testAlert", channel: name }, { method: "post" })}
        >
          {words.sendTest}
        </Button>
        <Text as="span" tone="subdued">
          {words.sendTestHelp}
        </Text>
      </InlineStack>
    </BlockStack>
  );
}

/** Write-only: never filled from the server; blank keeps the saved password. */
function PasswordInput({ saved, error }: { saved: boolean; error?: string }) {
  const [value, setValue] = useState("");
  const { words, label } = useAlertWords();
  return (
    <TextField
      name="alerts.email.password"
      label={label("alerts.email.password")}
      type="password"
      value={value}
      onChange={setValue}
      autoComplete="new-password"
      helpText={saved ? words.passwordSaved : words.passwordNone}
      error={error}
    />
  );
}

export function AlertChannelCards({ channels, errorOf }: { channels: AlertChannelsView; errorOf: ErrorOf }) {
  const { webhook, email } = channels;
  const { words, label } = useAlertWords();
  // A channel not saved yet writes in the admin's own language.
  const adminLanguage = languageOf(useFormat().locale);
  return (
    <>
      <Card>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {words.webhookTitle}
          </Text>
          <Text as="p" tone="subdued">
            {words.webhookHelp}
          </Text>
          <FormLayout>
            <CheckboxInput name="alerts.webhook.enabled" label={words.enabled.webhook} initial={webhook?.enabled ?? false} />
            <TextInput
              name="alerts.webhook.url"
              label={label("alerts.webhook.url")}
              initial=""
              placeholder={webhook ? undefined : words.webhookNone}
              helpText={webhook?.host ? words.webhookSaved(webhook.host) : undefined}
              error={errorOf("alerts.webhook.url")}
            />
            <SelectInput
              name="alerts.webhook.schedule"
              label={label("alerts.webhook.schedule")}
              options={options(words.schedules)}
              initial={webhook?.schedule ?? "AT_ONCE"}
              error={errorOf("alerts.webhook.schedule")}
            />
            <SelectInput
              name="alerts.webhook.language"
              label={label("alerts.webhook.language")}
              options={options(words.languages)}
              initial={webhook?.language ?? adminLanguage}
              error={errorOf("alerts.webhook.language")}
            />
          </FormLayout>
          <ChannelState channel={webhook} name="WEBHOOK" />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {words.emailTitle}
          </Text>
          <Text as="p" tone="subdued">
            {words.emailHelp}
          </Text>
          <FormLayout>
            <CheckboxInput name="alerts.email.enabled" label={words.enabled.email} initial={email?.enabled ?? false} />
            <FormLayout.Group>
              <TextInput
                name="alerts.email.host"
                label={label("alerts.email.host")}
                initial={email?.host ?? ""}
                error={errorOf("alerts.email.host")}
              />
              <TextInput
                name="alerts.email.port"
                label={label("alerts.email.port")}
                initial={email?.port || "587"}
                error={errorOf("alerts.email.port")}
              />
            </FormLayout.Group>
            <SelectInput
              name="alerts.email.security"
              label={label("alerts.email.security")}
              options={options(words.securities)}
              initial={email?.security ?? "STARTTLS"}
              error={errorOf("alerts.email.security")}
            />
            <FormLayout.Group>
              <TextInput
                name="alerts.email.user"
                label={label("alerts.email.user")}
                initial={email?.user ?? ""}
                helpText={words.userHelp}
                error={errorOf("alerts.email.user")}
              />
              <PasswordInput saved={email?.hasPassword ?? false} error={errorOf("alerts.email.password")} />
            </FormLayout.Group>
            <TextInput
              name="alerts.email.sender"
              label={label("alerts.email.sender")}
              initial={email?.sender ?? ""}
              placeholder={SENDER_EXAMPLE}
              error={errorOf("alerts.email.sender")}
            />
            <TextInput
              name="alerts.email.recipients"
              label={label("alerts.email.recipients")}
              initial={email?.recipients ?? ""}
              helpText={words.recipientsHelp}
              multiline={2}
              error={errorOf("alerts.email.recipients")}
            />
            <SelectInput
              name="alerts.email.schedule"
              label={label("alerts.email.schedule")}
              options={options(words.schedules)}
              initial={email?.schedule ?? "AT_ONCE"}
              error={errorOf("alerts.email.schedule")}
            />
            <SelectInput
              name="alerts.email.language"
              label={label("alerts.email.language")}
              options={options(words.languages)}
              initial={email?.language ?? adminLanguage}
              error={errorOf("alerts.email.language")}
            />
          </FormLayout>
          <ChannelState channel={email} name="EMAIL" />
        </BlockStack>
      </Card>
    </>
  );
}
