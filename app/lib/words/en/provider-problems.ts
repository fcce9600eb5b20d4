/**
 * What an admin page says when its own call to the provider fails (app/connector/provider-problem.ts
 * chooses the sentence): what happened, what the merchant can do, and the request's reference for the
 * provider's support. The provider's own words are quoted as it said them.
 */
export const providerProblems = {
  unreachable:
    "The provider could not be reached. Try again in a few minutes; if it keeps failing, check the provider's address in Settings > Provider connection.",
  unreachableInTime:
    "The provider could not be reached in time. Try again in a few minutes; if it keeps failing, check the provider's address in Settings > Provider connection.",
  /** `reference`: the request's status and ticket (`reference`), or "". */
  notAnswering: (reference: string) => `The provider is not answering normally just now${reference}. Try again in a few minutes.`,
  credentialsRefused: (reference: string) =>
    `The provider refused the app's credentials${reference}. Connect the provider again in Settings > Provider connection.`,
  refused: (reference: string) => `The provider refused the request${reference}.`,
  /** `details`: what the provider said, its codes and messages as it wrote them. */
  refusedBecause: (details: string, reference: string) => `The provider refused the request: ${details}${reference}.`,
  unusable: (reference: string, message: string) =>
    `The provider's answer could not be used${reference}. If it happens again, give this to the app's support: ${message}`,
  /** " (HTTP 503, ticket T-1)": "" for either part the failure does not have. */
  reference: (status: string, ticket: string) => {
    const parts = [status === "" ? null : `HTTP ${status}`, ticket === "" ? null : `ticket ${ticket}`].filter((part) => part !== null);
    return parts.length === 0 ? "" : ` (${parts.join(", ")})`;
  },
  detailsSeparator: "; ",
};
