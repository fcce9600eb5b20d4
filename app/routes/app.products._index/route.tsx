// Products: every Shopify variant beside the provider's record of its SKU, and the SKU registration
// with its progress. Each SKU's entry (provider SKU, customs data, size) is set on its own page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { BlockStack, Layout, Page, Text } from "@shopify/polaris";
import { useRefreshWhile } from "~/components/live-data";
import { RunProgress, runViewOf } from "~/components/run-progress";
import prisma from "~/db.server";
import { startCatalogueRead } from "~/flows/catalogue/read.server";
import { startRegistration } from "~/flows/catalogue/register.server";
import { useFormat, useWords } from "~/components/locale";
import { formatterFor } from "~/lib/format";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { authenticate } from "~/shopify.server";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { productsListQuery } from "./list-query";
import { ProductsTable } from "./products-table";
import { missingSkus, productsPage, productsQueryOf, type ProductFilter } from "./products.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const query = productsQueryOf(new URL(request.url).searchParams);
  const [read, registration] = await Promise.all([latestRun(prisma, shop, "CATALOGUE_READ"), latestRun(prisma, shop, "SKU_REGISTER")]);
  // The run the merchant is watching: one under way, else the latest to end.
  const runs = [read, registration].flatMap((run) => (run === null ? [] : [run]));
  const run =
    runs.find((candidate) => candidate.status === "RUNNING") ??
    runs.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())[0] ??
    null;
  // The page needs how many are missing, not their SKUs (thousands at a big merchant): the action reads them.
  const page = await productsPage(prisma, shop, query);
  return { ...page, filter: query.filter, search: query.search, run: runViewOf(run) };
}

type Answer = { intent: string; ok: boolean; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const words = wordsFor(localeOf(request)).products;
  const number = formatterFor(localeOf(request)).number;
  switch (intent) {
    case "refresh": {
      await startCatalogueRead(prisma, shop, "MERCHANT");
      return json<Answer>({ intent, ok: true, message: words.reading });
    }
    case "register":
    case "registerMissing": {
      const skus =
        intent === "registerMissing"
          ? await missingSkus(prisma, shop)
          : form
              .getAll("sku")
              .map(String)
              .filter((sku) => sku.trim() !== "");
      if (skus.length === 0) return json<Answer>({ intent, ok: false, message: words.nothingToRegister }, { status: 400 });
      await startRegistration(prisma, shop, skus, "MERCHANT");
      return json<Answer>({ intent, ok: true, message: words.registering(skus.length, number(skus.length)) });
    }
    default:
      return json<Answer>({ intent, ok: false, message: words.unknownAction(intent) }, { status: 400 });
  }
}

export default function Products() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const words = useWords().products;
  const format = useFormat();
  const running = data.run?.status === "RUNNING";
  useRefreshWhile(running);

  const pending = navigation.formData?.get("intent");
  const go = (changes: { state?: ProductFilter; page?: number; q?: string }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.state !== undefined) next.set("state", changes.state);
    if (changes.q !== undefined) next.set("q", changes.q);
    next.set("page", String(changes.page ?? 1));
    navigate(`?${next.toString()}`, { preventScrollReset: true });
  };
  const send = (intent: string, extra: [string, string][] = []) => submit([["intent", intent], ...extra], { method: "post" });

  return (
    <Page
      title={words.title}
      subtitle={words.subtitle}
      primaryAction={{
        content: words.registerAllMissing(format.number(data.missingCount)),
        disabled: data.missingCount === 0 || running,
        loading: pending === "registerMissing",
        onAction: () => send("registerMissing"),
      }}
      secondaryActions={[{ content: words.readAgain, disabled: running, loading: pending === "refresh", onAction: () => send("refresh") }]}
    >
      <Layout>
        {/* One place for the run and the last answer, so neither pushes the table when it appears. */}
        <Layout.Section>
          <BlockStack gap="300">
            <RunProgress
              run={data.run}
              title={data.run?.kind === "SKU_REGISTER" ? words.registration : words.catalogueRead}
              done={data.run?.kind === "SKU_REGISTER" ? words.skusDone : words.variantsDone}
              idle={words.notReadYet}
            />
            {/* Always there, one line high: an answer appearing does not move the table. Successes show in the run above. */}
            <div style={{ minHeight: "1.25rem" }} role="status">
              {answer && !answer.ok && (
                <Text as="p" tone="critical">
                  {answer.message}
                </Text>
              )}
            </div>
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          <ProductsTable
            rows={data.rows}
            counts={data.counts}
            filter={data.filter}
            search={data.search}
            page={data.page}
            pages={data.pages}
            neverRead={data.catalogueReadAt === null && data.counts.ALL === 0}
            running={running}
            query={productsListQuery(searchParams)}
            registered={answer?.ok === true && (answer.intent === "register" || answer.intent === "registerMissing")}
            go={go}
            readCatalogue={() => send("refresh")}
            register={(skus) =>
              send(
                "register",
                skus.map((sku) => ["sku", sku]),
              )
            }
          />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
