/**
 * Key rotation's second half (docs/decisions/0014): after PROVIDER_CREDENTIALS_KEY is replaced and
 * the old key moved to PROVIDER_CREDENTIALS_OLD_KEYS, every secret at rest sealed with an old key
 * (or stored before sealing existed) is sealed again with the current one. Queued when a worker
 * starts; each page is its own compare-and-set, so a crash only means the next run goes on. Once
 * it reports nothing left, the old keys can be removed.
 */
import type { Logger } from "~/lib/log.server";
import { resealAlertChannels } from "~/stores/alerts/channels.server";
import type { Database, DatabaseOrTransaction } from "~/stores/database/database.server";
import type { KeyOption } from "~/stores/shops/envelope.server";
import { resealProviderCredentials, type ResealPage } from "~/stores/shops/provider-credentials.server";
import { resealSessions } from "~/stores/shops/session-storage.server";
import { enqueue } from "../queue/jobs.server";
import type { KindHandler } from "../queue/job-kinds";

const PAGE = 100;

export interface Resealed {
  providerCredentials: { moved: number; unreadable: number };
  sessions: { moved: number; unreadable: number };
  alertChannels: { moved: number; unreadable: number };
}

async function everyPage(
  reseal: (page: { after: string | null; limit: number }) => Promise<ResealPage>,
): Promise<{ moved: number; unreadable: number }> {
  const total = { moved: 0, unreadable: 0 };
  let after: string | null = null;
  do {
    const page: ResealPage = await reseal({ after, limit: PAGE });
    total.moved += page.moved;
    total.unreadable += page.unreadable;
    after = page.next;
  } while (after !== null);
  return total;
}

/** Seals every stored secret with the current key; what no configured key opens is counted and left. */
export async function resealEverything(db: DatabaseOrTransaction, options: KeyOption = {}): Promise<Resealed> {
  return {
    providerCredentials: await everyPage((page) => resealProviderCredentials(db, page, options)),
    sessions: await everyPage((page) => resealSessions(db, page, options)),
    alertChannels: await everyPage((page) => resealAlertChannels(db, page, options)),
  };
}

export function reportResealed(logger: Logger, resealed: Resealed): void {
  const unreadable = resealed.providerCredentials.unreadable + resealed.sessions.unreadable + resealed.alertChannels.unreadable;
  logger.info({ ...resealed }, "Secrets at rest sealed with the current key");
  if (unreadable > 0) {
    logger.warn(
      { unreadable },
      "Some secrets open with none of the configured keys: their shops reconnect (provider), are asked for a new token (Shopify) or save their alert channel again",
    );
  }
}

/** The job, on the app's keys unless given others (tests of rotation). */
export function reencryptionHandler(options: KeyOption = {}): KindHandler<"keys.reencrypt"> {
  return async (_payload, ctx) => reportResealed(ctx.logger, await resealEverything(ctx.db, options));
}

/** Queued by each worker as it starts (one at a time across workers): cheap when nothing is left to move. */
export async function queueReencryption(db: Database): Promise<void> {
  await enqueue(db, { kind: "keys.reencrypt", payload: {}, dedupeKey: "keys.reencrypt" });
}
