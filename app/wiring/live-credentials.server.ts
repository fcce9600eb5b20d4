/**
 * The provider credentials a live-mode shop's jobs send with. None saved, or none this app can read,
 * and the job stops at once (a retry cannot help: a person must act), said as the sentence the
 * merchant reads in their language on the stopped jobs list and in the dead-job alert.
 */
import { PermanentFailure } from "~/jobs/handler";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import {
  readProviderCredentials,
  UnreadableProviderCredentials,
  type KeyOption,
  type ProviderCredentials,
} from "~/stores/shops/provider-credentials.server";

export async function liveCredentialsOf(db: DatabaseOrTransaction, shop: string, options: KeyOption = {}): Promise<ProviderCredentials> {
  try {
    const credentials = await readProviderCredentials(db, shop, options);
    if (credentials === null) throw new ProviderNotConnected(jobErrorSaid("providerNotConnected", shop));
    return credentials;
  } catch (error) {
    throw stoppedForConnection(error);
  }
}

/** A connection only a person can mend, as the job's permanent failure with its sentence; any other error as it is. */
export function stoppedForConnection(error: unknown): unknown {
  if (error instanceof ProviderNotConnected || error instanceof UnreadableProviderCredentials)
    return new PermanentFailure(error.said ?? error.message);
  return error;
}
