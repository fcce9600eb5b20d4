/**
 * What an admin page says when its own call to the provider fails (a live read, a price): the
 * client's messages are written for shipments' timelines ("it is tried again automatically"),
 * which is not true of a page. Here: what happened, what the merchant can do, and the request's
 * reference for the provider's support.
 */
import { ProviderAuthError, ProviderError, ProviderNetworkError, ProviderRateLimitedError, ProviderServerError, ProviderValidationError } from "../fulfilment/errors";

const reference = (error: ProviderError) => {
  const parts = [error.status === undefined ? null : `HTTP ${error.status}`, error.ticketId === undefined ? null : `ticket ${error.ticketId}`].filter((part) => part !== null);
  return parts.length === 0 ? "" : ` (${parts.join(", ")})`;
};

/** The sentence a page shows for `error`, or null when it is not the provider's (let it fail loudly). */
export function providerProblem(error: unknown): string | null {
  if (!(error instanceof ProviderError)) return null;
  if (error instanceof ProviderNetworkError) {
    return `The provider could not be reached${error.timedOut ? " in time" : ""}. Try again in a few minutes; if it keeps failing, check the provider's address in Settings > Provider connection.`;
  }
  if (error instanceof ProviderServerError || error instanceof ProviderRateLimitedError) {
    return `The provider is not answering normally just now${reference(error)}. Try again in a few minutes.`;
  }
  if (error instanceof ProviderAuthError) {
    return `The provider refused the app's credentials${reference(error)}. Connect the provider again in Settings > Provider connection.`;
  }
  if (error instanceof ProviderValidationError) {
    const details = error.errors.map((detail) => (detail.code ? `${detail.code} ${detail.message}` : detail.message)).join("; ");
    return `The provider refused the request${details === "" ? "" : `: ${details}`}${reference(error)}.`;
  }
  return `The provider's answer could not be used${reference(error)}. If it happens again, give this to the app's support: ${error.message}`;
}
