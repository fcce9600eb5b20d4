import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { login } from "../../shopify.server";
import styles from "./styles.module.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Opened from the Shopify admin (or an install link): go straight into the embedded app.
  if (url.searchParams.get("shop")) {
    throw redirect(`/app?${url.searchParams.toString()}`);
  }
  return { showForm: Boolean(login) };
}

export default function Landing() {
  const { showForm } = useLoaderData<typeof loader>();

  return (
    <div className={styles.index}>
      <div className={styles.content}>
        <h1 className={styles.heading}>Fulfilment connector</h1>
        <p className={styles.text}>
          Send your Shopify orders to your overseas fulfilment provider and give your customers tracking as soon as their parcel ships.
        </p>
        {showForm && (
          <Form className={styles.form} method="post" action="/auth/login">
            <label className={styles.label}>
              <span>Shop domain</span>
              <input className={styles.input} type="text" name="shop" />
              <span>e.g. my-shop-domain.myshopify.com</span>
            </label>
            <button className={styles.button} type="submit">
              Log in
            </button>
          </Form>
        )}
        <ul className={styles.list}>
          <li>
            <strong>Hands-off orders</strong>. Orders reach the warehouse without anyone touching them, and none is ever shipped twice.
          </li>
          <li>
            <strong>Reasons you can act on</strong>. An order that cannot go says why, so you can fix it and send it again.
          </li>
          <li>
            <strong>Tracking for your customers</strong>. Shipping confirmations with tracking links, and delivery updates as the provider
            reports them.
          </li>
        </ul>
      </div>
    </div>
  );
}
