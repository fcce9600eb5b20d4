/**
 * Why an alert channel could not send (app/flows/alerts/send.server.ts), said by its key (decision
 * 0045) so Home and "Send a test alert" say it in the admin's language; a refused address is said
 * by `publicAddress`, and what a mail server or the network said is quoted as it said it.
 * Fragments, not sentences: Home and the test's answer put them inside their own sentence.
 */
export const channelRefusals = {
  noWebhookAddress: () => "no webhook address is saved",
  noMailServer: () => "no mail server is saved",
  /** `status` is the HTTP status the webhook answered with ("302"). */
  webhookRedirects: (status: string) => `the webhook redirects (${status}), which is not followed`,
  webhookAnswered: (status: string) => `the webhook answered ${status}`,
};
