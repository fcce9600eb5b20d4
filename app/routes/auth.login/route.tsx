import { useState } from "react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import polarisEnglish from "@shopify/polaris/locales/en.json";
import polarisChinese from "@shopify/polaris/locales/zh-CN.json";
import { visitorLocale } from "~/lib/locale";
import { languageOf, wordsFor } from "~/lib/words";
import { login } from "../../shopify.server";
import { loginErrorMessage, loginShop } from "./error.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

const POLARIS_WORDS = { en: polarisEnglish, "zh-CN": polarisChinese } as const;

// login() redirects to Shopify for a valid shop and returns field errors otherwise. It is handed
// only a shop already checked (loginShop): it reads and logs whatever it is given. The translations
// travel with the loader data to keep them out of the client bundle. Outside the admin, the page
// speaks the link's language, else the browser's (root.tsx writes it as <html lang>).
export async function loader({ request }: LoaderFunctionArgs) {
  const shop = new URL(request.url).searchParams.get("shop");
  const errors = shop === null ? {} : await loginAs(request, shop);
  const locale = languageOf(visitorLocale(request));
  return { errors, locale, polarisTranslations: POLARIS_WORDS[locale] };
}

export async function action({ request }: ActionFunctionArgs) {
  const shop = (await request.formData()).get("shop");
  return { errors: await loginAs(request, typeof shop === "string" ? shop : "") };
}

async function loginAs(request: Request, typed: string) {
  const shop = loginShop(typed);
  if (typeof shop !== "string") return loginErrorMessage(shop);
  const url = new URL("/auth/login", request.url);
  url.searchParams.set("shop", shop);
  return loginErrorMessage(await login(new Request(url, { method: "GET" })));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: wordsFor(data?.locale ?? "en").login.title }];

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const { errors } = actionData ?? loaderData;
  const words = wordsFor(loaderData.locale).login;

  // Outside the admin there is no App Bridge: Polaris' own provider is enough.
  return (
    <AppProvider i18n={loaderData.polarisTranslations}>
      <Page>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h2">
                {words.title}
              </Text>
              <TextField
                type="text"
                name="shop"
                label={words.shopDomain}
                helpText={words.shopDomainHelp}
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop === undefined ? undefined : words.errors[errors.shop]}
              />
              <Button submit>{words.logIn}</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </AppProvider>
  );
}
