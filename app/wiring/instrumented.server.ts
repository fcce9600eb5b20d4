/**
 * The app's calls to Shopify and to the provider, timed into the metrics (app/metrics), labelled
 * by operation and outcome only: which shop was slow is for the logs, not a label (decision 0020).
 */
import type { FulfilmentClientOptions } from "~/fulfilment";
import { providerCalls, shopifyCalls } from "~/metrics/metrics.server";
import { operationName, type AdminGraphql } from "~/shopify/admin-graphql.server";

/** The provider transport's observer: every operation's calls, retries included, with their outcome. */
export const observeProviderCall: NonNullable<FulfilmentClientOptions["observe"]> = ({ operation, outcome, durationMs }) =>
  providerCalls.observe({ operation, outcome }, durationMs / 1000);

/** `admin` with each GraphQL document it sends timed by its operation name; a refusal (thrown or 4xx/5xx) is an error. */
export function instrumentedAdmin(admin: AdminGraphql): AdminGraphql {
  return {
    async graphql(query, options) {
      const operation = operationName(query);
      const started = Date.now();
      const seconds = () => (Date.now() - started) / 1000;
      try {
        const response = await admin.graphql(query, options);
        shopifyCalls.observe({ operation, outcome: response.status >= 400 ? "error" : "ok" }, seconds());
        return response;
      } catch (error) {
        shopifyCalls.observe({ operation, outcome: "error" }, seconds());
        throw error;
      }
    },
  };
}
