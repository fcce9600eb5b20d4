/**
 * The provider's API as the rest of the app sees it: the client, its auth, its errors, and the
 * schemas and operations table it is built from.
 */
export {
  createFulfilmentClient,
  type CreationOutcome,
  type CreationResult,
  type FulfilmentClient,
  type FulfilmentClientOptions,
  type OperationInput,
  type OperationResponse,
  type OperationResult,
} from "./client.server";
export {
  authorizationUrl,
  codeChallengeOf,
  createProviderOAuth,
  newCodeVerifier,
  staticToken,
  type OAuthTokens,
  type ProviderOAuth,
  type ProviderOAuthOptions,
  type TokenProviderOptions,
} from "./auth.server";
export {
  ProviderAuthError,
  ProviderError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderPreconditionError,
  ProviderRateLimitedError,
  ProviderResponseError,
  ProviderServerError,
  ProviderValidationError,
  providerErrorFromResponse,
  type ProviderErrorDetail,
  type ProviderErrorKind,
  type ProviderRequestInfo,
} from "./errors";
export { FULFILMENT_DEFAULTS, type FulfilmentClientSettings, type RetryPolicy } from "./config";
export type { AuthProvider, FetchFunction, Sleep } from "./transport.server";
export { operations, operationNames, type OperationName, type Operations } from "./operations";
export * from "./schemas";
