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
import { ALERTS_WORDS } from "./words";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form, alerts: await alertChannelsView(session.shop) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  if (form.get("intent") === "testAlert") {
    const channel = ChannelName.safeParse(form.get("channel"));
    if (!channel.success)
      return json<SectionAnswer>({ intent: "testAlert", ok: false, message: "Unknown channel.", errors: [] }, { status: 400 });
    const outcome = await sendTestAlert(prisma, shop, channel.data, appAlertDeps());
    const to = ALERTS_WORDS.testTo[channel.data] ?? "";
    if (outcome.sent) return json<SectionAnswer>({ intent: `testAlert:${channel.data}`, ok: true, message: ALERTS_WORDS.testSent(to) });
    const message = "error" in outcome ? ALERTS_WORDS.testFailed(to, outcome.error) : ALERTS_WORDS.notSaved;
    return json<SectionAnswer>({ intent: `testAlert:${channel.data}`, ok: false, message, errors: [] }, { status: 400 });
  }
  let alerts: Awaited<ReturnType<typeof readAlertChannels>> | undefined;
  return saveSection(
    "notifications",
    shop,
    form,
    async () => {
      alerts = await readAlertChannels(shop, form);
      return alerts.ok ? null : refuseAtFields("notifications", form, alerts.fieldErrors);
    },
    () => (alerts?.ok ? alerts.save() : Promise.resolve()),
  );
}

export default function NotificationSettings() {
  const { form, alerts } = useLoaderData<typeof loader>();
  return (
    <SectionPage section="notifications" title="Notifications" subtitle="Who is told what, and when.">
      {({ errorOf }) => (
        <>
          <Section title="Customers" description="What Shopify tells your customers when the provider ships their parcel.">
            <Card>
              <BlockStack gap="200">
                <CheckboxInput name="notifyCustomer" label="Email the customer when tracking is added" initial={form.notifyCustomer} />
                <Text as="p" tone="subdued">
                  Shopify sends its shipping confirmation, with the tracking number and link, as each fulfilment is created.
                </Text>
              </BlockStack>
            </Card>
          </Section>
          <Section title={ALERTS_WORDS.sectionTitle} description={ALERTS_WORDS.sectionDescription}>
            <AlertChannelCards channels={alerts} errorOf={errorOf} />
          </Section>
        </>
      )}
    </SectionPage>
  );
}
