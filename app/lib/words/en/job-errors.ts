/**
 * Why work in the background stopped, as a job stores it (decision 0045): a job that gives up
 * because a person must act keeps the key of its sentence here and the arguments (`Job.lastErrorSay`),
 * so the stopped jobs list and the dead-job alert say it in the merchant's language; its English
 * `lastError` is made from this module. Every sentence is a function of plain strings (what a JSON
 * column keeps); "" stands for something not given. Names of settings the operator sets
 * (PROVIDER_CLIENT_ID…) stay as written: they are typed as they are.
 */
import { formatDate } from "~/lib/format";
import { jobName } from "../job-name";
import { plural } from "./plural";
import { shipments } from "./shipments";

const reconnect = "Connect the provider again in Settings > Provider connection.";

/** A day as stored (ISO: written in UTC) or already written by the page in the shop's zone. */
export const dayWritten = (at: string, locale: string) => (/^\d{4}-\d{2}-\d{2}T/.test(at) ? formatDate(at, locale) : at);

export const jobErrors = {
  providerNotConnected: (shop: string) =>
    `Live mode needs a connection to the provider, and none is saved for ${shop}: ` +
    "connect the provider or enter its API token in Settings > Provider connection, then retry.",
  oauthCannotRenew: (shop: string) =>
    `${shop} is connected to the provider through OAuth, but this installation has no PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET to renew the connection with. ` +
    "Ask the app's operator to set them, or enter an API token in Settings > Provider connection.",
  credentialsInOtherFormat: (shop: string) =>
    `The provider credentials stored for ${shop} are not in a format this app writes. ${reconnect}`,
  /** `oldKeys`: the ids of PROVIDER_CREDENTIALS_OLD_KEYS, joined by ", "; "" when there are none. */
  credentialsUnderOtherKey: (shop: string, keyId: string, currentKeyId: string, oldKeys: string) =>
    `The provider credentials stored for ${shop} were encrypted with another key (key id ${keyId}; PROVIDER_CREDENTIALS_KEY is key id ${currentKeyId}` +
    `${oldKeys === "" ? "" : `, PROVIDER_CREDENTIALS_OLD_KEYS ${oldKeys}`}). Restore the key they were saved with (as an old key), or: ${reconnect}`,
  credentialsAltered: (shop: string) =>
    `The provider credentials stored for ${shop} have been altered or belong to another shop. ${reconnect}`,
  credentialsNotReadable: (shop: string) => `The provider credentials stored for ${shop} are not readable. ${reconnect}`,
  /** `fields`: the names of what is missing or wrong, joined by ", ". */
  credentialsIncomplete: (shop: string, fields: string) =>
    `The provider credentials stored for ${shop} are incomplete (${fields}). ${reconnect}`,
  /** `why`: what the address check said, in English. */
  providerAddressUnusable: (why: string) =>
    `The provider address in Settings > Provider connection cannot be used: ${why}. Correct it, then retry.`,
  /** No offline session for the shop: it uninstalled the app (or never installed it); installing again is the fix. */
  appNotInstalled: (shop: string) =>
    `The app is not installed on ${shop}: there is no access token to call Shopify with. Install the app again, then retry.`,
  /** A job told to wait (RetryLater): `until` is the time it runs again, as an ISO timestamp. */
  postponed: (until: string, why: string) => `Postponed until ${until}: ${why}`,
  /** The detail of the alert a stopped job raises: what the job did (its kind's name), then why. */
  jobStopped: (kind: string, why: string) => `${jobName(shipments.jobs, kind)}: ${why}`,
  /** A waiting job the uninstall stopped (shown after a reinstall, where Retry queues it again); `at` an ISO timestamp. */
  stoppedByUninstall: (shop: string, at: string) => `Stopped: the app was uninstalled from ${shop} on ${dayWritten(at, "en")}`,
  /** A job whose last attempt's worker vanished (a restart, a crash); `attempts` their number. */
  workerVanished: (attempts: string) =>
    `Gave up after ${attempts} ${plural(Number(attempts), "attempt", "attempts")}: the app's worker stopped responding while running the last (a restart or a crash). Retry it.`,
  /** `why`: Shopify's refusal as the app recorded it (its words quoted). */
  servicesRefused: (why: string) =>
    `Shopify refused to set up the warehouses as the app's fulfilment services (${why}). Correct what it names (a service of another app with the same name, a permission the app lacks), then retry.`,
  /** `why`: what the check said of the stored settings, in English. */
  settingsUnreadable: (shop: string, why: string) =>
    `The settings saved for ${shop} cannot be read (${why}). Check them in Settings and save them again, then retry; if they cannot be saved, ask the app's operator.`,
  /** A job of a kind this version does not know (queued by another version, or by hand): `kind` as the queue names it. */
  unknownKind: (kind: string) =>
    `No job kind is named "${kind}": no worker of this version can run it (queued by a newer or older version of the app, or by hand)`,
  /** A worker started without the handler of a kind it knows: an operator's mistake in how the app is run. */
  noHandler: (kind: string) =>
    `This worker has no handler for ${kind} jobs: ask the app's operator to run a worker of this version that has, then retry`,
  /** `why`: what does not fit, in English, as the check said it (a payload is the app's own record, not the merchant's words). */
  payloadUnreadable: (why: string) => `This version of the app cannot read what the job was queued with: ${why}`,
  /** A job whose payload names another shop than its own: not run, its writes being counted as its own shop's. `shop` "" for none. */
  payloadOfOtherShop: (named: string, shop: string) =>
    `The job names the shop ${named}, but it was queued for ${shop === "" ? "no shop" : shop}: it was not run, so that nothing is done to another shop's data`,
  /** A job whose every attempt failed: `attempts` their number, `why` the last failure as it was recorded. */
  gaveUp: (attempts: string, why: string) => `Gave up after ${attempts} ${plural(Number(attempts), "attempt", "attempts")}. ${why}`,
};
