// Settings > Notifications: who is told what, and when: the customers by Shopify, the merchant by alerts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { CheckboxInput } from "~/components/form-inputs";
import prisma from "~/db.server";
import { sendTestAlert } from "~/flows/alerts/test-alert.server";
import { ChannelName } from "~/stores/alerts/channels.server";
import { authenticate } from "~/shopify.server";
import { appAlertDeps } from "~/wiring/alerts.server";
import { Section, SectionPage, type SectionAnswer } from "../app.settings._index/section-page";
import { refuseAtFields } from "../app.settings._index/form.server";
import { saveSection, sectionForm } from "../app.settings._index/section.server";
import { AlertChannelCards } from "./alert-channels";
import { alertChannelsView, readAlertChannels } from "./alerts.server";
import { useWords } from "~/components/locale";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { channelFailureText } from "~/lib/words/channel-failure-said";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form, alerts: await alertChannelsView(session.shop, wordsFor(localeOf(request))) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const words = wordsFor(localeOf(request));
  const form = await request.formData();
  if (form.get("intent") === "testAlert") {
    const channel = ChannelName.safeParse(form.get("channel"));
    if (!channel.success)
      return json<SectionAnswer>(
        { intent: "testAlert", ok: false, message: words.notifications.unknownChannel, errors: [] },
        { status: 400 },
      );
    const outcome = await sendTestAlert(prisma, shop, channel.data, appAlertDeps());
    const intent = `testAlert:${channel.data}`;
    if (outcome.sent) return json<SectionAnswer>({ intent, ok: true, message: words.notifications.testSent[channel.data] });
    const message =
      "error" in outcome
        ? words.notifications.testFailed[channel.data](channelFailureText(words, outcome.error))
        : words.notifications.notSaved;
    return json<SectionAnswer>({ intent, ok: false, message, errors: [] }, { status: 400 });
  }
  let alerts: Awaited<ReturnType<typeof readAlertChannels>> | undefined;
  return saveSection(
    "notifications",
    shop,
    form,
    words,
    async () => {
      alerts = await readAlertChannels(shop, form, words);
      return alerts.ok ? null : refuseAtFields("notifications", form, alerts.fieldErrors, words);
    },
    () => (alerts?.ok ? alerts.save() : Promise.resolve()),
  );
}

export default function NotificationSettings() {
  const { form, alerts } = useLoaderData<typeof loader>();
  const words = useWords().notifications;
  return (
    <SectionPage section="notifications" title={words.title} subtitle={words.subtitle}>
      {({ errorOf }) => (
        <>
          <Section title={words.customersTitle} description={words.customersDescription}>
            <Card>
              <BlockStack gap="200">
                <CheckboxInput name="notifyCustomer" label={words.notifyCustomer} initial={form.notifyCustomer} />
                <Text as="p" tone="subdued">
                  {words.notifyCustomerHelp}
                </Text>
              </BlockStack>
            </Card>
          </Section>
          <Section title={words.sectionTitle} description={words.sectionDescription}>
            <AlertChannelCards channels={alerts} errorOf={errorOf} />
          </Section>
        </>
      )}
    </SectionPage>
  );
}
