// Settings > Checkout rates: the provider's prices offered at checkout through the app's carrier service, and the flat rates behind them.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Layout, Page } from "@shopify/polaris";
import prisma from "~/db.server";
import { env } from "~/env.server";
import {
  carrierServiceCallbackUrl,
  readFlatRatesForm,
  refusalText,
  saveFlatRates,
  turnOffCheckoutRates,
  turnOnCheckoutRates,
} from "~/flows/checkout-rates/registration.server";
import { authenticate } from "~/shopify.server";
import { CHECKOUT_RATES_TIMING } from "~/flows/checkout-rates/answer-rates";
import { getShopSettings } from "~/stores/shops/shop.server";
import { CheckoutRatesCard, type CheckoutRatesAnswer } from "./checkout-rates-card";
import { checkoutRatesFieldLabel } from "./checkout-rates-form";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { useWords } from "~/components/locale";
import { Section } from "../app.settings._index/section-page";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const settings = await getShopSettings(prisma, session.shop);
  return {
    checkoutRates: {
      ...settings.checkoutRates,
      problem: refusalText(settings.checkoutRates.problem, wordsFor(localeOf(request)).settingsCheckoutRates),
      callbackUrl: carrierServiceCallbackUrl(env.SHOPIFY_APP_URL),
      waitSeconds: CHECKOUT_RATES_TIMING.budgetMs / 1000,
    },
  };
}

type Answer = { intent: string } & CheckoutRatesAnswer;

export async function action({ request }: ActionFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const words = wordsFor(localeOf(request)).settingsCheckoutRates;
  switch (intent) {
    case "checkoutRatesOn": {
      const outcome = await turnOnCheckoutRates(prisma, admin, shop, env.SHOPIFY_APP_URL, words);
      return json<Answer>({ intent, ok: outcome.ok, message: outcome.message, errors: [] }, { status: outcome.ok ? 200 : 400 });
    }
    case "checkoutRatesOff": {
      const { message } = await turnOffCheckoutRates(prisma, admin, shop, words);
      return json<Answer>({ intent, ok: true, message, errors: [] });
    }
    case "checkoutRatesSave": {
      const reading = readFlatRatesForm(form, words);
      if (!reading.ok) {
        const errors = reading.errors.map((error) => ({ ...error, label: checkoutRatesFieldLabel(error.field, words) }));
        return json<Answer>({ intent, ok: false, message: words.notSaved, errors }, { status: 400 });
      }
      await saveFlatRates(prisma, shop, reading);
      return json<Answer>({ intent, ok: true, message: words.saved, errors: [] });
    }
    default:
      return json<Answer>({ intent, ok: false, message: words.answers.unknownAction(intent), errors: [] }, { status: 400 });
  }
}

export default function CheckoutRatesSettings() {
  const { checkoutRates } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const words = useWords();
  const pendingIntent = navigation.formData === undefined ? null : String(navigation.formData.get("intent") ?? "");
  return (
    <Page
      title={words.settingsCheckoutRates.title}
      subtitle={words.settingsCheckoutRates.subtitle}
      backAction={{ content: words.settings.title, url: "/app/settings" }}
    >
      <Layout>
        <Section title={words.settingsCheckoutRates.sectionTitle} description={words.settingsCheckoutRates.sectionDescription}>
          <CheckoutRatesCard
            key={JSON.stringify(checkoutRates)}
            view={checkoutRates}
            answer={answer ?? null}
            pendingIntent={pendingIntent}
          />
        </Section>
      </Layout>
    </Page>
  );
}
