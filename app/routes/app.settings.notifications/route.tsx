// Settings > Notifications: who is told what, and when.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { CheckboxInput } from "~/components/form-inputs";
import { authenticate } from "~/shopify.server";
import { Section, SectionPage } from "../app.settings._index/section-page";
import { saveSection, sectionForm } from "../app.settings._index/section.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return { form: (await sectionForm(session.shop)).form };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return saveSection("notifications", session.shop, await request.formData());
}

export default function NotificationSettings() {
  const { form } = useLoaderData<typeof loader>();
  return (
    <SectionPage section="notifications" title="Notifications" subtitle="Who is told what, and when.">
      {() => (
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
      )}
    </SectionPage>
  );
}
