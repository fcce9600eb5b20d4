import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { visitorLocale } from "~/lib/locale";
import { languageOf, wordsFor } from "~/lib/words";
import { login } from "../../shopify.server";
import styles from "./styles.module.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Opened from the Shopify admin (or an install link): go straight into the embedded app.
  if (url.searchParams.get("shop")) {
    throw redirect(`/app?${url.searchParams.toString()}`);
  }
  // Outside the admin: the link's language, else the browser's (root.tsx writes it as <html lang>).
  return { showForm: Boolean(login), locale: languageOf(visitorLocale(request)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: wordsFor(data?.locale ?? "en").landing.title }];

export default function Landing() {
  const { showForm, locale } = useLoaderData<typeof loader>();
  const words = wordsFor(locale).landing;

  return (
    <div className={styles.index}>
      <div className={styles.content}>
        <h1 className={styles.heading}>{words.title}</h1>
        <p className={styles.text}>{words.intro}</p>
        {showForm && (
          // The login page answers in the language this page chose.
          <Form className={styles.form} method="post" action={`/auth/login?locale=${locale}`}>
            <label className={styles.label}>
              <span>{words.shopDomain}</span>
              <input className={styles.input} type="text" name="shop" />
              <span>{words.shopDomainExample}</span>
            </label>
            <button className={styles.button} type="submit">
              {words.logIn}
            </button>
          </Form>
        )}
        <ul className={styles.list}>
          {Object.entries(words.features).map(([key, feature]) => (
            <li key={key}>
              <strong className={styles.feature}>{feature.title}</strong>
              {feature.text}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
