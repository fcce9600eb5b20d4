/**
 * What an admin page says when its own call to the provider fails (a live read, a price). The
 * client's messages are written for shipments' timelines ("it is tried again automatically"),
 * which is not true of a page: here, what happened, what the merchant can do, and the request's
 * reference for the provider's support, in the admin's language. Pure: it reads the fields of the client's ProviderError
 * (app/fulfilment/errors.ts), which the caller has recognised.
 */

export interface ProviderFailure {
  /** ProviderError's kind: "network", "server", "rate-limited", "auth", "validation", ... */
  readonly kind: string;
  readonly status: number | undefined;
  readonly ticketId: string | undefined;
  readonly errors: readonly { readonly code: string; readonly message: string }[];
  /** Network failures: no answer in time, rather than no connection. */
  readonly timedOut?: boolean;
  readonly message: string;
}

/**
 * The sentences a page says a failure by, in the admin's language (`words.providerProblems`): the
 * connector chooses the sentence and its arguments, the page's catalogue words it (the connector
 * does not read the catalogue, app/connector/boundaries.test.ts).
 */
export interface ProviderProblemSentences {
  readonly unreachable: string;
  readonly unreachableInTime: string;
  notAnswering(reference: string): string;
  credentialsRefused(reference: string): string;
  refused(reference: string): string;
  refusedBecause(details: string, reference: string): string;
  unusable(reference: string, message: string): string;
  reference(status: string, ticket: string): string;
  readonly detailsSeparator: string;
}

/** What the page says of this failure, in these words; the provider's codes and messages as it wrote them. */
export function providerProblem(failure: ProviderFailure, says: ProviderProblemSentences): string {
  const reference = says.reference(failure.status === undefined ? "" : String(failure.status), failure.ticketId ?? "");
  switch (failure.kind) {
    case "network":
      return failure.timedOut === true ? says.unreachableInTime : says.unreachable;
    case "server":
    case "rate-limited":
      return says.notAnswering(reference);
    case "auth":
      return says.credentialsRefused(reference);
    case "validation": {
      const details = failure.errors
        .map((detail) => (detail.code ? `${detail.code} ${detail.message}` : detail.message))
        .join(says.detailsSeparator);
      return details === "" ? says.refused(reference) : says.refusedBecause(details, reference);
    }
    default:
      return says.unusable(reference, failure.message);
  }
}
