/**
 * What an admin page says when its own call to the provider fails (a live read, a price). The
 * client's messages are written for shipments' timelines ("it is tried again automatically"),
 * which is not true of a page: here, what happened, what the merchant can do, and the request's
 * reference for the provider's support. Pure: it reads the fields of the client's ProviderError
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

const reference = (failure: ProviderFailure) => {
  const parts = [
    failure.status === undefined ? null : `HTTP ${failure.status}`,
    failure.ticketId === undefined ? null : `ticket ${failure.ticketId}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? "" : ` (${parts.join(", ")})`;
};

export function providerProblem(failure: ProviderFailure): string {
  switch (failure.kind) {
    case "network":
      return `The provider could not be reached${failure.timedOut === true ? " in time" : ""}. Try again in a few minutes; if it keeps failing, check the provider's address in Settings > Provider connection.`;
    case "server":
    case "rate-limited":
      return `The provider is not answering normally just now${reference(failure)}. Try again in a few minutes.`;
    case "auth":
      return `The provider refused the app's credentials${reference(failure)}. Connect the provider again in Settings > Provider connection.`;
    case "validation": {
      const details = failure.errors.map((detail) => (detail.code ? `${detail.code} ${detail.message}` : detail.message)).join("; ");
      return `The provider refused the request${details === "" ? "" : `: ${details}`}${reference(failure)}.`;
    }
    default:
      return `The provider's answer could not be used${reference(failure)}. If it happens again, give this to the app's support: ${failure.message}`;
  }
}
