/**
 * The provider unreachable (network errors, 5xx) or refusing the shop's credentials (401/403) for
 * longer than a few minutes becomes one alert per outage; a call that goes through ends it. Told
 * by the provider client's observer of every call (app/wiring/pipeline-deps.server.ts).
 */
import type { ProviderErrorKind } from "~/fulfilment";
import { alertDetailSentences } from "~/lib/words/en/alert-details";
import { saidFrom } from "~/lib/words/reason-said";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { recordAlert } from "~/stores/alerts/alerts.server";
import { clearProviderOutage, noteProviderFailure, type OutageKind } from "~/stores/alerts/provider-outage.server";

/** An outage this long is told; a few failed calls in a row are not (the client retries them). */
export const OUTAGE_ALERT_AFTER_MS = 5 * 60_000;
/** A failure after this long without one begins a new outage. */
export const OUTAGE_QUIET_MS = 5 * 60_000;
/** Each process writes a shop's state at most this often: an outage makes many failed calls. */
const NOTE_EVERY_MS = 10_000;

/** What an alert of the provider's health says, kept by its key so a message says it in its channel's language. */
const detailSaid = saidFrom(alertDetailSentences);

const OUTAGE_OF: Partial<Record<ProviderErrorKind, OutageKind>> = { network: "UNREACHABLE", server: "UNREACHABLE", auth: "REFUSED" };

export interface ProviderCall {
  operation: string;
  outcome: "ok" | ProviderErrorKind;
}

/** Records what a call says of the provider's health; an alert once an outage has lasted. */
export async function noteProviderCall(db: DatabaseOrTransaction, shop: string, call: ProviderCall, now: Date): Promise<void> {
  if (call.outcome === "ok") return clearProviderOutage(db, shop);
  const kind = OUTAGE_OF[call.outcome];
  if (kind === undefined) return;
  const { since } = await noteProviderFailure(db, shop, { kind, message: `${call.operation}: ${call.outcome}` }, now, OUTAGE_QUIET_MS);
  if (now.getTime() - since.getTime() < OUTAGE_ALERT_AFTER_MS) return;
  const detail = detailSaid("providerFailing", since.toISOString(), call.operation, call.outcome);
  await recordAlert(
    db,
    {
      shop,
      key: `provider:${kind}:${since.getTime()}`,
      kind: kind === "REFUSED" ? "PROVIDER_REFUSED" : "PROVIDER_UNREACHABLE",
      path: "/app/settings/provider",
      detail: detail.message,
      detailSay: { group: "alertDetails", parts: [detail.say] },
    },
    now,
  );
}

/**
 * noteProviderCall for a process's every call, at most one write per shop and NOTE_EVERY_MS for
 * the same news (a change from working to failing, or back, is written at once).
 */
export function providerHealth(db: DatabaseOrTransaction, onError: (error: unknown) => void) {
  const last = new Map<string, { at: number; failing: boolean }>();
  return (shop: string, call: ProviderCall, now = new Date()): void => {
    const failing = call.outcome !== "ok";
    const before = last.get(shop);
    if (before !== undefined && before.failing === failing && now.getTime() - before.at < NOTE_EVERY_MS) return;
    last.set(shop, { at: now.getTime(), failing });
    noteProviderCall(db, shop, call, now).catch(onError);
  };
}
